package dev.matchpoint.scenario.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.sched.FifoScheduler;
import dev.matchpoint.mpi.CollectiveKind;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.ReduceOp;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.program.Expr;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.program.Stmt;
import dev.matchpoint.mpi.run.Outcome;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.run.Runner;
import dev.matchpoint.scenario.Scenario;
import dev.matchpoint.scenario.ScenarioLoader;
import dev.matchpoint.scenario.format.ScenarioWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Traced collectives become the model's collective calls (issue 15, "Imports"). */
class CollectiveImportTest {
  @TempDir Path dir;

  private static List<MpiOp> calls(Program p) {
    List<MpiOp> out = new ArrayList<>();
    for (Stmt s : p.body()) {
      if (s instanceof Stmt.Call c) {
        out.add(c.op());
      }
    }
    return out;
  }

  private static MpiOp.Collective call(CollectiveKind kind, Integer root, int count, String comm) {
    return new MpiOp.Collective(kind, root == null ? null : new Expr.Lit(root), new Expr.Lit(count), Datatype.BYTE,
        kind.reduces() ? ReduceOp.SUM : null, comm);
  }

  /** Writes the scenario as {@code import} does, reads it back and runs it in timed mode. */
  private static RunResult roundTrip(Scenario s) {
    Scenario back = ScenarioLoader.load(ScenarioWriter.write(s), "imported.yaml");
    assertEquals(s.withoutLocations().ranks(), back.withoutLocations().ranks());
    return Runner.timed(ScenarioLoader.compile(back), back.seed(), FifoScheduler.INSTANCE, back.runOptions());
  }

  @Test
  @SpecClause(source = "MPI-3.1 §5.12", text = "All processes must call collective operations (blocking and "
      + "nonblocking) in the same order per communicator.")
  void simgridTi_collectivesBecomeCollectiveCalls_inTraceOrder_andTheWrittenScenarioRunsOk() throws Exception {
    StringBuilder ti = new StringBuilder();
    String[] actions = {"init 1", "barrier", "bcast 100 2", "allreduce 8 8", "reduce 4 4 1", "gather 3 3 3",
        "scatter 5 5 0", "allgather 2 2", "alltoall 6 6", "scan 8 8", "finalize"};
    for (String a : actions) {
      for (int r = 0; r < 4; r++) {
        ti.append(r).append(' ').append(a).append('\n');
      }
    }
    Path file = dir.resolve("coll.txt");
    Files.writeString(file, ti);
    ImportedTrace trace = TraceImportFormat.SIMGRID_TI.importer().read(file);
    ScenarioConverter.Conversion c = ScenarioConverter.convert(trace, "coll.txt", "coll",
        ScenarioConverter.Options.defaults().withRankRelative());
    // "init 1" makes MPI_DOUBLE the default type: counts are elements x 8 bytes, per member (per
    // block for Gather, Scatter, Allgather, Alltoall), the same at every rank.
    List<MpiOp> expected = List.of(call(CollectiveKind.BARRIER, null, 0, MpiOp.WORLD),
        call(CollectiveKind.BCAST, 2, 800, MpiOp.WORLD), call(CollectiveKind.ALLREDUCE, null, 64, MpiOp.WORLD),
        call(CollectiveKind.REDUCE, 1, 32, MpiOp.WORLD), call(CollectiveKind.GATHER, 3, 24, MpiOp.WORLD),
        call(CollectiveKind.SCATTER, 0, 40, MpiOp.WORLD), call(CollectiveKind.ALLGATHER, null, 16, MpiOp.WORLD),
        call(CollectiveKind.ALLTOALL, null, 48, MpiOp.WORLD));
    Scenario s = c.scenario();
    for (int r = 0; r < 4; r++) {
      assertEquals(expected, calls(s.ranks().get(r).get(0)), "rank " + r);
    }
    assertTrue(c.notes().contains("4 SCAN call(s), a collective the model does not have, at 4 location(s), were "
        + "left out."), c.notes().toString());
    assertTrue(c.notes().stream().anyMatch(n -> n.contains("MPI_SUM")), c.notes().toString());
    RunResult run = roundTrip(s);
    assertEquals(Outcome.OK, run.outcome(), run.problems().toString());
  }

  @Test
  @SpecClause(source = "MPI-3.1 §5.4", text = "The type signature of count, datatype on any process must be equal "
      + "to the type signature of count, datatype at the root.")
  void otf2ByteCounts_giveEveryMemberTheSameCount_rootsBecomeWorldRanks_andUnmappableCallsAreNoted() throws Exception {
    // Written by libotf2 (generate.py, collectives/): three ranks whose MpiCollectiveEnd records carry
    // the bytes Score-P counts; a reordered communicator of every rank (comm rank 0 is world rank 2)
    // and a pair of ranks 0 and 1.
    ImportedTrace trace = TraceImportFormat.OTF2.importer().read(
        ConversionAndReplayTest.resource("/traces/otf2/collectives/traces.otf2"));
    ScenarioConverter.Conversion c = ScenarioConverter.convert(trace, "t.otf2", "t",
        ScenarioConverter.Options.defaults());
    List<MpiOp> expected = List.of(call(CollectiveKind.BCAST, 2, 10, "comm1"),
        call(CollectiveKind.GATHER, 0, 5, MpiOp.WORLD), call(CollectiveKind.ALLREDUCE, null, 8, MpiOp.WORLD),
        call(CollectiveKind.BARRIER, null, 0, MpiOp.WORLD));
    for (int r = 0; r < 3; r++) {
      assertEquals(expected, calls(c.scenario().ranks().get(r).get(0)).stream()
          .filter(op -> op instanceof MpiOp.Collective).toList(), "rank " + r);
    }
    assertTrue(c.scenario().communicators().contains("comm1"), c.scenario().communicators().toString());
    assertTrue(c.notes().contains("2 MPI_Barrier call(s) on communicator pair, which is not all 3 ranks (the "
        + "model's communicators are duplicates of the world), at 2 location(s), were left out."),
        c.notes().toString());
    assertTrue(c.notes().contains("3 REDUCE_SCATTER call(s), a collective the model does not have, at 3 "
        + "location(s), were left out."), c.notes().toString());
    RunResult run = roundTrip(c.scenario());
    assertEquals(Outcome.OK, run.outcome(), run.problems().toString());
  }

  @Test
  @SpecClause(source = "MPI-3.1 §5.3", text = "If comm is an intracommunicator, MPI_BARRIER blocks the caller until "
      + "all group members have called it.")
  void otf2Archive_barrierOfEveryRank_isImported_andWaitsForTheRankThatNeverCallsIt() throws Exception {
    Path file = ConversionAndReplayTest.resource("/traces/otf2/rich/traces.otf2");
    ImportedTrace trace = TraceImportFormat.OTF2.importer().read(file);
    ScenarioConverter.Conversion c = ScenarioConverter.convert(trace, "rich.otf2", "rich",
        ScenarioConverter.Options.defaults());
    for (int r = 0; r < 3; r++) {
      List<MpiOp> ops = calls(c.scenario().ranks().get(r).get(0));
      assertEquals(call(CollectiveKind.BARRIER, null, 0, MpiOp.WORLD), ops.get(ops.size() - 1), "rank " + r);
    }
    RunResult run = roundTrip(c.scenario());
    // The archive has a receive nobody sends (generate.py): rank 1 never reaches the barrier, so
    // ranks 0 and 2 wait in it for rank 1 (before, without the barrier, they simply ended).
    assertEquals(Outcome.DEADLOCK, run.outcome());
    assertEquals(List.of("r0.t0 MPI_Barrier collective #0: ranks [1] have not called it",
        "r1.t0 MPI_Recv receive r1.t0#5 (source 2, tag 12, context 0): no matching message",
        "r2.t0 MPI_Barrier collective #0: ranks [1] have not called it"),
        run.report().threads().stream().map(t -> t.thread() + " " + t.call().substring(0, t.call().indexOf('('))
            + " " + t.waitingFor()).toList());
  }

  private static MpiOp.Collective vcall(CollectiveKind kind, int root, int count, List<Integer> counts) {
    return new MpiOp.Collective(kind, new Expr.Lit(root), new Expr.Lit(count), Datatype.BYTE, null, MpiOp.WORLD, null,
        counts == null ? null : counts.stream().<Expr>map(Expr.Lit::new).toList());
  }

  @Test
  @SpecClause(source = "MPI-3.1 §5.5", text = "The type signature implied by sendcount, sendtype on process i must be "
      + "equal to the type signature implied by recvcounts[i], recvtype at the root.")
  void otf2GathervAndScatterv_becomeCalls_whoseRootListsEveryMembersBytes_andReduceScatterBlockItsBlock()
      throws Exception {
    // Written by libotf2 (generate.py, vcollectives/): a Gatherv to root 1 of 4, 8 and 12 bytes, a
    // Scatterv from root 0 of 8, 16 and 24 bytes, a Reduce_scatter_block of 4-byte blocks.
    ImportedTrace trace = TraceImportFormat.OTF2.importer().read(
        ConversionAndReplayTest.resource("/traces/otf2/vcollectives/traces.otf2"));
    ScenarioConverter.Conversion c = ScenarioConverter.convert(trace, "v.otf2", "v",
        ScenarioConverter.Options.defaults());
    for (int r = 0; r < 3; r++) {
      List<MpiOp> expected = List.of(
          vcall(CollectiveKind.GATHERV, 1, 4 * (r + 1), r == 1 ? List.of(4, 8, 12) : null),
          vcall(CollectiveKind.SCATTERV, 0, 8 * (r + 1), r == 0 ? List.of(8, 16, 24) : null),
          new MpiOp.Collective(CollectiveKind.REDUCE_SCATTER_BLOCK, null, new Expr.Lit(4), Datatype.BYTE,
              ReduceOp.SUM, MpiOp.WORLD));
      assertEquals(expected, calls(c.scenario().ranks().get(r).get(0)), "rank " + r);
    }
    assertTrue(c.notes().stream().noneMatch(n -> n.contains("left out")), c.notes().toString());
    RunResult run = roundTrip(c.scenario());
    assertEquals(Outcome.OK, run.outcome(), run.problems().toString());
  }

  @Test
  @SpecClause(source = "MPI-3.1 §5.6", text = "The type signature implied by sendcount[i], sendtype at the root must "
      + "be equal to the type signature implied by recvcount, recvtype at process i (however, the type maps may be "
      + "different).")
  void simgridTiGathervAndScatterv_becomeCalls_withTheRootsList_soAMemberThatDiffersStaysErroneous() throws Exception {
    // smpi_replay's forms: gatherv <send> <recv_0..recv_n-1> [root]; scatterv <send_0..send_n-1> <recv> [root].
    String ti = "0 gatherv 1 1 2 3 2\n1 gatherv 2 1 2 3 2\n2 gatherv 3 1 2 3 2\n"
        + "0 scatterv 2 1 1 2 0\n1 scatterv 2 1 1 1 0\n2 scatterv 2 1 1 1 0\n";
    Path file = dir.resolve("v.txt");
    Files.writeString(file, ti);
    ScenarioConverter.Conversion c = ScenarioConverter.convert(TraceImportFormat.SIMGRID_TI.importer().read(file),
        "v.txt", "v", ScenarioConverter.Options.defaults().withRankRelative());
    // The default type is MPI_BYTE without an init line: counts are bytes.
    assertEquals(List.of(vcall(CollectiveKind.GATHERV, 2, 3, List.of(1, 2, 3)),
        vcall(CollectiveKind.SCATTERV, 0, 1, null)), calls(c.scenario().ranks().get(2).get(0)));
    assertEquals(List.of(vcall(CollectiveKind.GATHERV, 2, 1, null),
        vcall(CollectiveKind.SCATTERV, 0, 2, List.of(2, 1, 1))), calls(c.scenario().ranks().get(0).get(0)));
    RunResult run = roundTrip(c.scenario());
    assertEquals(Outcome.OK, run.outcome(), run.problems().toString());
    // The root's list is the trace's: rank 1 receiving 2 bytes where sendcounts[1] is 1 stays erroneous.
    Files.writeString(file, ti.replace("1 scatterv 2 1 1 1 0", "1 scatterv 2 1 1 2 0"));
    Scenario bad = ScenarioConverter.convert(TraceImportFormat.SIMGRID_TI.importer().read(file), "v.txt", "v",
        ScenarioConverter.Options.defaults().withRankRelative()).scenario();
    assertEquals(vcall(CollectiveKind.SCATTERV, 0, 2, List.of(2, 1, 1)), calls(bad.ranks().get(0).get(0)).get(1));
    assertEquals(Outcome.ERRONEOUS, roundTrip(bad).outcome());
  }
}
