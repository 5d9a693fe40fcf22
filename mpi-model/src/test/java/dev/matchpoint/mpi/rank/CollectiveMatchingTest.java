package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.matchpoint.mpi.CollectiveKind;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.run.Outcome;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.trace.TraceEvent;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Collective calls matched across members where the arguments differ: a blocking call against a
 * nonblocking one, a Gatherv member against the root's count entry, and a root's invalid counts.
 */
class CollectiveMatchingTest {
  private static final MpiOp MEMBER_GATHERV = new MpiOp.Collective(CollectiveKind.GATHERV, lit(0), lit(1),
      Datatype.INT, null, MpiOp.WORLD, null, null);

  private static MpiOp rootGatherv(int first, int second) {
    return new MpiOp.Collective(CollectiveKind.GATHERV, lit(0), lit(1), Datatype.INT, null, MpiOp.WORLD, null,
        List.of(lit(first), lit(second)));
  }

  private static List<String> erroneous(RunResult r) {
    return r.trace().of(TraceEvent.ErroneousUse.class).stream().map(e -> "r" + e.rank() + " " + e.detail()).toList();
  }

  @Test
  @SpecClause(source = "MPI-3.1 §5.12", text = "Unlike point-to-point operations, nonblocking collective operations do"
      + " not match with blocking collective operations")
  void aBarrierMetByAnIbarrier_isErroneous_yetCountsAsTheMembersCall_soTheIbarriersRequestCompletes() {
    // Rank 1's blocking Barrier (at 1000 ns) is the same operation as rank 0's Ibarrier: an erroneous use reported
    // at rank 1; the model still takes it as rank 1's arrival, so rank 0's Wait returns instead of deadlocking.
    MpiOp ibarrier = new MpiOp.Collective(CollectiveKind.BARRIER, null, lit(0), Datatype.BYTE, null, MpiOp.WORLD,
        "q");
    MpiOp barrier = new MpiOp.Collective(CollectiveKind.BARRIER, null, lit(0), Datatype.BYTE, null, MpiOp.WORLD);
    RunResult r = RankRuns.run(program().call(ibarrier).waitFor("q", null).build(),
        program().call(new MpiOp.Compute(lit(1000))).call(barrier).build());
    assertEquals(Outcome.ERRONEOUS, r.outcome());
    assertEquals(List.of("r1 collective #0 on world: MPI_Barrier here but MPI_Ibarrier at rank 0 (<java> vs <java>)"),
        erroneous(r));
    assertEquals(List.of("MPI_Ibarrier", "MPI_Wait"), RankRuns.returns(r, 0).stream().map(String::strip).toList());
  }

  @Test
  @SpecClause(source = "MPI-3.1 §5.5", text = "The type signature implied by sendcount, sendtype on process i must be"
      + " equal to the type signature implied by recvcounts[i], recvtype at the root.")
  void aGathervMemberCallingAfterTheRoot_isMatchedAgainstItsEntryOfTheRootsCounts() {
    // The root gives rank 1 two ints; rank 1 sends one, after the root's call: reported at rank 1.
    RunResult r = RankRuns.run(program().call(rootGatherv(1, 2)).build(),
        program().call(new MpiOp.Compute(lit(1000))).call(MEMBER_GATHERV).build());
    assertEquals(List.of("r1 collective #0 on world: sendcount 1 x MPI_INT here but recvcounts[1] = 2 x MPI_INT at"
        + " root rank 0 (<java> vs <java>)"), erroneous(r));
    RunResult same = RankRuns.run(program().call(rootGatherv(1, 1)).build(),
        program().call(new MpiOp.Compute(lit(1000))).call(MEMBER_GATHERV).build());
    assertEquals(Outcome.OK, same.outcome(), same.problems().toString());
  }

  @Test
  @SpecClause(source = "MPI-3.1 §2.8", text = "MPI_ERR_COUNT Invalid count argument")
  void aGathervRootWithANegativeCount_returnsMpiErrCount_andItsCallIsNotLogged() {
    // The root's call fails and is not the communicator's operation #0: rank 1's Gatherv, needing nobody's
    // call, returns alone, and the root reports nothing else.
    RunResult r = RankRuns.run(program().call(rootGatherv(1, -2)).build(), program().call(MEMBER_GATHERV).build());
    assertEquals(List.of("MPI_Gatherv MPI_ERR_COUNT"), RankRuns.errors(r));
    assertEquals(List.of("MPI_Gatherv  MPI_ERR_COUNT"), RankRuns.returns(r, 0));
    assertEquals(List.of(), erroneous(r));
    assertEquals(1, RankRuns.returns(r, 1).size());
  }
}
