package dev.matchpoint.mpi.explore;

import static dev.matchpoint.mpi.program.ProgramBuilder.anyTag;
import static dev.matchpoint.mpi.program.ProgramBuilder.count;
import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.matchpoint.core.explore.ExplorationReport;
import dev.matchpoint.core.explore.Strategy;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.rank.ModelSpec;
import org.junit.jupiter.api.Test;

class DporProbeEnablingTest {
  private static final String CLAUSE = "Exhaustive means exhaustive: every model decision reads only state the search"
      + " can see (what the state fingerprint covers), and the reduced search reaches exactly the outcomes of naive"
      + " enumeration on generated programs that use every feature";

  /**
   * The shrunk program of the property: rank 0's two threads each send an empty message to rank 1
   * (tags 1 and 0); rank 1's thread 0 runs Mprobe(0, any) then Mrecv, its thread 1 Probe(0, 0) then
   * Recv. A blocked Probe is enabled by a delivery and disabled again by the Mprobe taking the
   * message, so which of the two threads sees tag 0 first depends on the order of deliveries and
   * thread steps that touch no common object.
   */
  static ModelSpec probeEnabledByDelivery() {
    return ModelSpec.builder()
        .rank(program().send(lit(1), lit(1), lit(0), Datatype.INT).build(),
            program().send(lit(1), lit(0), lit(0), Datatype.INT).build())
        .rank(program().mprobe(lit(0), anyTag(), "m", "st").mrecv("m", count("st", Datatype.INT), Datatype.INT, null)
                .build(),
            program().probe(lit(0), lit(0), "st").recv(lit(0), lit(0), count("st", Datatype.INT), Datatype.INT, null)
                .build())
        .build();
  }

  @Test
  @SpecClause(source = "DESIGN §5", text = CLAUSE)
  void dpor_reachesTheNaiveOutcomes_whenADeliveryEnablesABlockedProbe() {
    ModelSpec spec = probeEnabledByDelivery();
    ExplorationReport naive = StrategyEquivalenceTest.run(spec, Strategy.NAIVE);
    ExplorationReport dpor = StrategyEquivalenceTest.run(spec, Strategy.DPOR);
    assertEquals(4, naive.outcomes().size(), () -> naive.outcomes().keySet().toString());
    assertEquals(naive.outcomes().keySet(), dpor.outcomes().keySet());
  }
}
