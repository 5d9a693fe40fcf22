package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.sched.FifoScheduler;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.ErrorClass;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.check.Checks;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.PartitionCalls;
import dev.matchpoint.mpi.program.PartitionCalls.ReadyForm;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.program.ProgramBuilder;
import dev.matchpoint.mpi.run.Outcome;
import dev.matchpoint.mpi.run.RunOptions;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.run.Runner;
import dev.matchpoint.mpi.testing.Exhaustive;
import dev.matchpoint.mpi.trace.TraceEvent;
import dev.matchpoint.mpi.trace.TraceSink;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** Partitioned point-to-point communication (MPI-4.0 chapter 4). */
class PartitionedTest {
  private static final String INIT = "MPI-4.0 §4.2.1";
  private static final String COMPLETION = "MPI-4.0 §4.2.2";
  private static final String SEMANTICS = "MPI-4.0 §4.2.3";

  private static MpiOp psend(int dest, int tag, int partitions, int count, String request) {
    return new PartitionCalls.PsendInit(lit(dest), lit(tag), lit(partitions), lit(count), Datatype.INT, MpiOp.WORLD,
        request);
  }

  private static MpiOp precv(int source, int tag, int partitions, int count, String request) {
    return new PartitionCalls.PrecvInit(lit(source), lit(tag), lit(partitions), lit(count), Datatype.INT,
        MpiOp.WORLD, request);
  }

  private static MpiOp start(String request) {
    return new MpiOp.Start(List.of(request), false);
  }

  private static MpiOp pready(String request, int... partitions) {
    List<dev.matchpoint.mpi.program.Expr> parts = new ArrayList<>();
    for (int p : partitions) {
      parts.add(lit(p));
    }
    return new PartitionCalls.Pready(partitions.length == 1 ? ReadyForm.ONE : ReadyForm.LIST, parts, request);
  }

  private static MpiOp parrived(String request, int partition, String flag) {
    return new PartitionCalls.Parrived(request, lit(partition), flag);
  }

  private static ProgramBuilder sender(int partitions, int count) {
    ProgramBuilder b = program().call(psend(1, 0, partitions, count, "p")).call(start("p"));
    for (int k = 0; k < partitions; k++) {
      b.call(pready("p", k));
    }
    return b.waitFor("p", null);
  }

  private static ProgramBuilder receiver(int partitions, int count) {
    return program().call(precv(0, 0, partitions, count, "p")).call(start("p")).waitFor("p", null);
  }

  private static RunResult run(Program... ranks) {
    ModelSpec.Builder b = ModelSpec.builder();
    for (Program p : ranks) {
      b.rank(p);
    }
    return Runner.timed(b.build(), 1, FifoScheduler.INSTANCE, RunOptions.keepingTrace(CheckKind.all()));
  }

  private static List<String> rules(RunResult r) {
    return r.trace().of(TraceEvent.ErroneousUse.class).stream().map(TraceEvent.ErroneousUse::rule).toList();
  }

  private static ModelSpec spec(Program... ranks) {
    ModelSpec.Builder b = ModelSpec.builder();
    for (Program p : ranks) {
      b.rank(p);
    }
    return b.build();
  }

  /** Every final state of a naive enumeration: the flags {@code flags} of rank 1's thread 0, in order. */
  private static Set<List<Boolean>> finalFlags(ModelSpec spec, String... flags) {
    Set<List<Boolean>> out = new java.util.HashSet<>();
    List<World> stack = new ArrayList<>();
    stack.add(World.logical(spec, TraceSink.NONE, new Checks(List.of()), false));
    while (!stack.isEmpty()) {
      World w = stack.remove(stack.size() - 1);
      List<Action> enabled = w.enabled();
      if (enabled.isEmpty()) {
        List<Boolean> values = new ArrayList<>();
        for (String f : flags) {
          values.add(Vars.flagValue(w.ranks[1].threads[0], f) == 1);
        }
        out.add(values);
      }
      for (Action a : enabled) {
        World next = w.copy();
        next.execute(a);
        stack.add(next);
      }
    }
    return out;
  }

  @Test
  @SpecClause(source = INIT, text = "After the partitioned communication operation is started, individual partitions "
      + "of a message are indicated as ready to be sent by MPI via the MPI_PREADY function")
  @SpecClause(source = COMPLETION, text = "The MPI_PARRIVED function can be used to determine if the message data for "
      + "the indicated partition has been received into the receive buffer.")
  void partitionsMarkedReadyInOrder_mayArriveInEitherOrder_andParrivedSeesEach() {
    // Rank 0 marks partition 0 ready, then partition 1; rank 1 asks about partition 1, then 0.
    ModelSpec spec = spec(sender(2, 4).build(), program().call(precv(0, 0, 2, 4, "p")).call(start("p"))
        .call(parrived("p", 1, "second")).call(parrived("p", 0, "first")).waitFor("p", null).build());
    Set<List<Boolean>> seen = finalFlags(spec, "second", "first");
    // Partition 1 seen before partition 0 has arrived: the two PDATA packets of one link overtake.
    assertTrue(seen.contains(List.of(true, false)), seen::toString);
    assertTrue(seen.contains(List.of(false, true)), seen::toString);
    assertTrue(seen.contains(List.of(true, true)), seen::toString);
    assertTrue(seen.contains(List.of(false, false)), seen::toString);
    Map<Exhaustive.End, Long> ends = Exhaustive.ends(spec, CheckKind.values());
    assertTrue(ends.keySet().stream().noneMatch(e -> e.violated() || e.deadlocked()), ends::toString);
  }

  @Test
  @SpecClause(source = COMPLETION, text = "The completion of a partitioned receive operation through MPI_WAIT or "
      + "MPI_TEST indicates that the receive buffer contains all of the partitions.")
  @SpecClause(source = SEMANTICS, text = "Once a partitioned send operation is started, each partition must be marked "
      + "as ready using MPI_PREADY and the operation must be completed using a completion function, such as "
      + "MPI_TEST or MPI_WAIT.")
  void waitReturns_onlyOnceEveryPartitionIsReadyAndArrived() {
    RunResult ok = run(sender(3, 8).build(), receiver(3, 8).build());
    assertEquals(Outcome.OK, ok.outcome(), ok.problems()::toString);
    assertEquals(3L, ok.packetCounts().get(Partitions.PDATA));
    // Partition 2 never marked ready: neither Wait returns.
    RunResult stuck = run(program().call(psend(1, 0, 3, 8, "p")).call(start("p")).call(pready("p", 0, 1))
        .waitFor("p", null).build(), receiver(3, 8).build());
    assertEquals(Outcome.DEADLOCK, stuck.outcome());
    assertTrue(stuck.report().toText().contains("2 of 3 partition(s) marked ready"), stuck.report()::toText);
  }

  @Test
  @SpecClause(source = INIT, text = "For send-side operations, neither initializing nor starting the operation "
      + "enables transfer of any part of the user buffer.")
  @SpecClause(source = INIT, text = "After the partitioned communication operation is started, individual partitions "
      + "of a message are indicated as ready to be sent by MPI via the MPI_PREADY function")
  void preadyOnARequestNotStarted_isErroneous_atThatStatement() {
    RunResult r = run(program().call(psend(1, 0, 1, 8, "p")).call(pready("p", 0)).build(),
        program().call(precv(0, 0, 1, 8, "p")).build());
    assertEquals(List.of(Partitions.PREADY_INACTIVE), rules(r));
    assertEquals(0L, r.packetCounts().getOrDefault(Partitions.PDATA, 0L));
  }

  @Test
  @SpecClause(source = SEMANTICS, text = "Once a partitioned send operation is started, each partition must be marked "
      + "as ready using MPI_PREADY")
  void aPartitionMarkedReadyTwiceInOneEpoch_isErroneous_andSentOnce() {
    RunResult r = run(program().call(psend(1, 0, 2, 8, "p")).call(start("p")).call(pready("p", 0, 1))
        .call(pready("p", 1)).waitFor("p", null).build(), receiver(2, 8).build());
    assertEquals(List.of(Partitions.PREADY_TWICE), rules(r));
    assertEquals(2L, r.packetCounts().get(Partitions.PDATA));
    // A new epoch starts with no partition ready: marking each once more is correct.
    RunResult again = run(sender(2, 8).call(start("p")).call(pready("p", 1, 0)).waitFor("p", null).build(),
        receiver(2, 8).call(start("p")).waitFor("p", null).build());
    assertEquals(Outcome.OK, again.outcome(), again.problems()::toString);
  }

  @Test
  @SpecClause(source = INIT, text = "Freeing or canceling a partitioned communication request that is active (i.e., "
      + "initialized and started) and not completed is erroneous.")
  void freeingOrCancellingAnActiveIncompleteRequest_isErroneous() {
    RunResult freed = run(program().call(psend(1, 0, 2, 8, "p")).call(start("p")).call(pready("p", 0))
        .call(new MpiOp.RequestFree("p")).build(), receiver(2, 8).build());
    assertTrue(rules(freed).contains(Partitions.FREE_ACTIVE), freed.problems()::toString);
    RunResult cancelled = run(sender(1, 8).build(), program().call(precv(0, 0, 1, 8, "p")).call(start("p"))
        .call(new MpiOp.Cancel("p")).waitFor("p", null).build());
    assertTrue(rules(cancelled).contains(Partitions.FREE_ACTIVE), cancelled.problems()::toString);
    // Freed once complete and inactive: fine.
    RunResult ok = run(sender(1, 8).call(new MpiOp.RequestFree("p")).build(),
        receiver(1, 8).call(new MpiOp.RequestFree("p")).build());
    assertEquals(Outcome.OK, ok.outcome(), ok.problems()::toString);
  }

  @Test
  @SpecClause(source = SEMANTICS, text = "The argument partitions specifies how many equal partitions of a number "
      + "(count) of objects of datatypes make up the entire buffer to be transferred in the partitioned "
      + "communication.")
  void sidesMayPartitionDifferently_butTheBuffersMustHoldTheSameBytes() {
    // 4 partitions of 2 ints sent, 2 partitions of 4 ints received: receive partition 0 is send 0 and 1.
    ModelSpec spec = spec(sender(4, 2).build(), program().call(precv(0, 0, 2, 4, "p")).call(start("p"))
        .call(parrived("p", 0, "first")).waitFor("p", null).build());
    Map<Exhaustive.End, Long> ends = Exhaustive.ends(spec, CheckKind.values());
    assertTrue(ends.keySet().stream().noneMatch(e -> e.violated() || e.deadlocked()), ends::toString);
    RunResult mismatch = run(sender(4, 2).build(), receiver(2, 2).build());
    assertEquals(List.of(Partitions.SIZE_MISMATCH), rules(mismatch));
  }

  @Test
  @SpecClause(source = INIT, text = "In the event that the communicator, tag, and source do not uniquely identify a "
      + "message, the order in which partitioned communication initialization calls are made is the order in which "
      + "they will eventually match.")
  void twoPartitionedSendsWithOneEnvelope_matchTheReceivesInInitialisationOrder() {
    // Sizes tell the matches apart: 1 partition of 8 ints, then 2 of 8. Started in the reverse order.
    Program sends = program().call(psend(1, 0, 1, 8, "a")).call(psend(1, 0, 2, 8, "b")).call(start("b"))
        .call(start("a")).call(pready("b", 0, 1)).call(pready("a", 0)).waitFor("b", null).waitFor("a", null).build();
    Program inOrder = program().call(precv(0, 0, 1, 8, "x")).call(precv(0, 0, 2, 8, "y")).call(start("y"))
        .call(start("x")).waitFor("x", null).waitFor("y", null).build();
    Program swapped = program().call(precv(0, 0, 2, 8, "y")).call(precv(0, 0, 1, 8, "x")).call(start("y"))
        .call(start("x")).waitFor("x", null).waitFor("y", null).build();
    Map<Exhaustive.End, Long> ok = Exhaustive.ends(spec(sends, inOrder), CheckKind.values());
    assertTrue(ok.keySet().stream().noneMatch(e -> e.violated() || e.deadlocked() || !e.problems().isEmpty()),
        ok::toString);
    RunResult bad = run(sends, swapped);
    assertEquals(List.of(Partitions.SIZE_MISMATCH, Partitions.SIZE_MISMATCH), rules(bad));
  }

  @Test
  @SpecClause(source = INIT, text = "This operation can only match with partitioned communication initialization "
      + "operations, therefore it is required to be matched with a corresponding MPI_PRECV_INIT call.")
  void aPartitionedSend_neverMatchesAnOrdinaryReceive() {
    RunResult r = run(sender(1, 8).build(), program().recv(lit(0), lit(0), lit(8), Datatype.INT, null).build());
    assertEquals(Outcome.DEADLOCK, r.outcome());
  }

  @Test
  @SpecClause(source = COMPLETION, text = "The completion of a partitioned send operation indicates that the sender "
      + "is now free to call MPI_START/MPI_STARTALL to restart the operation and subsequently MPI_PREADY, "
      + "MPI_PREADY_RANGE or MPI_PREADY_LIST.")
  void restartedEpochs_eachCompleteWithTheirOwnPartitions_evenWhenTheReceiverStartsLate() {
    // The sender runs two epochs before the receiver starts any: the partitions wait at rank 1.
    ProgramBuilder s = sender(2, 4).call(start("p")).call(new PartitionCalls.Pready(ReadyForm.RANGE,
        List.of(lit(0), lit(1)), "p")).waitFor("p", null);
    ProgramBuilder r = program().call(precv(0, 0, 2, 4, "p")).call(parrived("p", 0, "before"))
        .call(start("p")).waitFor("p", null).call(start("p")).waitFor("p", null).call(parrived("p", 1, "after"));
    Map<Exhaustive.End, Long> ends = Exhaustive.ends(spec(s.build(), r.build()), CheckKind.values());
    assertTrue(ends.keySet().stream().noneMatch(e -> e.violated() || e.deadlocked() || !e.problems().isEmpty()),
        ends::toString);
    RunResult run = run(s.build(), r.build());
    assertEquals(Outcome.OK, run.outcome(), run.problems()::toString);
    assertEquals(4L, run.packetCounts().get(Partitions.PDATA));
  }

  @Test
  @SpecClause(source = "MPI-4.1 §4.2.2", text = "MPI_PARRIVED may be called with a null or inactive request")
  void parrivedOnAnInactiveRequest_setsTheFlag_andOnASendRequestIsAnError() {
    RunResult r = run(program().call(psend(1, 0, 1, 8, "s")).call(parrived("s", 0, "f")).build(),
        program().call(precv(0, 0, 1, 8, "p")).call(parrived("p", 0, "f")).build());
    List<String> errors = r.trace().of(TraceEvent.ErrorRaised.class).stream()
        .map(e -> e.rank() + " " + e.call() + " " + e.error()).toList();
    assertEquals(List.of("0 MPI_Parrived " + ErrorClass.MPI_ERR_REQUEST), errors);
    assertTrue(rules(r).isEmpty(), r.problems()::toString);
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.3.1", text = "the type specified by the send operation has to match the type "
      + "specified by the receive operation")
  void partitionedSendAndReceive_followTheTypeMatchingRule() {
    Program recvDouble = program().call(new PartitionCalls.PrecvInit(lit(0), lit(0), lit(1), lit(4), Datatype.FLOAT,
        MpiOp.WORLD, "p")).call(start("p")).waitFor("p", null).build();
    RunResult r = run(sender(1, 4).build(), recvDouble);
    assertEquals(List.of(Protocols.TYPE_MISMATCH), rules(r));
    assertEquals(new TreeSet<>(List.of()), new TreeSet<>(rules(run(sender(1, 4).build(), receiver(1, 4).build()))));
  }
  @Test
  @SpecClause(source = "MPI-3.1 §8.4", text = "MPI_ERR_ARG Invalid argument of some other kind")
  void aPartitionOutOfRange_orAnEmptyRange_isMpiErrArg_andSendsNothing() {
    RunResult r = run(program().call(psend(1, 0, 2, 8, "p")).call(start("p")).call(pready("p", 2))
        .call(new PartitionCalls.Pready(ReadyForm.RANGE, List.of(lit(1), lit(0)), "p")).build(),
        program().call(precv(0, 0, 2, 8, "p")).call(start("p")).call(parrived("p", 5, "f")).build());
    List<String> errors = r.trace().of(TraceEvent.ErrorRaised.class).stream()
        .map(e -> e.rank() + " " + e.call() + " " + e.error()).toList();
    assertEquals(List.of("0 MPI_Pready MPI_ERR_ARG", "0 MPI_Pready_range MPI_ERR_ARG", "1 MPI_Parrived MPI_ERR_ARG"),
        errors.stream().sorted().toList());
    assertEquals(0L, r.packetCounts().getOrDefault(Partitions.PDATA, 0L));
  }
  @Test
  @SpecClause(source = "MPI-3.1 §8.7", text = "if the process is the target of a send, then it must post the "
      + "matching receive")
  void partitionsNoReceiveEverTook_areWorkOutstandingAtFinalize() {
    RunResult r = run(sender(2, 4).call(new MpiOp.RequestFree("p")).build(), program().build());
    assertTrue(r.violations().stream().anyMatch(v -> v.message().contains("partition 1 (epoch 0) of partitioned "
        + "send r0.t0#0") && v.message().contains("never received by rank 1")), r.violations()::toString);
  }
}
