package dev.matchpoint.mpi.explore;

import com.google.common.base.Suppliers;
import com.google.common.hash.PrimitiveSink;
import dev.matchpoint.core.codec.StateCodec;
import dev.matchpoint.core.explore.Footprint;
import dev.matchpoint.core.explore.TransitionSystem;
import dev.matchpoint.core.explore.Verdict;
import dev.matchpoint.mpi.check.Check;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.check.Checks;
import dev.matchpoint.mpi.check.Observations;
import dev.matchpoint.mpi.check.Receipts;
import dev.matchpoint.mpi.check.RunEnd;
import dev.matchpoint.mpi.check.Violation;
import dev.matchpoint.mpi.rank.Action;
import dev.matchpoint.mpi.rank.ModelSpec;
import dev.matchpoint.mpi.rank.World;
import dev.matchpoint.mpi.rank.WorldCodec;
import dev.matchpoint.mpi.trace.TraceSink;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * A model spec as a {@link TransitionSystem}: the explorer's view of the model MPI in logical mode.
 *
 * <p>An outcome class is the final state's class (issue 5), by default what the program could
 * observe ({@link Outcomes#OBSERVABLE}): which message each receive request received and which
 * messages each thread's probes returned, the errors and erroneous uses found, the threads blocked
 * forever (deadlock), and the checks' violations. It reads {@code ok | receipts r2.t0#0<-0#0 ... |
 * probes r2.t0<-0#0}, {@code erroneous | ...} or {@code deadlock | ...}; with {@link Outcomes#FINE}
 * the receipts are each thread's messages in match order ({@code r2.t0<-0#0,1#0}) and probes are
 * left out. Problems and violations are listed sorted, so independent interleavings give equal
 * classes. The record the class is read from is a check carried (copied and hashed) in the state,
 * so states with equal fingerprints have equal classes.
 */
public final class MpiTransitionSystem implements TransitionSystem<World, Action> {
  private final ModelSpec spec;
  private final List<CheckKind> checks;
  private final boolean persistentSets;
  private final Outcomes outcomes;

  /**
   * Creates the view with observable outcome classes.
   *
   * @param spec the model
   * @param checks the checks each final state is judged by
   * @param persistentSets whether {@link #persistentSet} reduces (false: every enabled action)
   */
  public MpiTransitionSystem(ModelSpec spec, List<CheckKind> checks, boolean persistentSets) {
    this(spec, checks, persistentSets, Outcomes.OBSERVABLE);
  }

  /**
   * Creates the view.
   *
   * @param spec the model
   * @param checks the checks each final state is judged by
   * @param persistentSets whether {@link #persistentSet} reduces (false: every enabled action)
   * @param outcomes how finely final states are classed
   */
  public MpiTransitionSystem(ModelSpec spec, List<CheckKind> checks, boolean persistentSets, Outcomes outcomes) {
    this.spec = spec;
    this.checks = List.copyOf(checks);
    this.persistentSets = persistentSets;
    this.outcomes = outcomes;
  }

  /**
   * How finely this view classes final states.
   *
   * @return the granularity
   */
  public Outcomes outcomes() {
    return outcomes;
  }

  /**
   * A fresh record of what the outcome classes are read from: {@link Observations} or, for {@link
   * Outcomes#FINE}, {@link Receipts}. It must be the first check of every state {@link #verdict}
   * judges.
   *
   * @return the record
   */
  public Check outcomeRecord() {
    return outcomes == Outcomes.FINE ? new Receipts() : new Observations();
  }

  @Override
  public World initial() {
    List<Check> list = new ArrayList<>();
    list.add(outcomeRecord());
    for (CheckKind k : checks) {
      list.add(k.create());
    }
    return World.logical(spec, TraceSink.NONE, new Checks(list), false);
  }

  @Override
  public List<Action> enabled(World state) {
    return state.enabled();
  }

  @Override
  public World execute(World state, Action action, Footprint footprint) {
    World.Successor s = state.successor(action);
    footprint.merge(s.footprint());
    return s.world();
  }

  @Override
  public long actor(Action action) {
    return World.actorOf(action);
  }

  @Override
  public Map<Long, Footprint> waiting(World state) {
    return state.waiting();
  }

  @Override
  public List<Action> persistentSet(World state, List<Action> enabled) {
    return persistentSets ? state.persistentSet(enabled) : enabled;
  }

  @Override
  public void hashInto(World state, PrimitiveSink sink) {
    state.hashInto(sink);
  }

  @Override
  public Verdict verdict(World state) {
    World end = state.copy();
    RunEnd runEnd = end.end(false);
    List<String> problems = new ArrayList<>(end.problems());
    Collections.sort(problems);
    List<String> violations = new ArrayList<>();
    for (Violation v : end.checks().violations()) {
      violations.add(v.check() + ": " + v.message());
    }
    Collections.sort(violations);
    String result = runEnd.deadlocked() ? "deadlock" : problems.isEmpty() ? "ok" : "erroneous";
    List<Verdict.Part> parts = new ArrayList<>();
    parts.add(new Verdict.Part("result", List.of(result)));
    Check record = end.checks().checks().get(0);
    if (record instanceof Observations o) {
      parts.add(new Verdict.Part("receipts", o.receiptItems()));
      if (!o.probeItems().isEmpty()) {
        parts.add(new Verdict.Part("probes", o.probeItems()));
      }
    } else {
      parts.add(new Verdict.Part("receipts", ((Receipts) record).items()));
    }
    if (runEnd.deadlocked()) {
      parts.add(new Verdict.Part("blocked", runEnd.blockedThreads()));
    }
    if (!problems.isEmpty()) {
      parts.add(new Verdict.Part("problems", problems));
    }
    if (!violations.isEmpty()) {
      parts.add(new Verdict.Part("violations", violations));
    }
    StringBuilder sb = new StringBuilder(result);
    for (Verdict.Part part : parts.subList(1, parts.size())) {
      boolean spaced = part.name().equals("receipts") || part.name().equals("probes");
      String items = String.join(spaced ? " " : "; ", part.items());
      sb.append(" | ").append(part.name()).append(' ').append(items.isEmpty() ? "none" : items);
    }
    List<String> details = new ArrayList<>(violations);
    details.addAll(problems);
    return new Verdict(sb.toString(), !violations.isEmpty(), details, parts);
  }

  @Override
  public String describe(World state, Action action) {
    return state.describe(action);
  }

  /** The codec, made from the initial state on first use (thread-safe). */
  private final Supplier<WorldCodec> codec = Suppliers.memoize(() -> new WorldCodec(initial()));

  @Override
  public StateCodec<World> codec() {
    return codec.get();
  }
}
