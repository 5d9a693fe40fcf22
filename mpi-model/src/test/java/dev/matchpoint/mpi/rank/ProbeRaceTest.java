package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.anySource;
import static dev.matchpoint.mpi.program.ProgramBuilder.count;
import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static dev.matchpoint.mpi.program.ProgramBuilder.source;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.testing.Exhaustive;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Seed 000 §1: "a message could be found by the MPI_Probe in both threads, while only one of the
 * threads could successfully receive the message (the other will block)"; and its fix: "this code
 * can be executed in multiple threads concurrently" with MPI_Mprobe and MPI_Mrecv. Every schedule
 * is enumerated.
 */
class ProbeRaceTest {
  private static final Program SENDER = program().send(lit(2), lit(0), lit(1), Datatype.INT).build();
  private static final Program PROBE_RECV = program()
      .probe(anySource(), lit(0), "st")
      .recv(source("st"), lit(0), count("st", Datatype.INT), Datatype.INT, null)
      .build();
  private static final Program MPROBE_MRECV = program()
      .mprobe(anySource(), lit(0), "msg", "st")
      .mrecv("msg", count("st", Datatype.INT), Datatype.INT, null)
      .build();

  private static ModelSpec spec(int threads, Program receiver) {
    ModelSpec.Builder b = ModelSpec.builder();
    for (int s = 0; s < threads; s++) {
      b.rank(program().send(lit(threads), lit(0), lit(1 + s), Datatype.INT).build());
    }
    return b.rank(threads, receiver).build();
  }

  @ParameterizedTest(name = "{0} threads")
  @ValueSource(ints = {2, 3})
  @SpecClause(source = "seed 000 §1", text = "a message could be found by the MPI_Probe in both threads, while only "
      + "one of the threads could successfully receive the message (the other will block)")
  void probeThenRecv_withSeveralThreads_someScheduleBlocksAThreadForever_seed000(int threads) {
    Map<Exhaustive.End, Long> ends = Exhaustive.ends(spec(threads, PROBE_RECV),
        CheckKind.PROBE_THEN_RECEIVE_SAME_MESSAGE, CheckKind.NO_DEADLOCK);
    assertTrue(ends.keySet().stream().anyMatch(e -> e.deadlocked()
        && e.violations().stream().anyMatch(v -> v.startsWith("probe-then-receive-same-message"))), ends.toString());
    assertTrue(ends.keySet().stream().anyMatch(e -> !e.violated()), "and some schedule is fine: " + ends);
  }

  @ParameterizedTest(name = "{0} threads")
  @ValueSource(ints = {2, 3})
  @SpecClause(source = "seed 000 §1", text = "Note that this code can be concurrently executed in several threads, "
      + "each of which will receive different messages.")
  void mprobeThenMrecv_withSeveralThreads_neverFails_seed000(int threads) {
    Map<Exhaustive.End, Long> ends = Exhaustive.ends(spec(threads, MPROBE_MRECV), CheckKind.values());
    for (Exhaustive.End e : ends.keySet()) {
      assertFalse(e.violated(), e.toString());
      assertFalse(e.deadlocked(), e.toString());
      // every thread received exactly one message, and all messages were received
      assertEquals(threads, e.receipts().split(" ").length, e.receipts());
    }
    // Every assignment of the messages to the threads is reachable: threads! distinct receipts.
    assertEquals(threads == 2 ? 2 : 6, ends.size(), ends.toString());
  }

  @ParameterizedTest(name = "{0} threads")
  @ValueSource(ints = {2})
  @SpecClause(source = "MPI-2.2 §3.8 (seed 001)", text = "If the receiving process is multi-threaded, it is the "
      + "user's responsibility to ensure that the last condition holds.")
  void probeThenRecv_withOneSenderOfTwoMessages_canReceiveTheWrongMessage_seed001(int threads) {
    // With two messages from the same source, the losing thread's receive takes the other message.
    Program sender = program().send(lit(1), lit(0), lit(1), Datatype.INT).send(lit(1), lit(0), lit(2), Datatype.INT)
        .build();
    ModelSpec spec = ModelSpec.builder().rank(sender).rank(threads, PROBE_RECV).build();
    Map<Exhaustive.End, Long> ends = Exhaustive.ends(spec, CheckKind.PROBE_THEN_RECEIVE_SAME_MESSAGE);
    assertTrue(ends.keySet().stream().anyMatch(e -> e.violations().stream().anyMatch(v -> v.contains("instead"))),
        ends.toString());
  }
}
