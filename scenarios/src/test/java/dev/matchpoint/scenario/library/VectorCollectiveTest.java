package dev.matchpoint.scenario.library;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.sched.FifoScheduler;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.Stmt;
import dev.matchpoint.mpi.run.Outcome;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.run.Runner;
import dev.matchpoint.mpi.trace.TraceEvent;
import dev.matchpoint.scenario.Scenario;
import dev.matchpoint.scenario.ScenarioException;
import dev.matchpoint.scenario.ScenarioLoader;
import dev.matchpoint.scenario.format.ScenarioWriter;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** MPI_Gatherv, MPI_Scatterv, MPI_Reduce_scatter_block and their nonblocking forms (MPI-3.1 §5.5, §5.6, §5.10.1). */
class VectorCollectiveTest {
  private static final String GATHERV = "MPI-3.1 §5.5";
  private static final String GATHERV_RULE = "The type signature implied by sendcount, sendtype on process i must be "
      + "equal to the type signature implied by recvcounts[i], recvtype at the root.";
  private static final String SCATTERV_RULE = "The type signature implied by sendcount[i], sendtype at the root must "
      + "be equal to the type signature implied by recvcount, recvtype at process i (however, the type maps may be "
      + "different).";

  private static Scenario load(String text) {
    return CollectiveTest.load(text);
  }

  /** Three ranks running the same statements, {@code stmt} (its first line after "- "). */
  private static Scenario everyRank(String stmt) {
    return load("scenario: v\nranks:\n  - rank: 0..2\n    program:\n      - " + stmt + "\n");
  }

  private static List<TraceEvent.ErroneousUse> erroneous(RunResult r) {
    return r.trace().of(TraceEvent.ErroneousUse.class);
  }

  @Test
  @SpecClause(source = GATHERV, text = GATHERV_RULE)
  void gathervWithUnequalCounts_matchesAtEveryMember_andTheRootNamesEachMembersCount() {
    Scenario s = everyRank("gatherv: {root: 0, count: rank + 1, counts: [1, 2, 3]}");
    assertEquals(Set.of("ok"), CollectiveTest.outcomes(s));
    RunResult r = CollectiveTest.timed(s);
    assertEquals(Outcome.OK, r.outcome(), r.problems().toString());
    assertEquals(List.of("MPI_Gatherv(root=0 count=1 MPI_INT recvcounts=[1, 2, 3] comm=world)",
        "MPI_Gatherv(root=0 count=2 MPI_INT recvcounts=[1, 2, 3] comm=world)",
        "MPI_Gatherv(root=0 count=3 MPI_INT recvcounts=[1, 2, 3] comm=world)"),
        r.trace().of(TraceEvent.CallStarted.class).stream().map(e -> e.call() + "(" + e.args() + ")").toList());
  }

  @Test
  @SpecClause(source = GATHERV, text = GATHERV_RULE)
  void gathervWhoseMemberSendsOtherThanItsEntry_isErroneous_atTheLaterCall_withBothLocations() {
    Scenario s = load("""
        scenario: v
        ranks:
          - rank: 0
            program:
              - gatherv: {root: 0, count: 1, counts: [1, 2, 3]}
          - rank: 1..2
            program:
              - compute: {ns: 100000}
              - gatherv: {root: 0, count: 2}
        """);
    RunResult r = CollectiveTest.timed(s);
    assertEquals(Outcome.ERRONEOUS, r.outcome());
    TraceEvent.ErroneousUse e = erroneous(r).get(0);
    assertEquals("collective calls do not match (MPI-3.1 §5.1, §5.12)", e.rule());
    assertEquals(2, e.rank(), e.toString());
    assertEquals("collective #0 on world: sendcount 2 x MPI_INT here but recvcounts[2] = 3 x MPI_INT at root rank 0 "
        + "(t.yaml:9:9 vs t.yaml:5:9)", e.detail());
    assertEquals(1, erroneous(r).size(), erroneous(r).toString());
    // Explored, the root may also call last: then the root's call is the later one and names the member.
    assertEquals(Set.of("erroneous"), CollectiveTest.outcomes(s));
    RunResult rootLast = CollectiveTest.timed(load("""
        scenario: v
        ranks:
          - rank: 0
            program:
              - compute: {ns: 100000}
              - gatherv: {root: 0, count: 1, counts: [1, 2, 3]}
          - rank: 1..2
            program:
              - gatherv: {root: 0, count: 2}
        """));
    assertEquals("collective #0 on world: recvcounts[2] = 3 x MPI_INT here but sendcount 2 x MPI_INT at rank 2 "
        + "(t.yaml:6:9 vs t.yaml:9:9)", erroneous(rootLast).get(0).detail());
  }

  @Test
  @SpecClause(source = GATHERV, text = GATHERV_RULE)
  void gathervSignatures_compareBasicElements_notDatatypeNames() {
    // Rank 1 sends one contiguous type of two ints where the root expects two MPI_INT: equal signatures.
    // A float where the root expects an int is a mismatch; an empty signature matches any type.
    String text = """
        scenario: v
        ranks:
          - rank: 0
            program:
              - gatherv: {root: 0, count: 0, counts: [0, 2, %s], type: int}
          - rank: 1
            program:
              - type-contiguous: {count: 2, oldtype: int, into: two}
              - type-commit: {type: two}
              - gatherv: {root: 0, count: 1, type: two}
          - rank: 2
            program:
              - gatherv: {root: 0, count: %s, type: %s}
        """;
    assertEquals(Set.of("ok"), CollectiveTest.outcomes(load(String.format(text, 1, 1, "int"))));
    assertEquals(Set.of("erroneous"), CollectiveTest.outcomes(load(String.format(text, 1, 1, "float"))));
    assertEquals(Set.of("ok"), CollectiveTest.outcomes(load(String.format(text, 0, 0, "float"))));
  }

  @Test
  @SpecClause(source = GATHERV, text = GATHERV_RULE)
  void theRootsEntries_countBasicElementsOfItsType_upToTheModelsLimit() {
    // The root's type is two ints: each entry of 1 is two basic elements, which a member's 2 x
    // MPI_INT matches. An entry of 2^30 such elements is 2^31 ints, more than the model counts:
    // MPI_ERR_COUNT at the root. 2^31 - 1 x MPI_INT is the largest entry it takes (here a
    // member's 1 x MPI_INT does not match it: an erroneous use, not an MPI error).
    String twoInts = """
        scenario: v
        ranks:
          - rank: 0
            program:
              - type-contiguous: {count: 2, oldtype: int, into: two}
              - type-commit: {type: two}
              - gatherv: {root: 0, count: 1, counts: [1, %s, 1], type: two}
          - rank: 1..2
            program:
              - gatherv: {root: 0, count: 2}
        """;
    RunResult ok = CollectiveTest.timed(load(twoInts.formatted("1")));
    assertEquals(Outcome.OK, ok.outcome(), ok.problems().toString());
    RunResult tooMany = CollectiveTest.timed(load(twoInts.formatted("1073741824")));
    assertEquals(List.of("MPI_ERR_COUNT from MPI_Gatherv at r0.t0"), tooMany.problems());
    assertEquals(List.of("recvcounts[1] = 1073741824 has too many basic elements for the model"), tooMany.trace()
        .of(TraceEvent.ErrorRaised.class).stream().map(TraceEvent.ErrorRaised::detail).toList());
    RunResult largest = CollectiveTest.timed(everyRank("gatherv: {root: 0, count: 1, counts: [1, 1, 2147483647]}"));
    assertEquals(List.of(), largest.problems().stream().filter(p -> p.startsWith("MPI_ERR")).toList());
    assertTrue(erroneous(largest).get(0).detail().contains("recvcounts[2] = 2147483647 x MPI_INT"),
        erroneous(largest).toString());
  }

  @Test
  @SpecClause(source = GATHERV, text = GATHERV_RULE)
  void theRootCallingLast_reportsTheFirstMismatchedMember_pastMembersThatCalledAnotherOperation() {
    // The root calls last. Rank 1 called MPI_Gather instead (a mismatch of its own, reported at its
    // own call or the root's); ranks 2 and 3 send 2 ints where the root's entries say 3. The root
    // names rank 2, the first mismatched MPI_Gatherv, and only it.
    RunResult r = CollectiveTest.timed(load("""
        scenario: v
        ranks:
          - rank: 0
            program:
              - compute: {ns: 100000}
              - gatherv: {root: 0, count: 1, counts: [1, 1, 3, 3]}
          - rank: 1
            program:
              - gather: {root: 0, count: 1}
          - rank: 2..3
            program:
              - gatherv: {root: 0, count: 2}
        """));
    List<String> members = erroneous(r).stream().map(TraceEvent.ErroneousUse::detail)
        .filter(d -> d.contains("sendcount")).toList();
    assertEquals(List.of("collective #0 on world: recvcounts[2] = 3 x MPI_INT here but sendcount 2 x MPI_INT at rank 2 "
        + "(t.yaml:6:9 vs t.yaml:12:9)"), members, erroneous(r).toString());
  }

  @Test
  @SpecClause(source = "MPI-3.1 §5.6", text = SCATTERV_RULE)
  void scatterv_matchesPerMember_andAMismatchIsErroneous() {
    assertEquals(Set.of("ok"), CollectiveTest.outcomes(everyRank("scatterv: {root: 1, count: 2 - rank, counts: [2, "
        + "1, 0]}")));
    Scenario bad = everyRank("scatterv: {root: 1, count: 1, counts: [1, 1, 2]}");
    assertEquals(Set.of("erroneous"), CollectiveTest.outcomes(bad));
    RunResult r = CollectiveTest.timed(bad);
    assertTrue(erroneous(r).get(0).detail().contains("recvcount 1 x MPI_INT")
        && erroneous(r).get(0).detail().contains("sendcounts[2] = 2 x MPI_INT"), erroneous(r).toString());
  }

  @Test
  @SpecClause(source = GATHERV, text = "recvcounts non-negative integer array (of length group size) containing "
      + "the number of elements that are received from each process (significant only at root)")
  void theRootsCountList_isCheckedAtTheRootOnly() {
    // On a split communicator of two (its size known only when it runs) the root, rank 1, gives three
    // counts: MPI_ERR_ARG there. Rank 0's list, not significant, is neither evaluated nor checked.
    Scenario split = splitGatherv("[1, 1, 1]");
    // (Rank 0 may also synchronise and then wait for ever for the root's call, which the error ended.)
    assertEquals(Set.of("deadlock", "erroneous"), CollectiveTest.outcomes(split));
    assertEquals(List.of("MPI_ERR_ARG from MPI_Gatherv at r1.t0"), CollectiveTest.timed(split).problems());
    assertEquals(Outcome.OK, CollectiveTest.timed(splitGatherv("[1, 1]")).outcome());
    RunResult missing = CollectiveTest.timed(everyRank("gatherv: {root: 0}"));
    assertEquals(List.of("MPI_ERR_ARG from MPI_Gatherv at r0.t0"), missing.problems());
    RunResult negative = CollectiveTest.timed(everyRank("igatherv: {root: 2, counts: [1, rank - 3, 1], request: q}\n"
        + "      - wait: {request: q}"));
    assertEquals(List.of("MPI_ERR_COUNT from MPI_Igatherv at r2.t0"), negative.problems());
    // On world the length is known from the file, and a literal's sign: usage errors with their location.
    ScenarioException negative1 = assertThrows(ScenarioException.class,
        () -> everyRank("gatherv: {root: 0, counts: [1, -1, 1]}"));
    assertTrue(negative1.getMessage().startsWith("t.yaml:5:40:") && negative1.getMessage().contains("count -1 in "
        + "'counts' of gatherv must not be negative"), negative1.getMessage());
    ScenarioException e = assertThrows(ScenarioException.class, () -> everyRank("scatterv: {root: 0, counts: [1, 2]}"));
    assertTrue(e.getMessage().startsWith("t.yaml:5:") && e.getMessage().contains("'counts' of scatterv has 2 entries "
        + "but world has 3 members"), e.getMessage());
  }

  /**
   * Two ranks split off a communicator of their own and call MPI_Gatherv with root 1, whose count
   * list is {@code rootCounts}; rank 0's list, not significant, would fail if it were evaluated.
   */
  private static Scenario splitGatherv(String rootCounts) {
    return load("""
        scenario: v
        ranks:
          - rank: 0
            program:
              - comm-split: {color: 0, into: c}
              - gatherv: {root: 1, counts: [rank - 5, 1 / 0], comm: c}
          - rank: 1
            program:
              - comm-split: {color: 0, into: c}
              - gatherv: {root: 1, counts: %s, comm: c}
        """.formatted(rootCounts));
  }

  @Test
  @SpecClause(source = "MPI-3.1 §5.10.1", text = "The routine is called by all group members using the same arguments "
      + "for recvcount, datatype, op and comm.")
  void reduceScatterBlock_waitsForEveryMember_andMismatchedRecvcountOrOpIsErroneous() {
    Scenario ok = everyRank("reduce-scatter-block: {count: 2, op: sum}");
    assertEquals(Set.of("ok"), CollectiveTest.outcomes(ok));
    String base = "scenario: v\nranks:\n  - rank: 0..1\n    program:\n      - reduce-scatter-block: {count: 2, op: "
        + "sum}\n  - rank: 2\n    program:\n      - reduce-scatter-block: {%s}\n";
    for (String[] bad : List.of(new String[] {"count: 3, op: sum", "type signature 3 x MPI_INT here but 2 x MPI_INT"},
        new String[] {"count: 2, op: max", "operator MPI_MAX here but MPI_SUM"})) {
      Scenario s = load(String.format(base, bad[0]));
      assertEquals(Set.of("erroneous"), CollectiveTest.outcomes(s), bad[0]);
      String detail = erroneous(CollectiveTest.timed(s)).get(0).detail();
      assertTrue(detail.contains(bad[1]), detail);
    }
    // Every member needs every member's call: a member that never calls leaves the others waiting.
    RunResult r = CollectiveTest.timed(load("scenario: v\nranks:\n  - rank: 0..1\n    program:\n      - "
        + "reduce-scatter-block: {op: sum}\n  - rank: 2\n    program: []\n"));
    assertEquals(Outcome.DEADLOCK, r.outcome());
  }

  @Test
  @SpecClause(source = "MPI-3.1 §5.12", text = "a nonblocking call initiates a collective operation, which must be "
      + "completed in a separate completion call")
  void nonblockingForms_completeThroughWait_inLogicalAndTimedMode() {
    Scenario s = everyRank("igatherv: {root: 1, count: rank, counts: [0, 1, 2], request: a}\n      - iscatterv: "
        + "{root: 2, count: 1, counts: [1, 1, 1], type: double, request: b}\n      - ireduce-scatter-block: {count: 4, "
        + "op: max, request: c}\n      - waitall: {requests: [c, b, a]}");
    assertEquals(Set.of("ok"), CollectiveTest.outcomes(s));
    RunResult logical = Runner.logical(ScenarioLoader.compile(s), FifoScheduler.INSTANCE, s.runOptions()
        .withKeepTrace(true));
    assertEquals(Outcome.OK, logical.outcome(), logical.problems().toString());
    RunResult timed = CollectiveTest.timed(s);
    assertEquals(Outcome.OK, timed.outcome(), timed.problems().toString());
    assertEquals(List.of("MPI_Igatherv", "MPI_Iscatterv", "MPI_Ireduce_scatter_block", "MPI_Waitall"),
        timed.trace().of(TraceEvent.CallReturned.class).stream().filter(e -> e.rank() == 0)
            .map(TraceEvent.CallReturned::call).toList());
    // Their order is the call order: an Igatherv never matches a blocking Gatherv.
    Scenario mixed = load("scenario: v\nranks:\n  - rank: 0\n    program:\n      - igatherv: {root: 0, counts: [1, 1],"
        + " request: a}\n      - wait: {request: a}\n  - rank: 1\n    program:\n      - gatherv: {root: 0}\n");
    assertTrue(erroneous(CollectiveTest.timed(mixed)).get(0).detail().contains("MPI_Gatherv here but MPI_Igatherv"));
  }

  @Test
  @SpecClause(source = "MPI-3.1 §5.1", text = "MPI guarantees that messages generated on behalf of collective "
      + "communication calls will not be confused with messages generated by point-to-point communication.")
  void vForms_neverTakeAPointToPointMessage() {
    Scenario s = load("""
        scenario: v
        ranks:
          - rank: 0
            program:
              - send: {dest: 1, tag: 0}
              - scatterv: {root: 0, counts: [1, 1]}
              - gatherv: {root: 0, counts: [1, 1]}
          - rank: 1
            program:
              - scatterv: {root: 0}
              - gatherv: {root: 0}
              - recv: {source: 0, tag: 0, status: st}
        """);
    assertEquals(Set.of("ok"), CollectiveTest.outcomes(s));
    RunResult r = CollectiveTest.timed(s);
    assertEquals(Outcome.OK, r.outcome(), r.problems().toString());
    assertEquals(1, r.trace().matches().size());
  }

  @Test
  @SpecClause(source = "docs/scenario-format.md", text = "once a member may return it still takes the algorithm's"
      + " time: the number of rounds of a standard algorithm for `n` members times the cost of one message")
  void timedRun_namesTheAlgorithm_andCostsTheRootsLargestBlock() {
    RunResult r = CollectiveTest.timed(load("""
        scenario: v
        ranks:
          - rank: 0..4
            program:
              - gatherv: {root: 0, count: 1, counts: [1, 1, 1, 1, 1], type: double}
              - scatterv: {root: 0, count: "rank * 100", counts: [0, 100, 200, 300, 400], type: double}
              - reduce-scatter-block: {count: 1, type: int, op: sum}
        """));
    assertEquals(Outcome.OK, r.outcome(), r.problems().toString());
    // 5 ranks: ceil(log2 5) = 3 rounds of 2o + L + (n-1)G (as CollectiveTest): 1401 ns for 8 bytes; the
    // Scatterv root costs its largest block, 400 doubles, more than rank 1 its own 100.
    List<String> root = r.trace().of(TraceEvent.CallReturned.class).stream().filter(e -> e.rank() == 0)
        .map(e -> e.call() + " " + e.result()).toList();
    List<String> one = r.trace().of(TraceEvent.CallReturned.class).stream().filter(e -> e.rank() == 1)
        .map(e -> e.call() + " " + e.result()).toList();
    assertEquals("MPI_Gatherv algorithm binomial-tree, 3 rounds, 4203 ns", root.get(0));
    assertEquals("MPI_Reduce_scatter_block algorithm recursive-halving, 3 rounds, 4200 ns", root.get(2));
    assertTrue(root.get(1).startsWith("MPI_Scatterv algorithm binomial-tree, 3 rounds, "), root.toString());
    long rootNs = nanos(root.get(1));
    long oneNs = nanos(one.get(1));
    assertTrue(rootNs > oneNs && oneNs > 4200, root + " " + one);
  }

  private static long nanos(String result) {
    String[] w = result.split(" ");
    return Long.parseLong(w[w.length - 2]);
  }

  @Test
  void statements_parse_andWriteBackToAnEqualScenario() {
    Scenario s = everyRank("gatherv: {root: 0, count: rank, counts: [0, 1, size - 1], type: double}\n      - "
        + "scatterv: {root: 2, count: 1, counts: [1, 1, 1], comm: world}\n      - reduce-scatter-block: {count: 3, "
        + "op: min}\n      - igatherv: {root: 1, request: a}\n      - iscatterv: {root: 1, request: b}\n      - "
        + "ireduce-scatter-block: {op: prod, request: c}");
    List<MpiOp.Collective> calls = s.ranks().get(0).get(0).body().stream()
        .map(st -> (MpiOp.Collective) ((Stmt.Call) st).op()).toList();
    assertEquals(List.of("MPI_Gatherv", "MPI_Scatterv", "MPI_Reduce_scatter_block", "MPI_Igatherv", "MPI_Iscatterv",
        "MPI_Ireduce_scatter_block"), calls.stream().map(MpiOp::mpiName).toList());
    assertEquals(3, calls.get(0).counts().size());
    assertEquals(null, calls.get(3).counts());
    String written = ScenarioWriter.write(s);
    assertTrue(written.contains("counts: [0, 1, size - 1]"), written);
    assertEquals(s.withoutLocations(), ScenarioLoader.load(written, "u.yaml").withoutLocations());
  }
}
