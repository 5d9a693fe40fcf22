package dev.matchpoint.properties.oracle;

import com.google.common.base.Suppliers;
import com.google.common.hash.PrimitiveSink;
import dev.matchpoint.core.codec.StateCodec;
import dev.matchpoint.core.explore.Footprint;
import dev.matchpoint.core.explore.TransitionSystem;
import dev.matchpoint.core.explore.Verdict;
import dev.matchpoint.mpi.check.Check;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.check.Checks;
import dev.matchpoint.mpi.explore.MpiTransitionSystem;
import dev.matchpoint.mpi.rank.Action;
import dev.matchpoint.mpi.rank.ModelSpec;
import dev.matchpoint.mpi.rank.World;
import dev.matchpoint.mpi.rank.WorldCodec;
import dev.matchpoint.mpi.trace.TraceSink;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * {@link MpiTransitionSystem} with an {@link ObservationLog} carried in every state: the same
 * actions, the same reduction, the same outcome class followed by {@code | observed ...}. Its
 * worlds keep the full event stream switched on (a world copied to {@link TraceSink#NONE} stops
 * emitting call events), which the log needs to see call results.
 */
final class ObservingTransitionSystem implements TransitionSystem<World, Action> {
  /** Drops events, but is not {@link TraceSink#NONE}, so copies keep emitting every event to their checks. */
  private static final TraceSink KEEP_EMITTING = e -> { };

  private final ModelSpec spec;
  private final List<CheckKind> checks;
  private final Observe observe;
  private final MpiTransitionSystem plain;

  ObservingTransitionSystem(MpiTransitionSystem plain, ModelSpec spec, List<CheckKind> checks, Observe observe) {
    this.spec = spec;
    this.checks = List.copyOf(checks);
    this.observe = observe;
    this.plain = plain;
  }

  @Override
  public World initial() {
    // MpiTransitionSystem.verdict reads the outcome record from the first check.
    List<Check> list = new ArrayList<>();
    list.add(plain.outcomeRecord());
    list.add(new ObservationLog(observe));
    for (CheckKind k : checks) {
      list.add(k.create());
    }
    return World.logical(spec, KEEP_EMITTING, new Checks(list), true);
  }

  @Override
  public List<Action> enabled(World state) {
    return plain.enabled(state);
  }

  @Override
  public World execute(World state, Action action, Footprint footprint) {
    World next = state.copy(KEEP_EMITTING);
    next.execute(action, footprint);
    return next;
  }

  @Override
  public long actor(Action action) {
    return plain.actor(action);
  }

  @Override
  public List<Action> persistentSet(World state, List<Action> enabled) {
    return plain.persistentSet(state, enabled);
  }

  @Override
  public Map<Long, Footprint> waiting(World state) {
    return plain.waiting(state);
  }

  @Override
  public void hashInto(World state, PrimitiveSink sink) {
    plain.hashInto(state, sink);
  }

  @Override
  public Verdict verdict(World state) {
    Verdict v = plain.verdict(state);
    ObservationLog log = (ObservationLog) state.checks().checks().get(1);
    return new Verdict(v.outcome() + " | observed " + log.describe(), v.violation(), v.details(), v.parts());
  }

  @Override
  public String describe(World state, Action action) {
    return plain.describe(state, action);
  }

  /** The codec, made from the initial state on first use (thread-safe). */
  private final Supplier<WorldCodec> codec = Suppliers.memoize(() -> new WorldCodec(initial()));

  @Override
  public StateCodec<World> codec() {
    return codec.get();
  }
}
