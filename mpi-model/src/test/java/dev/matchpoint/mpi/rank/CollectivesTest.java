package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.explore.ExplorationReport;
import dev.matchpoint.core.explore.ExploreOptions;
import dev.matchpoint.core.explore.Explorer;
import dev.matchpoint.core.explore.ProgressListener;
import dev.matchpoint.core.explore.Strategy;
import dev.matchpoint.core.net.LatencyModel;
import dev.matchpoint.core.net.NetworkOptions;
import dev.matchpoint.core.sched.FifoScheduler;
import dev.matchpoint.mpi.CollectiveKind;
import dev.matchpoint.mpi.CollectiveSync;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.ReduceOp;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.explore.MpiTransitionSystem;
import dev.matchpoint.mpi.program.Expr;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.run.Outcome;
import dev.matchpoint.mpi.run.RunOptions;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.run.Runner;
import dev.matchpoint.mpi.trace.TraceEvent;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** Blocking collectives (MPI-3.1 chapter 5) in the model: matching, synchronisation, errors and timed cost. */
class CollectivesTest {
  private static final String MAY_SYNC = "A collective communication call may, or may not, have the effect of"
      + " synchronizing all calling processes.";

  private static MpiOp coll(CollectiveKind kind, Expr root, int count, ReduceOp op) {
    return new MpiOp.Collective(kind, root, lit(count), Datatype.INT, op, MpiOp.WORLD);
  }

  private static MpiOp bcast(int root) {
    return coll(CollectiveKind.BCAST, lit(root), 1, null);
  }

  private static Set<String> verdicts(ModelSpec spec) {
    MpiTransitionSystem ts = new MpiTransitionSystem(spec, List.of(CheckKind.values()), true);
    ExplorationReport r = Explorer.explore(ts, ExploreOptions.of(Strategy.EXHAUSTIVE).withShortestViolation(false),
        ProgressListener.NONE);
    assertTrue(r.exhaustive(), r.stopReason());
    Set<String> out = new TreeSet<>();
    r.outcomes().keySet().forEach(k -> out.add(k.split(" ")[0]));
    return out;
  }

  /** The library's bcast-deadlocks-if-synchronising: the root's Bcast, then a receive; rank 1's Ssend, then the Bcast. */
  static ModelSpec bcastThenReceive(CollectiveSync sync) {
    Program root = program().call(bcast(0)).recv(lit(1), lit(0), lit(1), Datatype.INT, null).build();
    Program other = program().send(SendMode.SYNCHRONOUS, lit(0), lit(0), lit(1), Datatype.INT).call(bcast(0)).build();
    return ModelSpec.builder().rank(root).rank(other).options(ModelOptions.defaults().withCollectiveSync(sync)).build();
  }

  @Test
  @SpecClause(source = "MPI-3.1 §5.1", text = MAY_SYNC)
  void bcastThatDeadlocksOnlyIfItSynchronises_exploresBoth_underAny_andOneUnderAlwaysOrNever() {
    assertEquals(Set.of("deadlock", "ok"), verdicts(bcastThenReceive(CollectiveSync.ANY)));
    assertEquals(Set.of("ok"), verdicts(bcastThenReceive(CollectiveSync.NEVER)));
    assertEquals(Set.of("deadlock"), verdicts(bcastThenReceive(CollectiveSync.ALWAYS)));
    RunResult r = Runner.timed(bcastThenReceive(CollectiveSync.ALWAYS), 1, FifoScheduler.INSTANCE,
        RunOptions.of(CheckKind.all()));
    assertEquals(Outcome.DEADLOCK, r.outcome());
    assertEquals("collective #0 (synchronising): ranks [1] have not called it",
        r.report().threads().get(0).waitingFor());
  }

  @Test
  @SpecClause(source = "MPI-3.1 §5.3", text = "If comm is an intracommunicator, MPI_BARRIER blocks the caller until"
      + " all group members have called it.")
  void barrier_andAReduceAtItsRoot_waitForEveryMember_evenUnderNever() {
    for (MpiOp op : List.of(coll(CollectiveKind.BARRIER, null, 0, null),
        coll(CollectiveKind.REDUCE, lit(0), 1, ReduceOp.SUM))) {
      Program zero = program().call(op).recv(lit(1), lit(0), lit(1), Datatype.INT, null).build();
      Program one = program().send(SendMode.SYNCHRONOUS, lit(0), lit(0), lit(1), Datatype.INT).call(op).build();
      ModelSpec spec = ModelSpec.builder().rank(zero).rank(one)
          .options(ModelOptions.defaults().withCollectiveSync(CollectiveSync.NEVER)).build();
      assertEquals(Set.of("deadlock"), verdicts(spec), op.toString());
    }
  }

  @Test
  @SpecClause(source = "MPI-3.1 §5.4", text = "MPI_BCAST broadcasts a message from the process with rank root to"
      + " all processes of the group, itself included.")
  void bcastMember_returnsOnceTheRootCalled_withoutWaitingForTheOthers_underNever() {
    // Rank 2 calls the Bcast only after rank 1's message: rank 1 must return from it before then.
    Program root = program().call(bcast(0)).build();
    Program one = program().call(bcast(0)).send(lit(2), lit(0), lit(1), Datatype.INT).build();
    Program two = program().recv(lit(1), lit(0), lit(1), Datatype.INT, null).call(bcast(0)).build();
    ModelSpec never = ModelSpec.builder().rank(root).rank(one).rank(two)
        .options(ModelOptions.defaults().withCollectiveSync(CollectiveSync.NEVER)).build();
    assertEquals(Set.of("ok"), verdicts(never));
    // Without the root's call, a member has nothing to return with: the root calls only after rank 1's
    // message, which rank 1 sends after its Bcast.
    Program lateRoot = program().recv(lit(1), lit(0), lit(1), Datatype.INT, null).call(bcast(0)).build();
    Program oneToRoot = program().call(bcast(0)).send(lit(0), lit(0), lit(1), Datatype.INT).build();
    ModelSpec noRoot = ModelSpec.builder().rank(lateRoot).rank(oneToRoot).rank(program().call(bcast(0)).build())
        .options(ModelOptions.defaults().withCollectiveSync(CollectiveSync.NEVER)).build();
    assertEquals(Set.of("deadlock"), verdicts(noRoot));
  }

  private static RunResult mismatch(MpiOp zero, MpiOp one) {
    ModelSpec spec = ModelSpec.builder().rank(program().call(zero).build()).rank(program().call(one).build())
        .options(ModelOptions.defaults().withCollectiveSync(CollectiveSync.NEVER)).build();
    return Runner.timed(spec, 1, FifoScheduler.INSTANCE, RunOptions.keepingTrace(CheckKind.all()));
  }

  private static List<String> erroneous(RunResult r) {
    return r.trace().of(TraceEvent.ErroneousUse.class).stream()
        .map(e -> "r" + e.rank() + ".t" + e.thread() + " " + e.rule() + ": " + e.detail()).toList();
  }

  private static List<String> errors(RunResult r) {
    return r.trace().of(TraceEvent.ErrorRaised.class).stream()
        .map(e -> "r" + e.rank() + " " + e.call() + " " + e.error() + ": " + e.detail()).toList();
  }

  @Test
  @SpecClause(source = "MPI-3.1 §5.12", text = "All processes must call collective operations (blocking and"
      + " nonblocking) in the same order per communicator.")
  @SpecClause(source = "MPI-3.1 §5.4", text = "The type signature of count, datatype on any process must be equal"
      + " to the type signature of count, datatype at the root.")
  void mismatchedCalls_areErroneous_atTheLaterCall_namingWhatDiffers() {
    MpiOp reduceSum = coll(CollectiveKind.REDUCE, lit(0), 2, ReduceOp.SUM);
    List<List<Object>> cases = List.of(
        List.of(bcast(0), reduceSum, "MPI_Reduce here but MPI_Bcast"),
        List.of(bcast(0), bcast(1), "root 1 here but root 0"),
        List.of(reduceSum, coll(CollectiveKind.REDUCE, lit(0), 1, ReduceOp.SUM),
            "type signature 1 x MPI_INT here but 2 x MPI_INT"),
        List.of(reduceSum, coll(CollectiveKind.REDUCE, lit(0), 2, ReduceOp.MAX),
            "operator MPI_MAX here but MPI_SUM"));
    for (List<Object> c : cases) {
      RunResult r = mismatch((MpiOp) c.get(0), (MpiOp) c.get(1));
      assertEquals(Outcome.ERRONEOUS, r.outcome());
      assertEquals(List.of("r1.t0 " + Collectives.RULE + ": collective #0 on world: " + c.get(2)
          + " at rank 0 (<java> vs <java>)"), erroneous(r), c.get(2).toString());
    }
    RunResult same = mismatch(reduceSum, reduceSum);
    assertEquals(Outcome.OK, same.outcome(), same.problems().toString());
  }

  @Test
  @SpecClause(source = "MPI-3.1 §5.4", text = "The type signature of count, datatype on any process must be equal"
      + " to the type signature of count, datatype at the root.")
  @SpecClause(source = "MPI-3.1 §5.9.1", text = "The routine is called by all group members using the same arguments"
      + " for count, datatype, op, root and comm.")
  void zeroElements_areTheEmptySignature_matchingAnyType_butAReductionStillNeedsTheSameDatatype() {
    // 0 x MPI_INT and 0 x MPI_DOUBLE are both the empty type signature: equal, so the Bcast matches.
    MpiOp intBcast = new MpiOp.Collective(CollectiveKind.BCAST, lit(0), lit(0), Datatype.INT, null, MpiOp.WORLD);
    MpiOp doubleBcast = new MpiOp.Collective(CollectiveKind.BCAST, lit(0), lit(0), Datatype.DOUBLE, null,
        MpiOp.WORLD);
    RunResult empty = mismatch(intBcast, doubleBcast);
    assertEquals(Outcome.OK, empty.outcome(), empty.problems().toString());
    assertEquals(List.of(), erroneous(empty));
    // One element each is not: MPI_INT's signature is not MPI_DOUBLE's.
    RunResult one = mismatch(new MpiOp.Collective(CollectiveKind.BCAST, lit(0), lit(1), Datatype.INT, null,
        MpiOp.WORLD), new MpiOp.Collective(CollectiveKind.BCAST, lit(0), lit(1), Datatype.DOUBLE, null, MpiOp.WORLD));
    assertEquals(List.of("r1.t0 " + Collectives.RULE + ": collective #0 on world: type signature 1 x MPI_DOUBLE here"
        + " but 1 x MPI_INT at rank 0 (<java> vs <java>)"), erroneous(one));
    // A reduction's members pass the same datatype, count 0 or not.
    RunResult reduce = mismatch(new MpiOp.Collective(CollectiveKind.ALLREDUCE, null, lit(0), Datatype.INT,
        ReduceOp.SUM, MpiOp.WORLD), new MpiOp.Collective(CollectiveKind.ALLREDUCE, null, lit(0), Datatype.DOUBLE,
        ReduceOp.SUM, MpiOp.WORLD));
    assertEquals(List.of("r1.t0 " + Collectives.RULE + ": collective #0 on world: type signature 0 x MPI_DOUBLE here"
        + " but 0 x MPI_INT at rank 0 (<java> vs <java>)"), erroneous(reduce));
  }

  @Test
  @SpecClause(source = "MPI-3.1 §2.8", text = "MPI_ERR_COUNT Invalid count argument")
  @SpecClause(source = "MPI-3.1 §2.8", text = "MPI_ERR_ROOT Invalid root")
  void negativeCount_andRootOutsideTheCommunicator_areMpiErrors() {
    RunResult count = mismatch(coll(CollectiveKind.ALLREDUCE, null, -1, ReduceOp.SUM),
        coll(CollectiveKind.ALLREDUCE, null, -1, ReduceOp.SUM));
    assertEquals(List.of("r0 MPI_Allreduce MPI_ERR_COUNT: count -1 is negative",
        "r1 MPI_Allreduce MPI_ERR_COUNT: count -1 is negative"), errors(count));
    for (int root : new int[] {-1, 2}) {
      String detail = " MPI_Bcast MPI_ERR_ROOT: root " + root + " is outside the communicator of size 2";
      assertEquals(List.of("r0" + detail, "r1" + detail), errors(mismatch(bcast(root), bcast(root))));
    }
    assertEquals(List.of(), errors(mismatch(bcast(1), bcast(1))));
  }

  private static String timedReturn(LatencyModel latency, MpiOp op) {
    Program p = program().call(op).build();
    ModelSpec spec = ModelSpec.builder().rank(p).rank(p)
        .options(ModelOptions.defaults().withNetwork(NetworkOptions.defaults().withLatency(latency))).build();
    RunResult r = Runner.timed(spec, 1, FifoScheduler.INSTANCE, RunOptions.keepingTrace(CheckKind.all()));
    assertEquals(Outcome.OK, r.outcome(), r.problems().toString());
    TraceEvent.CallReturned last = r.trace().of(TraceEvent.CallReturned.class).get(1);
    return last.result() + " @" + last.timeNs();
  }

  @Test
  @SpecClause(source = "docs/scenario-format.md", text = "once a member may return it still takes the algorithm's"
      + " time: the number of rounds of a standard algorithm for `n` members times the cost of one message")
  void timedCollective_takesRoundsTimesOneMessage_underEachLatencyModel() {
    MpiOp allreduce = coll(CollectiveKind.ALLREDUCE, null, 100, ReduceOp.SUM);
    // One round, 400 bytes: LogGP 2o + L + (n-1)G + 2(n-1)O = 400 + 1000 + 40 + 2 * 200 (each product rounded).
    assertEquals("algorithm recursive-doubling, 1 rounds, 1840 ns @1840",
        timedReturn(new LatencyModel.LogGP(1000, 200, 100, 0.1, 0.5), allreduce));
    assertEquals("algorithm recursive-doubling, 1 rounds, 700 ns @700",
        timedReturn(new LatencyModel.Constant(700), allreduce));
    assertEquals("algorithm recursive-doubling, 1 rounds, 300 ns @300",
        timedReturn(new LatencyModel.Uniform(100, 500), allreduce));
    assertEquals("algorithm recursive-doubling, 1 rounds, 250 ns @250",
        timedReturn(new LatencyModel.Exponential(250.4), allreduce));
    // exp(mu + sigma^2 / 2) = exp(5 + 0.5) = 244.69.
    assertEquals("algorithm recursive-doubling, 1 rounds, 245 ns @245",
        timedReturn(new LatencyModel.Lognormal(5, 1), allreduce));
    // exp(5 + 0.25 / 2) = 168.17: sigma squared, not sigma over sigma.
    assertEquals("algorithm recursive-doubling, 1 rounds, 168 ns @168",
        timedReturn(new LatencyModel.Lognormal(5, 0.5), allreduce));
    assertEquals("algorithm dissemination, 1 rounds, 700 ns @700",
        timedReturn(new LatencyModel.Constant(700), coll(CollectiveKind.BARRIER, null, 0, null)));
  }

  /** The return of each call of rank 0 in a timed run of three ranks, as "call result @time". */
  private static List<String> timedReturnsOfRankZero(Program zero, Program others) {
    ModelSpec spec = ModelSpec.builder().rank(zero).rank(others).rank(others)
        .options(ModelOptions.defaults().withNetwork(NetworkOptions.defaults()
            .withLatency(new LatencyModel.Constant(700)))).build();
    RunResult r = Runner.timed(spec, 1, FifoScheduler.INSTANCE, RunOptions.keepingTrace(CheckKind.all()));
    assertEquals(Outcome.OK, r.outcome(), r.problems().toString());
    return r.trace().of(TraceEvent.CallReturned.class).stream().filter(e -> e.rank() == 0)
        .map(e -> e.call() + " " + e.result() + " @" + e.timeNs()).toList();
  }

  @Test
  @SpecClause(source = "MPI-3.1 §5.12", text = "a nonblocking call initiates a collective operation, which must be"
      + " completed in a separate completion call. Once initiated, the operation may progress independently of any"
      + " computation or other communication at participating processes")
  void nonblockingBarrier_returnsAtOnce_andCompletesTheAlgorithmsTimeAfterTheLastMemberCalls() {
    MpiOp ibarrier = new MpiOp.Collective(CollectiveKind.BARRIER, null, lit(0), Datatype.BYTE, null, MpiOp.WORLD,
        "r");
    Program zero = program().call(ibarrier).test("r", "f", null).waitFor("r", null).build();
    Program late = program().call(new MpiOp.Compute(lit(5000))).call(ibarrier).waitFor("r", null).build();
    List<String> returns = timedReturnsOfRankZero(zero, late);
    assertEquals(3, returns.size(), returns.toString());
    assertTrue(returns.get(0).startsWith("MPI_Ibarrier") && returns.get(0).endsWith(" @0"), returns.toString());
    assertTrue(returns.get(1).startsWith("MPI_Test") && returns.get(1).contains("flag=false"), returns.toString());
    // Three members: dissemination in 2 rounds of 700 ns, after the last member calls at 5000 ns.
    assertTrue(returns.get(2).startsWith("MPI_Wait") && returns.get(2).endsWith(" @6400"), returns.toString());
  }

  @Test
  @SpecClause(source = "MPI-3.1 §5.12", text = "Once initiated, the operation may progress independently of any"
      + " computation or other communication at participating processes")
  void nonblockingBarrier_beforeAReceive_doesNotDeadlock_whereTheBlockingOneDoes() {
    MpiOp ibarrier = new MpiOp.Collective(CollectiveKind.BARRIER, null, lit(0), Datatype.BYTE, null, MpiOp.WORLD,
        "r");
    Program zero = program().call(ibarrier).recv(lit(1), lit(0), lit(1), Datatype.INT, null).waitFor("r", null)
        .build();
    Program one = program().send(SendMode.SYNCHRONOUS, lit(0), lit(0), lit(1), Datatype.INT).call(ibarrier)
        .waitFor("r", null).build();
    for (CollectiveSync sync : CollectiveSync.values()) {
      ModelSpec spec = ModelSpec.builder().rank(zero).rank(one)
          .options(ModelOptions.defaults().withCollectiveSync(sync)).build();
      assertEquals(Set.of("ok"), verdicts(spec), sync.toString());
    }
  }
}
