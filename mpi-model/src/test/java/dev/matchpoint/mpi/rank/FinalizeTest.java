package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.explore.ExplorationReport;
import dev.matchpoint.core.explore.ExploreOptions;
import dev.matchpoint.core.explore.Explorer;
import dev.matchpoint.core.explore.ProgressListener;
import dev.matchpoint.core.explore.Strategy;
import dev.matchpoint.core.sched.FifoScheduler;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.check.CompleteBeforeFinalize;
import dev.matchpoint.mpi.check.Violation;
import dev.matchpoint.mpi.explore.MpiTransitionSystem;
import dev.matchpoint.mpi.program.Cond;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.program.SourceLocation;
import dev.matchpoint.mpi.program.Stmt;
import dev.matchpoint.mpi.run.Outcome;
import dev.matchpoint.mpi.run.RunOptions;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.run.Runner;
import dev.matchpoint.mpi.testing.Exhaustive;
import dev.matchpoint.mpi.trace.TraceEvent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Work left outstanding where the programs end, where each process would call MPI_Finalize
 * (MPI-3.1 §8.7; MPI-4.1 §11.2.2): the {@code complete-before-finalize} check.
 */
class FinalizeTest {
  private static final String S87 = "MPI-3.1 §8.7";
  private static final String S41 = "MPI-4.1 §11.2.2";
  private static final String PROBLEM = "erroneous: " + CompleteBeforeFinalize.RULE + " at ";

  /** A statement written at line {@code line}, column 9, of {@code t.yaml}. */
  private static Stmt at(int line, MpiOp op) {
    return new Stmt.Call(op, new SourceLocation("t.yaml", line, 9));
  }

  private static Program prog(Stmt... body) {
    return new Program(List.of(body));
  }

  private static MpiOp send(int dest) {
    return new MpiOp.Send(SendMode.STANDARD, lit(dest), lit(0), lit(1), Datatype.INT, MpiOp.WORLD);
  }

  private static MpiOp isend(int dest, String request) {
    return new MpiOp.Isend(SendMode.STANDARD, lit(dest), lit(0), lit(1), Datatype.INT, MpiOp.WORLD, request);
  }

  private static MpiOp recv(int source) {
    return new MpiOp.Recv(lit(source), lit(0), lit(1), Datatype.INT, MpiOp.WORLD, null);
  }

  private static MpiOp irecv(int source, String request) {
    return new MpiOp.Irecv(lit(source), lit(0), lit(1), Datatype.INT, MpiOp.WORLD, request);
  }

  private static MpiOp start(String request) {
    return new MpiOp.Start(List.of(request), false);
  }

  private static ModelSpec spec(Program... ranks) {
    ModelSpec.Builder b = ModelSpec.builder();
    Arrays.stream(ranks).forEach(b::rank);
    return b.build();
  }

  private static RunResult timed(ModelSpec spec, CheckKind... checks) {
    return Runner.timed(spec, 1, FifoScheduler.INSTANCE, RunOptions.keepingTrace(new dev.matchpoint.mpi.check.Checks(
        Arrays.stream(checks).map(CheckKind::create).toList())));
  }

  private static List<String> findings(RunResult r) {
    return r.violations().stream().filter(v -> v.check().equals("complete-before-finalize")).map(Violation::message)
        .toList();
  }

  /** The timed run and every logical schedule end OK with no violation. */
  private static void assertCorrect(ModelSpec spec) {
    RunResult r = timed(spec, CheckKind.values());
    assertEquals(Outcome.OK, r.outcome(), r.problems() + " " + r.violations());
    assertTrue(r.violations().isEmpty(), r.violations().toString());
    Exhaustive.ends(spec, CheckKind.values()).keySet().forEach(e -> assertTrue(e.problems().isEmpty()
        && !e.violated() && !e.deadlocked(), e.toString()));
  }

  /**
   * The timed run and every logical schedule end ERRONEOUS with the §8.7 problem at {@code where};
   * returns the timed run's findings.
   */
  private static List<String> assertOutstanding(ModelSpec spec, String where) {
    RunResult r = timed(spec, CheckKind.values());
    assertEquals(Outcome.ERRONEOUS, r.outcome(), r.problems() + " " + r.violations());
    assertTrue(r.problems().contains(PROBLEM + where), r.problems().toString());
    Map<Exhaustive.End, Long> ends = Exhaustive.ends(spec, CheckKind.values());
    for (Exhaustive.End e : ends.keySet()) {
      assertTrue(e.problems().contains(PROBLEM + where) && !e.deadlocked(), e.toString());
      assertTrue(e.violations().stream().anyMatch(v -> v.startsWith("complete-before-finalize: ")), e.toString());
    }
    return findings(r);
  }

  @Test
  @SpecClause(source = S87, text = "if the process is the target of a send, then it must post the matching receive")
  @SpecClause(source = S87, text = "Without a matching receive, the program is erroneous")
  void eagerSendNeverReceived_isErroneous_namingTheSend_inTimedAndLogicalMode() {
    // The standard's example: MPI_Send completes locally (eager), rank 1 never receives.
    ModelSpec wrong = spec(prog(at(3, send(1))), prog());
    List<String> found = assertOutstanding(wrong, "r1");
    assertEquals(List.of("message 0#0 (tag 0, 4 B, standard mode) sent at t.yaml:3:9 was never received by rank 1 "
        + "(it is in the unexpected message queue)"), found);
    RunResult r = timed(wrong, CheckKind.values());
    TraceEvent.ErroneousUse e = r.trace().of(TraceEvent.ErroneousUse.class).get(0);
    assertEquals(new SourceLocation("t.yaml", 3, 9), e.at(), "the event names the send's statement");
    // The no-errors check leaves the finding to complete-before-finalize: one violation, not two.
    assertEquals(1, r.violations().size(), r.violations().toString());
    assertCorrect(spec(prog(at(3, send(1))), prog(at(4, recv(0)))));
  }

  @Test
  @SpecClause(source = S87, text = "It must locally complete all MPI operations that it initiated and must execute "
      + "matching calls needed to complete MPI communications initiated by other processes. For example, if the "
      + "process executed a nonblocking send, it must eventually call MPI_WAIT, MPI_TEST, MPI_REQUEST_FREE, or any "
      + "derived function")
  @SpecClause(source = S41, text = "all request handles associated with the World Model must be freed in the case of "
      + "nonblocking operations")
  void nonblockingRequestsNeverCompletedNorFreed_areErroneous_completedOrFreedOnesAreNot() {
    List<String> found = assertOutstanding(spec(prog(at(3, isend(1, "s"))), prog(at(4, recv(0)))), "r0.t0");
    assertEquals(List.of("request r0.t0#0 (MPI_Isend to rank 1, tag 0), started at t.yaml:3:9, was never completed "
        + "by a Wait or Test, nor freed; its operation had completed"), found);
    found = assertOutstanding(spec(prog(), prog(at(4, irecv(0, "r")))), "r1.t0");
    assertEquals(List.of("request r1.t0#0 (MPI_Irecv from source 0, tag 0), started at t.yaml:4:9, was never "
        + "completed by a Wait or Test, nor freed; its operation is still pending"), found);
    // A receive freed before it matched never completes either.
    found = assertOutstanding(spec(prog(), prog(at(4, irecv(0, "r")), at(5, new MpiOp.RequestFree("r")))), "r1.t0");
    assertEquals(List.of("receive r1.t0#0 (MPI_Irecv from source 0, tag 0), started at t.yaml:4:9, was freed by "
        + "MPI_Request_free and never matched a message"), found);
    // The standard's correct example: MPI_Isend, MPI_Request_free; the receiver receives. And a Wait.
    assertCorrect(spec(prog(at(3, isend(1, "s")), at(4, new MpiOp.RequestFree("s"))), prog(at(5, recv(0)))));
    assertCorrect(spec(prog(at(3, isend(1, "s")), at(4, new MpiOp.Wait("s", null))), prog(at(5, irecv(0, "r")),
        at(6, new MpiOp.Wait("r", null)))));
  }

  @Test
  @SpecClause(source = S41, text = "and must be inactive or freed in the case of persistent operations (i.e., by "
      + "calling one of the procedures MPI_{TEST|WAIT}{|ANY|SOME|ALL} or MPI_REQUEST_FREE)")
  void activePersistentRequest_isErroneous_anInactiveOneIsNot() {
    MpiOp sendInit = new MpiOp.SendInit(SendMode.STANDARD, lit(1), lit(0), lit(1), Datatype.INT, MpiOp.WORLD, "s");
    List<String> found = assertOutstanding(spec(prog(at(3, sendInit), at(4, start("s"))), prog(at(5, recv(0)))),
        "r0.t0");
    assertEquals(List.of("persistent request r0.t0#0 (MPI_Send_init to rank 1, tag 0), started at t.yaml:4:9, is "
        + "still active: no Wait or Test completed it; its operation had completed"), found);
    // Completed by a Wait, it is inactive: MPI_Finalize does not free objects, so it need not be freed.
    assertCorrect(spec(prog(at(3, sendInit), at(4, start("s")), at(5, new MpiOp.Wait("s", null))),
        prog(at(6, recv(0)))));
  }

  @Test
  @SpecClause(source = S41, text = "all message handles associated with the World Model must be received (with "
      + "MPI_MRECV or derived procedures)")
  void matchedProbeHandleNeverReceived_isErroneous_namingTheMatchedProbe() {
    MpiOp mprobe = new MpiOp.Mprobe(lit(0), lit(0), MpiOp.WORLD, "m", null);
    List<String> found = assertOutstanding(spec(prog(at(3, send(1))), prog(at(7, mprobe))), "r1.t0");
    assertEquals(List.of("message 0#0 (tag 0, 4 B, standard mode) taken by the matched probe at t.yaml:7:9 was never "
        + "received by MPI_Mrecv or MPI_Imrecv"), found);
    assertCorrect(spec(prog(at(3, send(1))), prog(at(7, mprobe),
        at(8, new MpiOp.Mrecv("m", lit(1), Datatype.INT, null)))));
  }

  @Test
  @SpecClause(source = S87, text = "It must locally complete all MPI operations that it initiated and must execute "
      + "matching calls needed to complete MPI communications initiated by other processes.")
  void bufferedRendezvousSendNeverReceived_namesTheMessageAndTheAttachedBuffer() {
    // 2000 ints (8000 B) go rendezvous: the Bsend returns, its data stays in the attached buffer.
    ModelSpec wrong = spec(prog(at(3, new MpiOp.BufferAttach(lit(10_000))),
        at(4, new MpiOp.Send(SendMode.BUFFERED, lit(1), lit(0), lit(2000), Datatype.INT, MpiOp.WORLD))), prog());
    List<String> found = assertOutstanding(wrong, "r0");
    assertEquals(List.of("the buffer attached at t.yaml:3:9 still holds 1 buffered message(s) not yet transmitted",
        "message 0#0 (tag 0, 8000 B, buffered mode) sent at t.yaml:4:9 was never received by rank 1 (it is in the "
        + "unexpected message queue)"), found);
  }

  @Test
  @SpecClause(source = "seed 003 Proposal 1", text = "Each start wait sequence must occur in lock step.")
  @SpecClause(source = S41, text = "and must be inactive or freed in the case of persistent operations")
  void channelStartNeverCompleted_isErroneous() {
    MpiOp sendInit = new MpiOp.SendInit(SendMode.STANDARD, lit(1), lit(0), lit(1), Datatype.INT, MpiOp.WORLD, "p");
    MpiOp recvInit = new MpiOp.RecvInit(lit(0), lit(0), lit(1), Datatype.INT, MpiOp.WORLD, "p");
    MpiOp bind = new MpiOp.BindChannel(List.of("p"), List.of("ch"), List.of(1), false, false);
    MpiOp go = new MpiOp.Send(SendMode.STANDARD, lit(0), lit(9), lit(0), Datatype.INT, MpiOp.WORLD);
    MpiOp wait = new MpiOp.Recv(lit(1), lit(9), lit(0), Datatype.INT, MpiOp.WORLD, null);
    // The receiver starts, then tells the sender to go; the sender starts and never waits.
    Program sender = prog(at(3, sendInit), at(4, bind), at(5, wait), at(6, start("ch")));
    Program receiver = prog(at(10, recvInit), at(11, bind), at(12, start("ch")), at(13, go),
        at(14, new MpiOp.Wait("ch", null)));
    List<String> found = assertOutstanding(spec(sender, receiver), "r0.t0");
    assertEquals(List.of("channel endpoint r0.t0#1 (bound at t.yaml:4:9, peer rank 1): 1 start(s) never completed by "
        + "a Wait or Test"), found);
    assertCorrect(spec(prog(at(3, sendInit), at(4, bind), at(5, wait), at(6, start("ch")),
        at(7, new MpiOp.Wait("ch", null))), receiver));
  }

  @Test
  @SpecClause(source = S87, text = "if the process is the target of a send, then it must post the matching receive")
  void withoutTheCheck_orAtADeadlock_nothingIsAdded() {
    ModelSpec wrong = spec(prog(at(3, send(1))), prog());
    List<CheckKind> others = new ArrayList<>(List.of(CheckKind.values()));
    others.remove(CheckKind.COMPLETE_BEFORE_FINALIZE);
    RunResult off = timed(wrong, others.toArray(CheckKind[]::new));
    assertEquals(Outcome.OK, off.outcome(), "a scenario that leaves the check out is not judged");
    assertTrue(off.violations().isEmpty(), off.violations().toString());
    // A deadlock leaves the Isend outstanding too; the deadlock report covers it.
    ModelSpec deadlock = spec(prog(at(3, isend(1, "s")), at(4, recv(1))), prog(at(5, recv(0)), at(6, recv(0))));
    RunResult r = timed(deadlock, CheckKind.values());
    assertEquals(Outcome.DEADLOCK, r.outcome());
    assertTrue(r.problems().isEmpty() && findings(r).isEmpty(), r.problems() + " " + r.violations());
  }

  @Test
  @SpecClause(source = S87, text = "It must locally complete all MPI operations that it initiated and must execute "
      + "matching calls needed to complete MPI communications initiated by other processes.")
  void statementOfOutstandingWork_isExplorationState_statefulSearchKeepsEveryOutcome() {
    // Rank 0 starts the same work from one of two statements, chosen by whether rank 1's message
    // has arrived; then its flag is overwritten, so the two states differ only in which statement
    // started the outstanding work. The stateful search must not merge them: an unreceived
    // message (its send's statement), a request never completed, a matched-probe handle never
    // received.
    MpiOp mprobe = new MpiOp.Mprobe(lit(3), lit(5), MpiOp.WORLD, "m", null);
    MpiOp fromThree = new MpiOp.Send(SendMode.STANDARD, lit(0), lit(5), lit(1), Datatype.INT, MpiOp.WORLD);
    for (MpiOp work : List.of(send(2), irecv(2, "r"), mprobe)) {
      MpiOp iprobe = new MpiOp.Iprobe(lit(1), lit(0), MpiOp.WORLD, "f", null);
      Program r0 = prog(at(3, iprobe), new Stmt.If(new Cond.Flag("f"), List.of(at(5, work)), List.of(at(7, work)),
          new SourceLocation("t.yaml", 4, 9)), at(8, recv(1)), at(9, iprobe));
      ModelSpec spec = spec(r0, prog(at(12, send(0))), prog(), prog(at(14, fromThree)));
      TreeSet<String> naive = classes(spec, Strategy.NAIVE);
      assertEquals(2, naive.size(), naive.toString());
      assertTrue(naive.stream().anyMatch(c -> c.contains("t.yaml:5:9")) && naive.stream()
          .anyMatch(c -> c.contains("t.yaml:7:9")), naive.toString());
      assertEquals(naive, classes(spec, Strategy.EXHAUSTIVE), work.toString());
      assertEquals(naive, classes(spec, Strategy.DPOR), work.toString());
    }
  }

  private static TreeSet<String> classes(ModelSpec spec, Strategy s) {
    ExplorationReport r = Explorer.explore(new MpiTransitionSystem(spec, List.of(CheckKind.values()), true),
        ExploreOptions.of(s).withShortestViolation(false), ProgressListener.NONE);
    assertTrue(r.exhaustive(), r.stopReason());
    return new TreeSet<>(r.outcomes().keySet());
  }
}
