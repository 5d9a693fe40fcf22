package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.anySource;
import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.myRank;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.sched.FifoScheduler;
import dev.matchpoint.mpi.CollectiveKind;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.program.CommOp;
import dev.matchpoint.mpi.program.Cond;
import dev.matchpoint.mpi.program.Expr;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.program.ProgramBuilder;
import dev.matchpoint.mpi.run.Outcome;
import dev.matchpoint.mpi.run.RunOptions;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.run.Runner;
import dev.matchpoint.mpi.testing.Exhaustive;
import dev.matchpoint.mpi.trace.TraceEvent;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * Communicators created at run time (MPI-3.1 chapter 6) in the model itself: Comm_split's groups
 * and ranks, MPI_COMM_NULL, contexts, Comm_free, and collectives over a split communicator.
 */
class CommunicatorCallsTest {
  private static final String SPLIT = "This function partitions the group associated with comm into disjoint "
      + "subgroups, one for each value of color. Each subgroup contains all processes of the same color. Within each "
      + "subgroup, the processes are ranked in the order defined by the value of the argument key, with ties broken "
      + "according to their rank in the old group.";
  private static final String FREE = "This collective operation marks the communication object for deallocation. "
      + "The handle is set to MPI_COMM_NULL.";
  private static final String CONTEXT = "A message sent in one context cannot be received in another context.";

  private static Expr mod2() {
    return new Expr.Binary(Expr.BinaryOp.MOD, myRank(), lit(2));
  }

  private static ModelSpec spec(int ranks, Consumer<ProgramBuilder> body) {
    ProgramBuilder b = program();
    body.accept(b);
    Program p = b.build();
    ModelSpec.Builder s = ModelSpec.builder();
    for (int i = 0; i < ranks; i++) {
      s.rank(p);
    }
    return s.build();
  }

  private static RunResult timed(ModelSpec spec) {
    return Runner.timed(spec, 1, FifoScheduler.INSTANCE, RunOptions.keepingTrace(CheckKind.all()));
  }

  /** Each rank's results of one call, in order. */
  private static Map<Integer, List<String>> results(RunResult r, String call) {
    Map<Integer, List<String>> out = new TreeMap<>();
    r.trace().of(TraceEvent.CallReturned.class).stream().filter(e -> e.call().equals(call))
        .forEach(e -> out.computeIfAbsent(e.rank(), k -> new java.util.ArrayList<>()).add(e.result()));
    return out;
  }

  private static List<String> errors(RunResult r) {
    return r.trace().of(TraceEvent.ErrorRaised.class).stream().map(e -> "r" + e.rank() + " " + e.call() + " "
        + e.error() + ": " + e.detail()).toList();
  }

  @Test
  @SpecClause(source = "MPI-3.1 §6.4.2", text = SPLIT)
  void split_ranksEachColourByKey_thenByRankInTheParent() {
    for (Expr key : List.of(new Expr.Binary(Expr.BinaryOp.SUB, lit(0), myRank()), lit(7))) {
      RunResult r = timed(spec(5, b -> b.call(new CommOp.Split(MpiOp.WORLD, mod2(), key, "half"))
          .call(new CommOp.Rank("half", "me")).call(new CommOp.Size("half", "n"))));
      assertEquals(Outcome.OK, r.outcome(), r.problems().toString());
      assertEquals("{0=[size=3], 1=[size=2], 2=[size=3], 3=[size=2], 4=[size=3]}",
          results(r, "MPI_Comm_size").toString());
      // Colour 0 is {0, 2, 4}, colour 1 is {1, 3}: keys -rank reverse each, equal keys keep the parent's order.
      assertEquals(key instanceof Expr.Lit ? "{0=[rank=0], 1=[rank=0], 2=[rank=1], 3=[rank=1], 4=[rank=2]}"
          : "{0=[rank=2], 1=[rank=1], 2=[rank=1], 3=[rank=0], 4=[rank=0]}", results(r, "MPI_Comm_rank").toString());
    }
  }

  @Test
  @SpecClause(source = "MPI-3.1 §6.4.2", text = "A process may supply the color value MPI_UNDEFINED, in which case "
      + "newcomm returns MPI_COMM_NULL.")
  @SpecClause(source = "MPI-3.1 §8.4", text = "MPI_ERR_COMM Invalid communicator")
  void undefinedColour_bindsMpiCommNull_whoseUseIsMpiErrComm() {
    RunResult r = timed(spec(2, b -> b.call(new CommOp.Split(MpiOp.WORLD, null, lit(0), "c"))
        .on("c").send(lit(0), lit(0), lit(1), Datatype.INT).call(new CommOp.Rank(CommOp.NULL, "r"))));
    assertEquals("{0=[newcomm=MPI_COMM_NULL], 1=[newcomm=MPI_COMM_NULL]}", results(r, "MPI_Comm_split").toString());
    List<String> errors = errors(r);
    assertEquals(4, errors.size(), errors.toString());
    assertTrue(errors.stream().allMatch(e -> e.contains("MPI_ERR_COMM") && e.contains("MPI_COMM_NULL")),
        errors.toString());
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.2.3", text = "Thus, the range of valid values for dest is 0, ..., n-1 ∪ "
      + "{MPI_PROC_NULL}, where n is the number of processes in the group.")
  @SpecClause(source = "MPI-3.1 §3.2.5", text = "the source, tag and error code of the received message are"
      + " available in the fields MPI_SOURCE, MPI_TAG and MPI_ERROR of status")
  void ranksOfASplitCommunicator_areCheckedAndReportedInThatCommunicator() {
    RunResult outside = timed(spec(4, b -> b.call(new CommOp.Split(MpiOp.WORLD, mod2(), lit(0), "half"))
        .on("half").send(lit(2), lit(0), lit(1), Datatype.INT)));
    List<String> errors = errors(outside);
    assertEquals(4, errors.size(), errors.toString());
    assertTrue(errors.stream().allMatch(e -> e.endsWith("MPI_Send MPI_ERR_RANK: rank 2 is outside the communicator "
        + "of size 2")), errors.toString());
    // In the half {0, 2} keyed by -rank, world rank 2 is rank 0: rank 0 receives from source 0.
    Program zero = program().call(new CommOp.Split(MpiOp.WORLD, lit(0), lit(0), "half"))
        .on("half").recv(anySource(), lit(0), lit(1), Datatype.INT, "st").build();
    Program one = program().call(new CommOp.Split(MpiOp.WORLD, lit(1), lit(0), "half")).build();
    Program two = program().call(new CommOp.Split(MpiOp.WORLD, lit(0), lit(-2), "half"))
        .on("half").send(lit(1), lit(0), lit(1), Datatype.INT).build();
    RunResult r = timed(ModelSpec.builder().rank(zero).rank(one).rank(two).build());
    assertEquals(Outcome.OK, r.outcome(), r.problems().toString());
    assertEquals(List.of("source=0 tag=0 count=4B"), results(r, "MPI_Recv").get(0));
  }

  @Test
  @SpecClause(source = "MPI-3.1 §6.2.2", text = CONTEXT)
  void aMessageOnADuplicate_isReceivedOnlyOnThatDuplicate() {
    for (String comm : List.of(MpiOp.WORLD, "d")) {
      Program zero = program().call(new CommOp.Dup(MpiOp.WORLD, "d")).on("d")
          .send(lit(1), lit(0), lit(1), Datatype.INT).build();
      Program one = program().call(new CommOp.Dup(MpiOp.WORLD, "d")).on(comm)
          .recv(anySource(), lit(0), lit(1), Datatype.INT,
          null).build();
      Map<Exhaustive.End, Long> ends = Exhaustive.ends(ModelSpec.builder().rank(zero).rank(one).build(),
          CheckKind.values());
      ends.keySet().forEach(e -> assertEquals(comm.equals("d"), e.blocked().isEmpty(), comm + " " + e));
    }
  }

  @Test
  @SpecClause(source = "MPI-3.1 §6.4.3", text = FREE)
  @SpecClause(source = "MPI-3.1 §8.4", text = "MPI_ERR_COMM Invalid communicator")
  void aFreedCommunicator_isMpiCommNull_andWorldCannotBeFreed() {
    RunResult r = timed(spec(2, b -> b.call(new CommOp.Dup(MpiOp.WORLD, "d")).call(new CommOp.Free("d"))
        .on("d").send(lit(0), lit(0), lit(0), Datatype.INT).call(new CommOp.Free(MpiOp.WORLD))));
    assertEquals(Outcome.ERRONEOUS, r.outcome());
    assertEquals(List.of("r0 MPI_Send MPI_ERR_COMM: communicator 'd' is MPI_COMM_NULL",
        "r0 MPI_Comm_free MPI_ERR_COMM: MPI_COMM_WORLD cannot be freed"), errors(r).stream()
        .filter(e -> e.startsWith("r0")).toList());
    ModelSpec declared = ModelSpec.builder().communicator("lib").rank(program().call(new CommOp.Free("lib"))
        .call(new MpiOp.Collective(CollectiveKind.BARRIER, null, lit(0), Datatype.INT, null, "lib")).build())
        .rank(program().call(new CommOp.Free("lib")).build()).build();
    assertEquals(List.of("r0 MPI_Barrier MPI_ERR_COMM: communicator 'lib' was freed"), errors(timed(declared)));
  }

  @Test
  @SpecClause(source = "MPI-3.1 §5.3", text = "If comm is an intracommunicator, MPI_BARRIER blocks the caller until "
      + "all group members have called it.")
  void aBarrierOnASplitCommunicator_waitsOnlyForItsMembers() {
    for (String comm : List.of("half", MpiOp.WORLD)) {
      ModelSpec s = spec(4, b -> b.call(new CommOp.Split(MpiOp.WORLD, mod2(), lit(0), "half"))
          .ifElse(new Cond.Compare(mod2(), Cond.CmpOp.EQ, lit(0)), t -> t.call(new MpiOp.Collective(
              CollectiveKind.BARRIER, null, lit(0), Datatype.INT, null, comm)), e -> { }));
      assertEquals(comm.equals("half") ? Outcome.OK : Outcome.DEADLOCK, timed(s).outcome(), comm);
    }
  }

  @Test
  @SpecClause(source = "MPI-3.1 §6.2.2", text = CONTEXT)
  void aFreedContextId_isChosenAgainOnlyWhereEveryMemberIsAtTheSamePointOfItsLog() {
    // Both groups of the split {0, 1}, {2} take context 1; only {0, 1} calls a Barrier on it. After
    // it is freed, a duplicate of the world takes context 2 (context 1's logs differ), whose Barrier
    // matches at every rank; freed after one Barrier each, context 2 is chosen again.
    MpiOp barrierC = new MpiOp.Collective(CollectiveKind.BARRIER, null, lit(0), Datatype.INT, null, "c");
    MpiOp barrierD = new MpiOp.Collective(CollectiveKind.BARRIER, null, lit(0), Datatype.INT, null, "d");
    RunResult r = timed(spec(3, b -> b.call(new CommOp.Split(MpiOp.WORLD, new Expr.Binary(Expr.BinaryOp.DIV,
        myRank(), lit(2)), lit(0), "c")).ifElse(new Cond.Compare(myRank(), Cond.CmpOp.LT, lit(2)),
            t -> t.call(barrierC), e -> { }).call(new CommOp.Free("c")).call(new CommOp.Dup(MpiOp.WORLD, "d"))
        .call(barrierD).call(new CommOp.Free("d")).call(new CommOp.Dup(MpiOp.WORLD, "e"))));
    assertEquals(Outcome.OK, r.outcome(), r.problems().toString());
    assertEquals("{0=[newcomm=context 2, newcomm=context 2], 1=[newcomm=context 2, newcomm=context 2], "
        + "2=[newcomm=context 2, newcomm=context 2]}", results(r, "MPI_Comm_dup").toString());
  }

  @Test
  @SpecClause(source = "MPI-3.1 §6.2.2", text = CONTEXT)
  @SpecClause(source = "MPI-3.1 §6.4.3", text = "Any pending operations that use this communicator will complete "
      + "normally; the object is actually deallocated only if there are no other active references to it.")
  void aFreedContextId_isNotChosenAgainWhileARequestOrAMessageOfItRemains() {
    // Rank 0 sends on 'a' and frees it; rank 1 frees 'a' without receiving, duplicates the world
    // into 'b' and receives on 'b'. The message of 'a' (held by a persistent send request, or
    // already sent by a blocking send and in flight or queued at rank 1) must never be received
    // on 'b': 'b' cannot take 'a''s context id while it is still referenced, so rank 1 blocks in
    // every schedule.
    MpiOp sendInit = new MpiOp.SendInit(dev.matchpoint.mpi.SendMode.STANDARD, lit(1), lit(0), lit(1), Datatype.INT,
        "a", "s");
    List<Program> senders = List.of(
        program().call(new CommOp.Dup(MpiOp.WORLD, "a")).call(sendInit).call(new CommOp.Free("a"))
            .call(new CommOp.Dup(MpiOp.WORLD, "b")).call(new MpiOp.Start(List.of("s"), false)).waitFor("s", null)
            .call(new MpiOp.RequestFree("s")).build(),
        program().call(new CommOp.Dup(MpiOp.WORLD, "a")).on("a").send(lit(1), lit(0), lit(1), Datatype.INT)
            .call(new CommOp.Free("a")).call(new CommOp.Dup(MpiOp.WORLD, "b")).build());
    Program receiver = program().call(new CommOp.Dup(MpiOp.WORLD, "a")).call(new CommOp.Free("a"))
        .call(new CommOp.Dup(MpiOp.WORLD, "b")).on("b").recv(lit(0), lit(0), lit(1), Datatype.INT, null).build();
    for (Program sender : senders) {
      Map<Exhaustive.End, Long> ends = Exhaustive.ends(ModelSpec.builder().rank(sender).rank(receiver).build());
      assertFalse(ends.isEmpty());
      ends.keySet().forEach(e -> assertTrue(e.blocked().toString().contains("r1"), e.toString()));
    }
  }

  @Test
  @SpecClause(source = "MPI-3.1 §8.4", text = "MPI_ERR_COMM Invalid communicator")
  void everyCallOnMpiCommNull_isMpiErrComm_andBindsNullHandles() {
    // Rank 0's communicator 'c' is MPI_COMM_NULL (colour MPI_UNDEFINED). Each call on it returns
    // MPI_ERR_COMM and binds what it would have bound as null: the Wait and Request_free on the
    // requests, and the calls after, find them set.
    RunResult r = timed(spec(2, b -> b.call(new CommOp.Split(MpiOp.WORLD, null, lit(0), "c")).on("c")
        .isend(dev.matchpoint.mpi.SendMode.STANDARD, lit(1), lit(0), lit(1), Datatype.INT, "a")
        .irecv(lit(1), lit(0), lit(1), Datatype.INT, "b")
        .call(new MpiOp.SendInit(dev.matchpoint.mpi.SendMode.STANDARD, lit(1), lit(0), lit(1), Datatype.INT, "c", "p"))
        .call(new MpiOp.RecvInit(lit(1), lit(0), lit(1), Datatype.INT, "c", "q"))
        .call(new MpiOp.Collective(CollectiveKind.BARRIER, null, lit(0), Datatype.INT, null, "c", "x"))
        .iprobe(lit(1), lit(0), "f", null).improbe(lit(1), lit(0), "g", "m", null).mprobe(lit(1), lit(0), "n", null)
        .call(new CommOp.Dup("c", "d")).call(new CommOp.Split("c", lit(0), lit(0), "e")).on(MpiOp.WORLD)
        .waitAll("a", "b", "p", "q", "x")));
    assertEquals(List.of("MPI_Isend", "MPI_Irecv", "MPI_Send_init", "MPI_Recv_init", "MPI_Ibarrier", "MPI_Iprobe",
        "MPI_Improbe", "MPI_Mprobe", "MPI_Comm_dup", "MPI_Comm_split"), r.trace().of(TraceEvent.ErrorRaised.class)
        .stream().filter(e -> e.rank() == 0).map(TraceEvent.ErrorRaised::call).toList());
    List<String> returned = r.trace().of(TraceEvent.CallReturned.class).stream().filter(e -> e.rank() == 0)
        .map(e -> e.call() + " " + e.result()).toList();
    assertEquals(12, returned.size(), returned.toString());
    assertEquals(List.of("MPI_Iprobe flag=false", "MPI_Improbe flag=false",
        "MPI_Mprobe message=MPI_MESSAGE_NULL", "MPI_Comm_dup newcomm=MPI_COMM_NULL",
        "MPI_Comm_split newcomm=MPI_COMM_NULL"), returned.subList(6, 11));
  }
}
