package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.anySource;
import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.procNull;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static dev.matchpoint.mpi.program.ProgramBuilder.source;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.sched.ChoicePoint;
import dev.matchpoint.core.sched.Scheduler;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.ErrorClass;
import dev.matchpoint.mpi.Mpi;
import dev.matchpoint.mpi.RequestIds;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.check.Checks;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.run.Outcome;
import dev.matchpoint.mpi.run.RunOptions;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.run.Runner;
import dev.matchpoint.mpi.trace.TraceEvent;
import dev.matchpoint.mpi.trace.TraceSink;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Edges of the point-to-point calls that the main tests leave out: argument ranges at their
 * boundaries, the request an erroneous nonblocking call returns, and the completion of requests
 * that complete in their own call (MPI-3.1 §3.2.3, §3.2.4, §3.7.2, §3.11).
 */
class CallEdgesTest {
  private static List<String> completions(RunResult r) {
    return r.trace().of(TraceEvent.RequestCompleted.class).stream()
        .map(c -> "r" + c.rank() + " " + RequestIds.format(c.requestId()) + " source=" + c.source()
            + " " + c.error())
        .toList();
  }

  private static List<String> errorDetails(RunResult r) {
    return r.trace().of(TraceEvent.ErrorRaised.class).stream().map(e -> e.call() + " " + e.error() + ": " + e.detail())
        .toList();
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.2.3", text = "The range of valid values for dest is 0,...,n-1, where n is the "
      + "number of processes in the group.")
  @SpecClause(source = "MPI-3.1 §3.2.3", text = "The range of valid tag values is 0,...,UB, where the value of UB is "
      + "implementation dependent.")
  void theLastRankAndMpiTagUb_areValid_andOnePastThemIsNot() {
    // Rank 1 of 2 and tag MPI_TAG_UB are the largest valid values; rank 2 and MPI_TAG_UB + 1 are not.
    RunResult r = RankRuns.run(
        program().send(lit(1), lit(Mpi.TAG_UB), lit(1), Datatype.INT).send(lit(2), lit(0), lit(1), Datatype.INT)
            .send(lit(1), lit(Mpi.TAG_UB + 1), lit(1), Datatype.INT).build(),
        program().recv(lit(0), lit(Mpi.TAG_UB), lit(1), Datatype.INT, "st").build());
    assertEquals(List.of("MPI_Recv source=0 tag=" + Mpi.TAG_UB + " count=4B"), RankRuns.returns(r, 1));
    assertEquals(List.of("MPI_Send MPI_ERR_RANK: rank 2 is outside the communicator of size 2",
        "MPI_Send MPI_ERR_TAG: tag " + (Mpi.TAG_UB + 1) + " is outside [0, MPI_TAG_UB=" + Mpi.TAG_UB + "]"),
        errorDetails(r));
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.2.3", text = "The range of valid tag values is 0,...,UB, where the value of UB is "
      + "implementation dependent.")
  @SpecClause(source = "MPI-3.1 §3.2.4", text = "The receiver may specify a wildcard MPI_ANY_SOURCE value for source, "
      + "and/or a wildcard MPI_ANY_TAG value for tag, indicating that any source and/or tag are acceptable.")
  @SpecClause(source = "MPI-3.1 §8.4", text = "MPI_ERR_TAG Invalid tag argument")
  void anOutOfRangeTagOrRank_isReportedWithWhatTheCallAccepts() {
    // A receive also accepts MPI_ANY_TAG, a send does not; a number that is not a constant's code gets
    // no word about computed constants.
    RunResult r = RankRuns.run(program().send(lit(0), lit(-5), lit(1), Datatype.INT)
        .recv(lit(0), lit(-5), lit(1), Datatype.INT, "st").recv(lit(-7), lit(0), lit(1), Datatype.INT, null).build());
    // The receive's status says the error, with no source, tag or data.
    assertEquals("MPI_Recv source=MPI_ANY_SOURCE tag=MPI_ANY_TAG count=0B MPI_ERR_TAG", RankRuns.returns(r, 0).get(1));
    assertEquals(List.of("MPI_Send MPI_ERR_TAG: tag -5 is outside [0, MPI_TAG_UB=" + Mpi.TAG_UB + "]",
        "MPI_Recv MPI_ERR_TAG: tag -5 is outside [0, MPI_TAG_UB=" + Mpi.TAG_UB + "] and not MPI_ANY_TAG",
        "MPI_Recv MPI_ERR_RANK: rank -7 is outside the communicator of size 1"), errorDetails(r));
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.7.3", text = "One is allowed to call MPI_WAIT with a null or inactive request "
      + "argument. In this case the operation returns immediately with empty status.")
  void anIsendOrIrecvWithInvalidArguments_returnsMpiRequestNull() {
    // The erroneous call starts no operation: its request variable is MPI_REQUEST_NULL, and Wait on
    // it returns at once with the empty status (it is not a variable that was never set).
    RunResult r = RankRuns.run(program().isend(SendMode.STANDARD, lit(0), lit(-3), lit(1), Datatype.INT, "s")
        .waitFor("s", "st").irecv(lit(0), lit(0), lit(-1), Datatype.INT, "q").waitFor("q", "st").build());
    assertEquals(List.of(ErrorClass.MPI_ERR_TAG, ErrorClass.MPI_ERR_COUNT),
        r.trace().of(TraceEvent.ErrorRaised.class).stream().map(TraceEvent.ErrorRaised::error).toList());
    assertEquals(List.of("MPI_Isend  MPI_ERR_TAG", "MPI_Wait source=MPI_ANY_SOURCE tag=MPI_ANY_TAG count=0B",
        "MPI_Irecv  MPI_ERR_COUNT", "MPI_Wait source=MPI_ANY_SOURCE tag=MPI_ANY_TAG count=0B"),
        RankRuns.returns(r, 0));
    assertEquals(Outcome.ERRONEOUS, r.outcome(), r.problems().toString());
  }

  @Test
  @SpecClause(source = "MPI-3.1 §8.4", text = "MPI_ERR_TAG Invalid tag argument")
  @SpecClause(source = "MPI-3.1 §8.4", text = "MPI_ERR_COUNT Invalid count argument")
  void aCallThatRaisesAnError_returnsThatErrorClass_inItsReturnEvent() {
    // The trace's return event carries the class the call returned: it said MPI_SUCCESS after the
    // call's own MPI_ERR_TAG (the class came only from a status, which an Isend does not have).
    RunResult r = RankRuns.run(program().isend(SendMode.STANDARD, lit(0), lit(-3), lit(1), Datatype.INT, "s")
        .waitFor("s", "st").irecv(lit(0), lit(0), lit(-1), Datatype.INT, "q").waitFor("q", "st")
        .send(lit(0), lit(-4), lit(1), Datatype.INT).build());
    assertEquals(List.of("MPI_Isend MPI_ERR_TAG", "MPI_Wait MPI_SUCCESS", "MPI_Irecv MPI_ERR_COUNT",
        "MPI_Wait MPI_SUCCESS", "MPI_Send MPI_ERR_TAG"), r.trace().of(TraceEvent.CallReturned.class).stream()
        .map(e -> e.call() + " " + e.error()).toList());
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.11", text = "A send to MPI_PROC_NULL succeeds and returns as soon as possible. A "
      + "receive from MPI_PROC_NULL succeeds and returns as soon as possible with no modifications to the receive "
      + "buffer.")
  @SpecClause(source = "MPI-3.1 §3.7.2", text = "A nonblocking send call indicates that the system may start copying "
      + "data out of the send buffer.")
  void requestsThatCompleteInTheirOwnCall_areTracedAsCompletedThere() {
    // Isend and Irecv with MPI_PROC_NULL, and an Ibsend that fits the attached buffer, complete in
    // the call that starts them; a receive from MPI_PROC_NULL counts as the last receive.
    RunResult r = RankRuns.run(program().call(new MpiOp.BufferAttach(lit(64)))
        .isend(SendMode.STANDARD, procNull(), lit(0), lit(1), Datatype.INT, "a")
        .irecv(procNull(), lit(0), lit(1), Datatype.INT, "b")
        .isend(SendMode.BUFFERED, lit(1), lit(0), lit(1), Datatype.INT, "c")
        .waitFor("a", null).waitFor("b", null).waitFor("c", null).call(new MpiOp.BufferDetach()).build(),
        program().recv(lit(0), lit(0), lit(1), Datatype.INT, null).build());
    List<String> done = completions(r);
    assertEquals(List.of("r0 r0.t0#0 source=" + Mpi.PROC_NULL + " MPI_SUCCESS",
        "r0 r0.t0#1 source=" + Mpi.PROC_NULL + " MPI_SUCCESS",
        "r0 r0.t0#2 source=" + Mpi.ANY_SOURCE + " MPI_SUCCESS"), done.subList(0, 3));
    assertEquals(Outcome.OK, r.outcome(), r.problems().toString());
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.7.5", text = "If more than one operation is enabled and can terminate, one is "
      + "arbitrarily chosen.")
  @SpecClause(source = "MPI-3.1 §3.5", text = "If a receive matches two messages that satisfy the order "
      + "requirements, then either message may be received.")
  void timedMode_asksTheSeamForAWildcardSourceOrACompletedPosition_withLabelsThatNameThem() {
    // Both senders' messages are queued (probed) before each call: an MPI_ANY_SOURCE receive chooses
    // a source, Waitany and Testany a position.
    Program send = program().send(lit(2), lit(0), lit(1), Datatype.INT).send(lit(2), lit(1), lit(1), Datatype.INT)
        .send(lit(2), lit(2), lit(1), Datatype.INT).build();
    Program receiver = program().probe(lit(0), lit(0), null).probe(lit(1), lit(0), null)
        .recv(anySource(), lit(0), lit(1), Datatype.INT, "st").recv(anySource(), lit(0), lit(1), Datatype.INT, null)
        .probe(lit(0), lit(1), null).probe(lit(1), lit(1), null)
        .irecv(lit(0), lit(1), lit(1), Datatype.INT, "a").irecv(lit(1), lit(1), lit(1), Datatype.INT, "b")
        .waitAny("i", "st", "a", "b").waitFor("a", null)
        .probe(lit(0), lit(2), null).probe(lit(1), lit(2), null)
        .irecv(lit(0), lit(2), lit(1), Datatype.INT, "a").irecv(lit(1), lit(2), lit(1), Datatype.INT, "b")
        .call(new MpiOp.Testany(List.of("a", "b"), "f", "j", "st")).waitFor("a", null).build();
    List<String> asked = new ArrayList<>();
    Scheduler last = new Scheduler() {
      @Override
      public int choose(ChoicePoint p) {
        asked.add(p.kind() + " " + IntStream.range(0, p.optionCount()).mapToObj(p::label)
            .collect(Collectors.joining(", ")));
        return p.optionCount() - 1;
      }

      @Override
      public boolean decidesTies() {
        return false;
      }

      @Override
      public String describe() {
        return "last-option";
      }
    };
    RunResult r = Runner.timed(ModelSpec.builder().rank(send).rank(send).rank(receiver).build(), 1, last,
        RunOptions.keepingTrace(CheckKind.all()));
    assertEquals(List.of("WILDCARD source 0, source 1", "COMPLETION index 0, index 1",
        "COMPLETION index 0, index 1"), asked);
    // The last option each time: the wildcard receive takes rank 1's queued message and returns its
    // status in its own step; Waitany and Testany return position 1.
    assertEquals(List.of("MPI_Recv source=1 tag=0 count=4B", "MPI_Waitany i=1 source=1 tag=1 count=4B",
        "MPI_Testany flag=true j=1 source=1 tag=2 count=4B"), RankRuns.returns(r, 2).stream()
        .filter(c -> c.startsWith("MPI_Recv source") || c.startsWith("MPI_Waitany") || c.startsWith("MPI_Testany"))
        .toList());
    assertEquals(Outcome.OK, r.outcome(), r.problems().toString());
  }

  @Test
  @SpecClause(source = "seed 003 Proposal 1", text = "Bind and unbind are blocking, and will only complete when the "
      + "other side of the channel completes the corresponding call.")
  void aBlockingBindOrUnbindOfTwoChannels_returnsOnceBothPeersHaveAnswered() {
    // Rank 0 binds one channel to rank 1, which binds at once, and one to rank 2, which binds after
    // 50 us; then unbinds both, rank 1 unbinding after 60 us, rank 2 after 50 more: rank 0's calls
    // return after rank 2's, and leave nothing behind.
    Program hub = program()
        .call(new MpiOp.SendInit(SendMode.STANDARD, lit(1), lit(0), lit(1), Datatype.INT, MpiOp.WORLD, "p"))
        .call(new MpiOp.SendInit(SendMode.STANDARD, lit(2), lit(0), lit(1), Datatype.INT, MpiOp.WORLD, "q"))
        .call(new MpiOp.BindChannel(List.of("p", "q"), List.of("a", "b"), List.of(1, 1), false, false))
        .call(new MpiOp.UnbindChannel(List.of("a", "b"), false))
        .call(new MpiOp.RequestFree("p")).call(new MpiOp.RequestFree("q")).build();
    Program quick = leaf(0, 60_000);
    Program slow = leaf(50_000, 50_000);
    RunResult r = RankRuns.run(hub, quick, slow);
    assertEquals(Outcome.OK, r.outcome(), r.problems().toString());
    assertEquals(List.of(), r.problems());
    long slowBind = returnedAt(r, 2, "MPI_Bind_channel");
    long slowUnbindCalled = r.trace().of(TraceEvent.CallStarted.class).stream()
        .filter(c -> c.rank() == 2 && c.call().equals("MPI_Unbind_channel")).findFirst().orElseThrow().timeNs();
    assertTrue(returnedAt(r, 0, "MPI_Bind_channels") >= slowBind - 1_000,
        "rank 0's bind returns with the slow peer's: " + returnedAt(r, 0, "MPI_Bind_channels") + " vs " + slowBind);
    assertTrue(returnedAt(r, 0, "MPI_Unbind_channels") > slowUnbindCalled,
        "rank 0's unbind returns after the slow peer unbinds: " + returnedAt(r, 0, "MPI_Unbind_channels"));
  }

  /** The receive side of a channel from rank 0, computing before its bind and before its unbind (ns). */
  private static Program leaf(int beforeBindNs, int beforeUnbindNs) {
    return program().call(new MpiOp.RecvInit(lit(0), lit(0), lit(1), Datatype.INT, MpiOp.WORLD, "p"))
        .call(new MpiOp.Compute(lit(beforeBindNs)))
        .call(new MpiOp.BindChannel(List.of("p"), List.of("c"), List.of(1), false, false))
        .call(new MpiOp.Compute(lit(beforeUnbindNs))).call(new MpiOp.UnbindChannel(List.of("c"), false))
        .call(new MpiOp.RequestFree("p")).build();
  }

  private static long returnedAt(RunResult r, int rank, String call) {
    return r.trace().of(TraceEvent.CallReturned.class).stream().filter(c -> c.rank() == rank && c.call().equals(call))
        .findFirst().orElseThrow(() -> new AssertionError(call + " never returned on rank " + rank)).timeNs();
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.10", text = "The semantics of a send-receive operation is what would be obtained if "
      + "the caller forked two concurrent threads, one to execute the send, and one to execute the receive, followed "
      + "by a join of these two threads.")
  void aSendrecvOfNoElements_stillRunsAsTwoHalves() {
    // A count of 0 is valid: the call splits into its send half and its receive half in logical mode.
    MpiOp.Sendrecv empty = new MpiOp.Sendrecv(lit(1), lit(0), lit(0), Datatype.INT, lit(1), lit(0), lit(0),
        Datatype.INT, MpiOp.WORLD, null);
    MpiOp.Sendrecv back = new MpiOp.Sendrecv(lit(0), lit(0), lit(0), Datatype.INT, lit(0), lit(0), lit(0),
        Datatype.INT, MpiOp.WORLD, null);
    World w = World.logical(ModelSpec.builder().rank(program().call(empty).build()).rank(program().call(back).build())
        .build(), TraceSink.NONE, new Checks(List.of()), false);
    assertEquals(List.of("SEND", "RECEIVE", "SEND", "RECEIVE"), w.enabled().stream()
        .filter(a -> a.kind() == Action.Kind.STEP).map(a -> a.half().name()).toList());
  }

  @Test
  @SpecClause(source = "docs/scenario-format.md", text = "reading a variable no call has set yet is a program error")
  void aWildcardCandidateReadingAStatusNeverSet_abortsTheThreadWithTheReason() {
    // The receive's source is the source of a status that no call has set yet: asking which sources
    // the receive could take must not fail; the call itself stops the thread with the reason.
    RunResult r = RankRuns.run(program().recv(source("st"), lit(0), lit(1), Datatype.INT, null)
        .probe(lit(0), lit(0), "st").build());
    assertEquals(List.of("erroneous: program error at r0.t0"), r.problems());
    assertEquals(List.of("program error: status 'st' is read before any call set it"), r.trace()
        .of(TraceEvent.ErroneousUse.class).stream().map(e -> e.rule() + ": " + e.detail()).toList());
  }
}
