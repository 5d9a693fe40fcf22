package dev.matchpoint.core.explore;

import com.google.common.hash.PrimitiveSink;
import dev.matchpoint.core.codec.StateCodec;
import java.util.List;
import java.util.Map;

/**
 * A model the explorer can search (logical mode, DESIGN §3): states, the actions enabled in each,
 * and the effect of running one. States are values: {@link #execute} returns a new state and
 * leaves its argument untouched. The state graph must be finite and acyclic (every action moves
 * some program counter forward or consumes a packet), which the reductions below rely on. A model
 * with loops keeps it so by giving a thread whose loop would only come back to the same state no
 * step at the loop's back edge (the MPI model's {@code Polling}); a cycle left anyway is a revisit
 * for the stateful search, and the stateless strategies stop at {@code maxSteps}.
 *
 * <p>Threads: the parallel exhaustive search ({@code ExploreOptions.threads() > 1}) calls these
 * methods from several threads at once, each state only from one thread at a time (a state reaches
 * another thread through a happens-before edge); anything two states share, and any cache in it,
 * must be safe to read concurrently (immutable, or published safely).
 *
 * @param <S> the state type
 * @param <A> the action type; equal actions of different states are "the same transition" for
 *     sleep sets (for example: the same thread's next step, the same packet's delivery)
 */
public interface TransitionSystem<S, A> {
  /**
   * The initial state.
   *
   * @return a fresh initial state
   */
  S initial();

  /**
   * The actions enabled in a state, in a canonical order (the order replayed schedules index).
   *
   * @param state the state
   * @return the actions; empty when the run has ended
   */
  List<A> enabled(S state);

  /**
   * Runs one action.
   *
   * @param state the state, not modified
   * @param action one of {@code enabled(state)}
   * @param footprint filled with the shared objects the action read and wrote
   * @return the successor state
   */
  S execute(S state, A action, Footprint footprint);

  /**
   * The actor an action belongs to (a thread, a link): an actor runs its actions one at a time, in
   * order, and its next action is what DPOR reasons about.
   *
   * @param action the action
   * @return a stable actor id
   */
  long actor(A action);

  /**
   * The actors whose next action exists but is not enabled in a state and may have been disabled by
   * another actor's action (in the MPI model: a blocking probe whose message another thread took),
   * each with the objects that decide whether it is enabled, as reads. Source-DPOR races such an
   * action, which never runs in the explored execution, against the earlier actions that wrote those
   * objects. An action that, once enabled, stays enabled until its actor runs it need not be listed.
   * The default, none, is right for a model without disabling; a view that wraps another model must
   * pass this on.
   *
   * @param state the state
   * @return actor ({@link #actor}) to footprint
   */
  default Map<Long, Footprint> waiting(S state) {
    return Map.of();
  }

  /**
   * A persistent set of the state (Godefroid 1996, Def. 4.1): enabled actions such that every
   * action of any path from the state that avoids them is independent of all of them. The default,
   * all enabled actions, is always persistent. The result must be a function of the state alone.
   *
   * @param state the state
   * @param enabled {@code enabled(state)}
   * @return a non-empty subset of {@code enabled}, in its order, when it is not empty
   */
  default List<A> persistentSet(S state, List<A> enabled) {
    return enabled;
  }

  /**
   * Writes the state's canonical encoding: equal encodings mean the same future behaviour and the
   * same verdicts.
   *
   * @param state the state
   * @param sink the hasher
   */
  void hashInto(S state, PrimitiveSink sink);

  /**
   * Judges a final state (no action enabled).
   *
   * @param state the state
   * @return its outcome class and whether it violates a check
   */
  Verdict verdict(S state);

  /**
   * A readable label of an action, for step lists.
   *
   * @param state the state it is enabled in
   * @param action the action
   * @return e.g. {@code r2.t0 MPI_Probe(source=MPI_ANY_SOURCE, tag=0)}
   */
  String describe(S state, A action);

  /**
   * The model's compact state encoding (issue 13), for searches that hold states as bytes ({@link
   * LevelSearch}) or ship them elsewhere; it must be safe to call from several threads at once.
   *
   * @return the codec, or null when the model has none (the default)
   */
  default StateCodec<S> codec() {
    return null;
  }
}
