package dev.matchpoint.scenario.importer.goal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.matchpoint.core.net.CreditPolicy;
import dev.matchpoint.core.net.DeliveryOrder;
import dev.matchpoint.core.net.LatencyModel;
import dev.matchpoint.core.net.NetworkOptions;
import dev.matchpoint.core.net.ProtocolOptions;
import dev.matchpoint.core.sched.FifoScheduler;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.check.Checks;
import dev.matchpoint.mpi.rank.ModelOptions;
import dev.matchpoint.mpi.run.Outcome;
import dev.matchpoint.mpi.run.RunOptions;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.run.Runner;
import dev.matchpoint.scenario.importer.ImportedTrace;
import dev.matchpoint.scenario.importer.ScenarioConverter;
import dev.matchpoint.scenario.importer.TraceImportFormat;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** GOAL schedules imported and run under the LogGOPS rules, against LogGOPSim's timings by hand. */
class GoalTimingTest {
  @TempDir Path dir;

  private RunResult run(String goal) throws Exception {
    Path file = dir.resolve("s.goal");
    Files.writeString(file, goal);
    ImportedTrace trace = TraceImportFormat.named("goal").importer().read(file);
    ModelOptions options = ModelOptions.defaults().withNetwork(new NetworkOptions(
        new LatencyModel.LogGP(1000, 200, 100, 0.0), DeliveryOrder.PER_PAIR_FIFO,
        new ProtocolOptions(4096, 0, Long.MAX_VALUE, CreditPolicy.WAIT)));
    ScenarioConverter.Conversion c = ScenarioConverter.convert(trace, "s.goal", "s",
        ScenarioConverter.Options.defaults()).withOptions(options);
    RunResult r = Runner.timed(c.scenario().spec(), 1, FifoScheduler.INSTANCE, RunOptions.of(Checks.none()));
    assertEquals(Outcome.OK, r.outcome(), r.problems().toString());
    return r;
  }

  @Test
  @SpecClause(source = "LogGOPS (Hoefler et al., HPDC 2010), paraphrased as LogGOPSim.cpp implements it", text = "a computation of a given time occupies "
      + "the CPU of its process; it starts when the CPU is free")
  void calcAfterASend_waitsForTheSendOverhead() throws Exception {
    RunResult r = run("""
        num_ranks 2
        rank 0 {
        l1: send 1b to 1 tag 0
        l2: calc 500
        l3: send 1b to 1 tag 1
        l2 requires l1
        l3 requires l2
        }
        rank 1 {
        l1: recv 1b from 0 tag 0
        l2: recv 1b from 0 tag 1
        }
        """);
    // L = 1000, o = 200, g = 100, G = 0. Rank 0: l1 starts at 0, CPU busy until 200; the calc
    // takes the CPU 200..700; l3 starts at max(CPU 700, NIC 100) = 700 and arrives at 700 + o + L
    // = 1900. Rank 1: l1 arrives at 1200, done at 1400; l2 arrives at 1900, done at 2100, which is
    // LogGOPSim's maximum finishing time (rank 1's CPU; rank 0's ends at 900).
    assertEquals(2100, r.lastReceiveNs());
    assertEquals(2100, r.endTimeNs());
  }

  @Test
  @SpecClause(source = "LogGOPS (Hoefler et al., HPDC 2010), paraphrased as LogGOPSim.cpp implements it", text = "o is the CPU overhead of a message at "
      + "the sender and at the receiver; L is the latency of the network between them")
  void binaryTree4_endsAtTwoHopsPlusTheRootsSecondSend() throws Exception {
    RunResult r = run(Files.readString(Path.of(GoalTimingTest.class.getResource("/traces/goal/binary_tree_4.goal")
        .toURI())));
    // Rank 0 sends to 1 at 0 and to 2 at 200 (CPU); they arrive at 1200 and 1400: rank 1 done at
    // 1400, rank 2 at 1600. Rank 1 forwards to 3 at 1400: arrives at 2600, done at 2800.
    assertEquals(2800, r.lastReceiveNs());
  }
}
