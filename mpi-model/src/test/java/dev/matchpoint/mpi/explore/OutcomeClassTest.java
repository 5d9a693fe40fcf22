package dev.matchpoint.mpi.explore;

import static dev.matchpoint.mpi.program.ProgramBuilder.anySource;
import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.matchpoint.core.explore.ExplorationReport;
import dev.matchpoint.core.explore.ExploreOptions;
import dev.matchpoint.core.explore.Explorer;
import dev.matchpoint.core.explore.ProgressListener;
import dev.matchpoint.core.explore.Strategy;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.program.Expr;
import dev.matchpoint.mpi.rank.ModelSpec;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Outcome classes are what the program could observe (DESIGN §5, issue 13): schedules that differ
 * only in the order in which the model matched a thread's pending receives fall in one class, and
 * {@link Outcomes#FINE} keeps them apart.
 */
class OutcomeClassTest {
  private static final String WAITALL = "The error-free execution of MPI_WAITALL(count, array_of_requests, "
      + "array_of_statuses) has the same effect as the execution of MPI_WAIT(&array_of_request[i], "
      + "&array_of_statuses[i]), for i=0 ,..., count-1, in some arbitrary order.";

  /** Ranks 0 and 1 send one int each to rank 2, which posts two receives of the given sources and waits for both. */
  private static ModelSpec twoReceivesThenWaitall(Expr first, Expr second) {
    return ModelSpec.builder()
        .rank(program().send(lit(2), lit(0), lit(1), Datatype.INT).build())
        .rank(program().send(lit(2), lit(0), lit(1), Datatype.INT).build())
        .rank(program().irecv(first, lit(0), lit(1), Datatype.INT, "a").irecv(second, lit(0), lit(1), Datatype.INT, "b")
            .waitAll("a", "b").build())
        .build();
  }

  private static Set<String> outcomes(ModelSpec spec, Strategy strategy, Outcomes outcomes) {
    ExplorationReport r = Explorer.explore(new MpiTransitionSystem(spec, List.of(CheckKind.values()), true, outcomes),
        ExploreOptions.of(strategy).withShortestViolation(false), ProgressListener.NONE);
    assertEquals(true, r.exhaustive(), r.stopReason());
    return r.outcomes().keySet();
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.7.5", text = WAITALL)
  void waitall_ofReceivesThatMatchInEitherOrder_isOneOutcomeClass_andTwoWithFineOutcomes() {
    ModelSpec spec = twoReceivesThenWaitall(lit(0), lit(1));
    String observable = "ok | receipts r2.t0#0<-0#0 r2.t0#1<-1#0";
    for (Strategy s : List.of(Strategy.NAIVE, Strategy.DPOR, Strategy.EXHAUSTIVE)) {
      assertEquals(Set.of(observable), outcomes(spec, s, Outcomes.OBSERVABLE), s.configName());
    }
    assertEquals(Set.of("ok | receipts r2.t0<-0#0,1#0", "ok | receipts r2.t0<-1#0,0#0"),
        outcomes(spec, Strategy.NAIVE, Outcomes.FINE), "the naive enumeration sees both match orders");
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.7.5", text = "The i-th entry in array_of_statuses is set to the return status "
      + "of the i-th operation.")
  void waitall_ofTwoAnySourceReceives_keepsWhichReceiveGotWhichMessage() {
    ModelSpec spec = twoReceivesThenWaitall(anySource(), anySource());
    Set<String> expected = Set.of("ok | receipts r2.t0#0<-0#0 r2.t0#1<-1#0", "ok | receipts r2.t0#0<-1#0 r2.t0#1<-0#0");
    for (Strategy s : List.of(Strategy.NAIVE, Strategy.DPOR, Strategy.EXHAUSTIVE)) {
      assertEquals(expected, outcomes(spec, s, Outcomes.OBSERVABLE), s.configName());
    }
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.8.1", text = "If MPI_IPROBE returns flag = true, then the content of the "
      + "status object can be subsequently accessed as described in Section 3.2.5 to find the source, tag and length "
      + "of the probed message.")
  void probe_whatItReturnedIsPartOfTheOutcomeClass() {
    // Rank 2 probes for any source, then receives from rank 0 and from rank 1: the probe's result
    // is all that tells the two orders of arrival apart.
    ModelSpec spec = ModelSpec.builder()
        .rank(program().send(lit(2), lit(0), lit(1), Datatype.INT).build())
        .rank(program().send(lit(2), lit(0), lit(1), Datatype.INT).build())
        .rank(program().probe(anySource(), lit(0), "st").recv(lit(0), lit(0), lit(1), Datatype.INT, null)
            .recv(lit(1), lit(0), lit(1), Datatype.INT, null).build())
        .build();
    Set<String> expected = Set.of("ok | receipts r2.t0#0<-0#0 r2.t0#1<-1#0 | probes r2.t0<-0#0",
        "ok | receipts r2.t0#0<-0#0 r2.t0#1<-1#0 | probes r2.t0<-1#0");
    for (Strategy s : List.of(Strategy.NAIVE, Strategy.DPOR, Strategy.EXHAUSTIVE)) {
      assertEquals(expected, outcomes(spec, s, Outcomes.OBSERVABLE), s.configName());
    }
    assertEquals(Set.of("ok | receipts r2.t0<-0#0,1#0"), outcomes(spec, Strategy.NAIVE, Outcomes.FINE),
        "the fine classes left probe results out");
  }
}
