package dev.matchpoint.properties;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.matchpoint.core.codec.StateCodec;
import dev.matchpoint.core.explore.Footprint;
import dev.matchpoint.core.explore.StateKey;
import dev.matchpoint.core.explore.TransitionSystem;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.explore.MpiTransitionSystem;
import dev.matchpoint.mpi.explore.Outcomes;
import dev.matchpoint.mpi.rank.Action;
import dev.matchpoint.mpi.rank.World;
import dev.matchpoint.scenario.Scenario;
import dev.matchpoint.scenario.ScenarioLoader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The compact state encoding ({@code WorldCodec}, issue 13) loses nothing a search reads: on every
 * library scenario and on generated programs that use every feature, each reachable state (the
 * first {@link #MAX_STATES} in breadth-first order, every enabled action expanded) decodes to a
 * state with its fingerprint, its enabled actions and their descriptions, its persistent set, its
 * verdict when final, and its successors (same fingerprints, encodings and footprints), and
 * re-encodes to the same bytes.
 */
class StateCodecProperties {
  static final int MAX_STATES = 400;
  private static final String CLAUSE = "States are compact, serialisable encodings with incremental fingerprints; "
      + "the visited set holds fingerprints in primitive tables. The same encoding serves the parallel search (all "
      + "cores) and the search sharded by fingerprint on Apache Spark";
  private static final Path LIBRARY = Path.of("..", "scenarios", "library");

  @Provide
  Arbitrary<SwarmProgram> everyFeature() {
    return MpiArbitraries.swarmPrograms();
  }

  @Property(tries = 60, edgeCases = EdgeCasesMode.NONE)
  @SpecClause(source = "DESIGN §5", text = CLAUSE)
  void everyReachableState_ofAGeneratedProgram_decodesToAnEquivalentState(@ForAll("everyFeature") SwarmProgram p) {
    Outcomes o = p.spec().hashCode() % 2 == 0 ? Outcomes.OBSERVABLE : Outcomes.FINE;
    roundTrips(new MpiTransitionSystem(p.spec(), List.of(CheckKind.values()), true, o), p.toString());
  }

  @Example
  @SpecClause(source = "DESIGN §5", text = CLAUSE)
  void everyReachableState_ofEveryLibraryScenario_decodesToAnEquivalentState() throws IOException {
    List<Path> files;
    try (Stream<Path> s = Files.list(LIBRARY)) {
      files = s.filter(f -> f.toString().endsWith(".yaml")).sorted().toList();
    }
    for (Path f : files) {
      Scenario s = ScenarioLoader.load(f);
      roundTrips(new MpiTransitionSystem(ScenarioLoader.compile(s), s.checks(), true), f.toString());
    }
  }

  /** Walks the first {@link #MAX_STATES} states and checks each round trip; returns the states walked. */
  static int roundTrips(TransitionSystem<World, Action> ts, String subject) {
    StateCodec<World> codec = ts.codec();
    Deque<World> queue = new ArrayDeque<>();
    Set<StateKey> seen = new HashSet<>();
    World init = ts.initial();
    queue.add(init);
    seen.add(StateKey.of(ts, init));
    int walked = 0;
    while (!queue.isEmpty() && walked < MAX_STATES) {
      World w = queue.poll();
      walked++;
      byte[] bytes = codec.encode(w);
      World d = codec.decode(bytes);
      String at = subject + "\nstate " + walked + ": ";
      assertEquals(StateKey.of(ts, w), StateKey.of(ts, d), at + "fingerprint");
      assertArrayEquals(bytes, codec.encode(d), at + "re-encoding");
      List<Action> enabled = ts.enabled(w);
      assertEquals(enabled, ts.enabled(d), at + "enabled actions");
      assertEquals(ts.persistentSet(w, enabled), ts.persistentSet(d, enabled), at + "persistent set");
      if (enabled.isEmpty()) {
        assertEquals(ts.verdict(w), ts.verdict(d), at + "verdict");
      }
      for (Action a : enabled) {
        assertEquals(ts.describe(w, a), ts.describe(d, a), at + "description");
        Footprint fw = new Footprint();
        Footprint fd = new Footprint();
        World sw = ts.execute(w, a, fw);
        World sd = ts.execute(d, a, fd);
        assertEquals(StateKey.of(ts, sw), StateKey.of(ts, sd), at + "successor by " + ts.describe(w, a));
        assertArrayEquals(codec.encode(sw), codec.encode(sd), at + "successor's encoding by " + ts.describe(w, a));
        assertEquals(fw.toString(), fd.toString(), at + "footprint of " + ts.describe(w, a));
        if (seen.add(StateKey.of(ts, sw))) {
          queue.add(sw);
        }
      }
    }
    return walked;
  }
}
