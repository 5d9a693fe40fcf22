package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.anySource;
import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.procNull;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.hash.Hasher;
import com.google.common.hash.Hashing;
import dev.matchpoint.core.explore.ExplorationReport;
import dev.matchpoint.core.explore.ExploreOptions;
import dev.matchpoint.core.explore.Explorer;
import dev.matchpoint.core.explore.ProgressListener;
import dev.matchpoint.core.explore.Strategy;
import dev.matchpoint.core.sched.FifoScheduler;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.ErrorClass;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.check.Checks;
import dev.matchpoint.mpi.explore.MpiTransitionSystem;
import dev.matchpoint.mpi.program.Cond;
import dev.matchpoint.mpi.program.Expr;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.program.ProgramBuilder;
import dev.matchpoint.mpi.program.SourceLocation;
import dev.matchpoint.mpi.program.Stmt;
import dev.matchpoint.mpi.run.Outcome;
import dev.matchpoint.mpi.run.RunOptions;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.run.Runner;
import dev.matchpoint.mpi.trace.TraceEvent;
import dev.matchpoint.mpi.trace.TraceSink;
import java.util.List;
import java.util.Set;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The type matching rule between a send and its receive (MPI-3.1 §3.3.1, §4.1.11), on every receive path. */
class TypeMatchingTest {
  private static final String RULE = Protocols.TYPE_MISMATCH;
  private static final String PHASE_TWO = "The types of a send and receive match (phase two) if both operations use "
      + "identical names.";

  private static RunResult run(ModelSpec spec) {
    return Runner.timed(spec, 1, FifoScheduler.INSTANCE, RunOptions.keepingTrace(CheckKind.all()));
  }

  private static RunResult transfer(int sendCount, Datatype sendType, int recvCount, Datatype recvType) {
    return run(ModelSpec.builder().rank(program().send(lit(1), lit(0), lit(sendCount), sendType).build())
        .rank(program().recv(lit(0), lit(0), lit(recvCount), recvType, "st").build()).build());
  }

  private static boolean mismatch(RunResult r) {
    return r.problems().stream().anyMatch(p -> p.contains(RULE));
  }

  private static Stmt at(int line, MpiOp op) {
    return new Stmt.Call(op, new SourceLocation("types.yaml", line, 9));
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.3.1", text = PHASE_TWO)
  @SpecClause(source = "MPI-3.1 §3.3.1", text = "the type specified by the send operation has to match the type "
      + "specified by the receive operation; [...] A program that fails to observe these three rules is erroneous.")
  void floatSent_intReceived_isErroneous_namingTheSendAndTheReceive_mpi31Section331() {
    // One MPI_FLOAT and one MPI_INT are both 4 bytes: the byte counts agree, the types do not.
    ModelSpec spec = ModelSpec.builder()
        .rank(new Program(List.of(at(5, new MpiOp.Send(SendMode.STANDARD, lit(1), lit(0), lit(1), Datatype.FLOAT,
            MpiOp.WORLD)))))
        .rank(new Program(List.of(at(8, new MpiOp.Recv(lit(0), lit(0), lit(1), Datatype.INT, MpiOp.WORLD, "st")))))
        .build();
    RunResult r = run(spec);
    assertEquals(Outcome.ERRONEOUS, r.outcome());
    assertEquals(List.of("erroneous: " + RULE + " at r1.t0"), r.problems());
    TraceEvent.ErroneousUse e = r.trace().of(TraceEvent.ErroneousUse.class).get(0);
    assertEquals(new SourceLocation("types.yaml", 8, 9), e.at(), "reported at the receive");
    assertEquals("message 0#0 of 1 MPI_FLOAT sent at types.yaml:5:9 is received as MPI_INT at types.yaml:8:9",
        e.detail(), "the detail names the message, both types and both statements");
    assertTrue(r.trace().of(TraceEvent.ErrorRaised.class).isEmpty(), "no error class: the program is erroneous");
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.3.1", text = "This code is erroneous, since sender and receiver do not provide "
      + "matching datatype arguments.")
  @SpecClause(source = "MPI-3.1 §3.3.1", text = "Communication of untyped values (e.g., of datatype MPI_BYTE), where "
      + "both sender and receiver use the datatype MPI_BYTE.")
  void mpiByte_matchesOnlyMpiByte_mpi31Section331() {
    // Example 3.2: MPI_SEND(a, 10, MPI_REAL) received by MPI_RECV(b, 40, MPI_BYTE) is erroneous. MPI_BYTE
    // matches "any byte of storage" in memory, not any datatype of the other side.
    assertTrue(mismatch(transfer(10, Datatype.REAL, 40, Datatype.BYTE)));
    assertTrue(mismatch(transfer(4, Datatype.BYTE, 1, Datatype.INT)));
    // Example 3.3: 40 MPI_BYTE sent, up to 60 MPI_BYTE received, is correct.
    RunResult untyped = transfer(40, Datatype.BYTE, 60, Datatype.BYTE);
    assertEquals(Outcome.OK, untyped.outcome(), untyped.problems().toString());
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.3.1", text = "the type MPI_PACKED can match any other type.")
  void mpiPacked_matchesAnyType_onEitherSide_mpi31Section331() {
    for (RunResult r : List.of(transfer(2, Datatype.INT, 8, Datatype.PACKED), transfer(8, Datatype.PACKED, 1,
        Datatype.DOUBLE), transfer(3, Datatype.PACKED, 3, Datatype.PACKED))) {
      assertEquals(Outcome.OK, r.outcome(), r.problems().toString());
    }
    assertTrue(mismatch(transfer(1, Datatype.INTEGER, 1, Datatype.INT)), "MPI_INTEGER is not MPI_INT");
  }

  @Test
  @SpecClause(source = "MPI-3.1 §4.1.11", text = "If the incoming message consists of k elements, then we must have "
      + "k ≤ n · count; the i · n + j-th element of the message should have a type that matches type_j.")
  void signature_isComparedElementByElement_countsMayDiffer_mpi31Section4111() {
    RunResult longerBuffer = transfer(10, Datatype.REAL, 15, Datatype.REAL);
    assertEquals(Outcome.OK, longerBuffer.outcome(), longerBuffer.problems().toString());
    // A longer message is truncation, an error class, not a type mismatch.
    RunResult truncated = transfer(4, Datatype.FLOAT, 2, Datatype.FLOAT);
    assertEquals(List.of(ErrorClass.MPI_ERR_TRUNCATE), truncated.trace().of(TraceEvent.ErrorRaised.class).stream()
        .map(TraceEvent.ErrorRaised::error).toList());
    assertTrue(!mismatch(truncated), truncated.problems().toString());
    // A message of no elements has no element to mismatch.
    RunResult empty = transfer(0, Datatype.FLOAT, 1, Datatype.INT);
    assertEquals(Outcome.OK, empty.outcome(), empty.problems().toString());
    assertTrue(mismatch(transfer(1, Datatype.FLOAT, 3, Datatype.INT)));
  }

  /** One communication by the named path, the receive on rank 1 (thread 0) with {@code recvType}. */
  private static ModelSpec path(String name, Datatype sendType, Datatype recvType) {
    ProgramBuilder s = program();
    ProgramBuilder r = program();
    MpiOp wait = new MpiOp.Compute(lit(10_000));
    switch (name) {
      case "recv-posted-first" -> {
        s.call(wait).send(lit(1), lit(0), lit(1), sendType);
        r.recv(lit(0), lit(0), lit(1), recvType, null);
      }
      case "recv-unexpected" -> {
        s.send(lit(1), lit(0), lit(1), sendType);
        r.call(wait).recv(anySource(), lit(0), lit(1), recvType, null);
      }
      case "irecv-rendezvous" -> {
        s.send(SendMode.SYNCHRONOUS, lit(1), lit(0), lit(2_000), sendType);
        r.irecv(lit(0), lit(0), lit(2_000), recvType, "q").waitFor("q", null);
      }
      case "bsend" -> {
        s.call(new MpiOp.BufferAttach(lit(1_000))).send(SendMode.BUFFERED, lit(1), lit(0), lit(1), sendType)
            .call(new MpiOp.BufferDetach());
        r.recv(lit(0), lit(0), lit(1), recvType, null);
      }
      case "persistent-start" -> {
        s.call(new MpiOp.SendInit(SendMode.STANDARD, lit(1), lit(0), lit(1), sendType, MpiOp.WORLD, "p"))
            .call(new MpiOp.Start(List.of("p"), false)).waitFor("p", null);
        r.call(new MpiOp.RecvInit(lit(0), lit(0), lit(1), recvType, MpiOp.WORLD, "p"))
            .call(new MpiOp.Start(List.of("p"), false)).waitFor("p", null);
      }
      case "sendrecv" -> {
        s.call(new MpiOp.Sendrecv(lit(1), lit(0), lit(1), sendType, lit(1), lit(0), lit(1), Datatype.INT, MpiOp.WORLD,
            null));
        r.call(new MpiOp.Sendrecv(lit(0), lit(0), lit(1), Datatype.INT, lit(0), lit(0), lit(1), recvType, MpiOp.WORLD,
            null));
      }
      case "mprobe-mrecv" -> {
        s.send(lit(1), lit(0), lit(1), sendType);
        r.mprobe(lit(0), lit(0), "m", null).mrecv("m", lit(1), recvType, null);
      }
      case "improbe-imrecv" -> {
        s.send(lit(1), lit(0), lit(1), sendType);
        r.call(wait).improbe(lit(0), lit(0), "f", "m", null).imrecv("m", lit(1), recvType, "q").waitFor("q", null);
      }
      case "channel" -> {
        s.call(new MpiOp.SendInit(SendMode.STANDARD, lit(1), lit(0), lit(1), sendType, MpiOp.WORLD, "p"))
            .call(new MpiOp.BindChannel(List.of("p"), List.of("ch"), List.of(1), false, false))
            .recv(lit(1), lit(9), lit(0), Datatype.INT, null).call(new MpiOp.Start(List.of("ch"), false))
            .waitFor("ch", null);
        r.call(new MpiOp.RecvInit(lit(0), lit(0), lit(1), recvType, MpiOp.WORLD, "p"))
            .call(new MpiOp.BindChannel(List.of("p"), List.of("ch"), List.of(1), false, false))
            .call(new MpiOp.Start(List.of("ch"), false)).send(lit(0), lit(9), lit(0), Datatype.INT)
            .waitFor("ch", null);
      }
      default -> throw new IllegalArgumentException(name);
    }
    return ModelSpec.builder().rank(s.build()).rank(r.build()).build();
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"recv-posted-first", "recv-unexpected", "irecv-rendezvous", "bsend", "persistent-start",
      "sendrecv", "mprobe-mrecv", "improbe-imrecv", "channel"})
  @SpecClause(source = "MPI-3.1 §3.3.1", text = PHASE_TWO)
  void everyReceivePath_judgesTheTypes_mpi31Section331(String name) {
    RunResult same = run(path(name, Datatype.DOUBLE, Datatype.DOUBLE));
    assertEquals(Outcome.OK, same.outcome(), same.problems() + "\n" + same.trace().toText());
    RunResult differ = run(path(name, Datatype.DOUBLE, Datatype.LONG));
    assertEquals(List.of("erroneous: " + RULE + " at r1.t0"), differ.problems(), differ.trace().toText());
  }

  /** The message's and the request's datatypes are model state: the fingerprint must tell them apart. */
  private static long fingerprintAfter(Datatype sendType, Datatype recvType, int steps) {
    ModelSpec spec = ModelSpec.builder().rank(program().send(lit(1), lit(0), lit(1), sendType).build())
        .rank(program().irecv(lit(0), lit(1), lit(1), recvType, "q").build()).build();
    World w = World.logical(spec, TraceSink.NONE, new Checks(List.of()), false);
    for (int i = 0; i < steps; i++) {
      w.execute(w.enabled().get(0));
    }
    Hasher h = Hashing.murmur3_128().newHasher();
    w.hashInto(h);
    return h.hash().asLong();
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.3.1", text = PHASE_TWO)
  void datatypes_ofMessagesAndRequests_areInTheStateFingerprint_mpi31Section331() {
    // Step 1: rank 0's send puts the message on the wire; then rank 1 posts its receive (another tag).
    assertNotEquals(fingerprintAfter(Datatype.FLOAT, Datatype.INT, 1), fingerprintAfter(Datatype.INT, Datatype.INT,
        1), "a message of 1 MPI_FLOAT is not one of 1 MPI_INT");
    assertNotEquals(fingerprintAfter(Datatype.INT, Datatype.FLOAT, 2), fingerprintAfter(Datatype.INT, Datatype.INT,
        2), "a receive of 1 MPI_FLOAT is not one of 1 MPI_INT");
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.3.1", text = PHASE_TWO)
  void statefulSearch_keepsStatesThatDifferOnlyInADatatype_apart_mpi31Section331() {
    // Rank 2 probes any source; it forwards a float to rank 3 when the probe saw rank 0's message and an int
    // otherwise, then receives both messages in a fixed order and overwrites its status, so that both branches
    // reach the same variables and receipts. The two states then differ only in the forwarded message's
    // datatype, and rank 3's receive of an int is erroneous in one of them only.
    Program forwarder = program().probe(anySource(), lit(0), "st")
        .ifElse(new Cond.Compare(new Expr.Status("st", Expr.StatusField.SOURCE), Cond.CmpOp.EQ, lit(0)),
            then -> then.send(lit(3), lit(1), lit(1), Datatype.FLOAT),
            orElse -> orElse.send(lit(3), lit(1), lit(1), Datatype.INT))
        .recv(lit(0), lit(0), lit(0), Datatype.INT, null).recv(lit(1), lit(0), lit(0), Datatype.INT, null)
        .probe(procNull(), lit(0), "st").build();
    ModelSpec spec = ModelSpec.builder()
        .rank(program().send(lit(2), lit(0), lit(0), Datatype.INT).build())
        .rank(program().send(lit(2), lit(0), lit(0), Datatype.INT).build())
        .rank(forwarder)
        .rank(program().recv(lit(2), lit(1), lit(1), Datatype.INT, null).build()).build();
    MpiTransitionSystem ts = new MpiTransitionSystem(spec, List.of(), true);
    ExplorationReport naive = Explorer.explore(ts, ExploreOptions.of(Strategy.NAIVE), ProgressListener.NONE);
    ExplorationReport stateful = Explorer.explore(ts, ExploreOptions.of(Strategy.EXHAUSTIVE), ProgressListener.NONE);
    assertTrue(naive.exhaustive() && stateful.exhaustive());
    Set<String> classes = naive.outcomes().keySet();
    assertTrue(classes.stream().anyMatch(c -> c.startsWith("ok")) && classes.stream().anyMatch(c -> c.contains(RULE)),
        classes.toString());
    assertEquals(classes, stateful.outcomes().keySet());
  }
}
