package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.matchpoint.core.ConfigException;
import dev.matchpoint.core.net.LatencyModel;
import dev.matchpoint.core.net.NetworkOptions;
import dev.matchpoint.mpi.CollectiveSync;
import dev.matchpoint.mpi.SendCancelPolicy;
import dev.matchpoint.mpi.WildcardPolicy;
import dev.matchpoint.mpi.program.Code;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.Program;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * The model's settings are checked where they are made: a missing or negative option names its
 * scenario key (docs/scenario-format.md), and a model without ranks, with an empty rank, too many
 * communicators or no MPI_COMM_WORLD is refused.
 */
class ModelConfigTest {
  private static final ModelOptions D = ModelOptions.defaults();

  private static void refused(String field, Executable e) {
    assertEquals(field, assertThrows(ConfigException.class, e).field());
  }

  @Test
  void options_refuseMissingAndNegativeValues_namingTheKey() {
    NetworkOptions n = D.network();
    refused("wildcard-policy", () -> new ModelOptions(null, n, 0, 0, D.queues(), D.sendCancel(), false));
    refused("network", () -> new ModelOptions(WildcardPolicy.ANY, null, 0, 0, D.queues(), D.sendCancel(), false));
    refused("bsend-overhead", () -> new ModelOptions(WildcardPolicy.ANY, n, -1, 0, D.queues(), D.sendCancel(), false));
    refused("call-cost", () -> new ModelOptions(WildcardPolicy.ANY, n, 0, -1, D.queues(), D.sendCancel(), false));
    refused("queues", () -> new ModelOptions(WildcardPolicy.ANY, n, 0, 0, null, D.sendCancel(), false));
    refused("send-cancel", () -> new ModelOptions(WildcardPolicy.ANY, n, 0, 0, D.queues(), null, false));
    refused("collective-sync", () -> D.withCollectiveSync(null));
  }

  @Test
  void defaults_andEachCopy_changeOnlyTheirOwnSetting() {
    assertEquals(new ModelOptions(WildcardPolicy.ANY, NetworkOptions.defaults(), 0, 0, ModelOptions.QueueKind.BUCKETED,
        SendCancelPolicy.NEVER, false, CollectiveSync.ANY), ModelOptions.defaults());
    NetworkOptions n = NetworkOptions.defaults().withLatency(new LatencyModel.Constant(5));
    ModelOptions all = D.withWildcard(WildcardPolicy.ARRIVAL).withNetwork(n)
        .withQueues(ModelOptions.QueueKind.REFERENCE).withCallCost(7).withSendCancel(SendCancelPolicy.UNTIL_MATCHED)
        .withMessageCancel(true).withCollectiveSync(CollectiveSync.ALWAYS);
    assertEquals(new ModelOptions(WildcardPolicy.ARRIVAL, n, 0, 7, ModelOptions.QueueKind.REFERENCE,
        SendCancelPolicy.UNTIL_MATCHED, true, CollectiveSync.ALWAYS), all);
  }

  @Test
  void spec_refusesModelsMPICannotRun() {
    Program p = program().build();
    Code code = ModelSpec.builder().rank(p).build().threads().get(0).get(0);
    Map<String, Integer> world = Map.of(MpiOp.WORLD, 0);
    assertEquals("a model needs at least one rank",
        assertThrows(IllegalArgumentException.class, () -> new ModelSpec(List.of(), world, D)).getMessage());
    assertEquals("rank 1 has no thread", assertThrows(IllegalArgumentException.class,
        () -> new ModelSpec(List.of(List.of(code), List.of()), world, D)).getMessage());
    assertEquals("communicator 'world' must exist with context id 0", assertThrows(IllegalArgumentException.class,
        () -> new ModelSpec(List.of(List.of(code)), Map.of(MpiOp.WORLD, 1), D)).getMessage());
    Map<String, Integer> many = new LinkedHashMap<>(world);
    for (int c = 1; c < ModelSpec.MAX_CONTEXTS; c++) {
      many.put("c" + c, c);
    }
    assertEquals(ModelSpec.MAX_CONTEXTS, new ModelSpec(List.of(List.of(code)), many, D).communicators().size());
    many.put("one-more", ModelSpec.MAX_CONTEXTS);
    assertEquals("a model has at most 256 communicators (MPI_COMM_WORLD included), got 257",
        assertThrows(IllegalArgumentException.class, () -> new ModelSpec(List.of(List.of(code)), many, D))
            .getMessage());
    assertEquals("communicator 'c' exists already", assertThrows(IllegalArgumentException.class,
        () -> ModelSpec.builder().communicator("c").communicator("c")).getMessage());
    ModelSpec two = ModelSpec.builder().rank(3, p).rank(p).communicator("dup").build();
    assertEquals(2, two.worldSize());
    assertEquals(3, two.threads().get(0).size());
    assertEquals(Map.of(MpiOp.WORLD, 0, "dup", 1), two.communicators());
    assertEquals(Collections.nCopies(3, two.threads().get(0).get(0)), two.threads().get(0));
    assertEquals(D, two.options());
    ModelOptions arrival = D.withWildcard(WildcardPolicy.ARRIVAL);
    assertEquals(arrival, ModelSpec.builder().rank(p).options(arrival).build().options());
  }
}
