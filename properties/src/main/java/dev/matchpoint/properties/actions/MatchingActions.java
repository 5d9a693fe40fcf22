package dev.matchpoint.properties.actions;

import dev.matchpoint.mpi.match.Envelopes;
import java.util.function.Supplier;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.state.Action;
import net.jqwik.api.state.ActionChain;
import net.jqwik.api.state.ActionChainArbitrary;
import net.jqwik.api.state.ChangeDetector;
import net.jqwik.api.state.Transformer;

/**
 * {@code ActionChain} actions on a {@link MatchingState} (STYLE pattern 9): a sender starts a send,
 * the network delivers any in-flight message (so packets of one link overtake each other), the
 * receiver posts a receive or makes a matched probe, with or without wildcards. Every action is
 * {@link Action.Independent} and describes itself, e.g. {@code irecv(src=ANY, tag=1)}.
 */
public final class MatchingActions {
  private MatchingActions() {}

  /**
   * Chains of all four actions.
   *
   * @param initial a fresh state per chain, e.g. {@code () -> MatchingState.reference(policy)}
   * @param senders senders are ranks {@code 1 .. senders}
   * @param tags tags are {@code 0 .. tags - 1}
   * @param maxActions the longest chain
   * @return the chain arbitrary; add invariants to each chain with {@code withInvariant}
   */
  public static ActionChainArbitrary<MatchingState> chains(Supplier<MatchingState> initial, int senders, int tags,
      int maxActions) {
    return ActionChain.startWith(initial)
        .withAction(2, startIsend(senders, tags))
        .withAction(2, deliverNext())
        .withAction(1, postIrecv(senders, tags))
        .withAction(1, improbe(senders, tags))
        .withMaxTransformations(maxActions)
        .improveShrinkingWith(FingerprintChangeDetector::new);
  }

  /** Tells jqwik which actions changed nothing (an improbe that found no message), so shrinking drops them. */
  private static final class FingerprintChangeDetector implements ChangeDetector<MatchingState> {
    private String before;

    @Override
    public void before(MatchingState state) {
      before = state.fingerprint();
    }

    @Override
    public boolean hasChanged(MatchingState state) {
      return !state.fingerprint().equals(before);
    }
  }

  /**
   * A sender starts a standard send to the receiving rank.
   *
   * @param senders senders are ranks {@code 1 .. senders}
   * @param tags tags are {@code 0 .. tags - 1}
   * @return the action, e.g. {@code isend(src=1, tag=0)}
   */
  public static Action.Independent<MatchingState> startIsend(int senders, int tags) {
    return () -> Combinators.combine(Arbitraries.integers().between(1, senders),
            Arbitraries.integers().between(0, tags - 1))
        .as((s, t) -> Transformer.mutate("isend(src=" + s + ", tag=" + t + ")", st -> st.send(s, t)));
  }

  /**
   * The network delivers one in-flight message, any of them.
   *
   * @return the action, e.g. {@code deliver(#2)}; enabled while a message is in flight
   */
  public static Action.Independent<MatchingState> deliverNext() {
    return new Action.Independent<>() {
      @Override
      public boolean precondition(MatchingState state) {
        return state.canDeliver();
      }

      @Override
      public Arbitrary<Transformer<MatchingState>> transformer() {
        return Arbitraries.integers().between(0, 7)
            .map(i -> Transformer.mutate("deliver(#" + i + " of those in flight)", st -> st.deliver(i)));
      }
    };
  }

  /**
   * The receiver posts a receive (matched at once from the unexpected queue when possible).
   *
   * @param senders sources are ranks {@code 1 .. senders} or MPI_ANY_SOURCE
   * @param tags tags are {@code 0 .. tags - 1} or MPI_ANY_TAG
   * @return the action, e.g. {@code irecv(src=ANY, tag=1)}
   */
  public static Action.Independent<MatchingState> postIrecv(int senders, int tags) {
    return () -> Combinators.combine(source(senders), tag(tags), Arbitraries.integers().between(0, 3))
        .as((s, t, c) -> Transformer.mutate("irecv" + MatchingState.pattern(s, t), st -> st.receive(s, t, c)));
  }

  /**
   * The receiver makes a matched probe (MPI_Improbe): takes a matching unexpected message, if any.
   *
   * @param senders sources are ranks {@code 1 .. senders} or MPI_ANY_SOURCE
   * @param tags tags are {@code 0 .. tags - 1} or MPI_ANY_TAG
   * @return the action, e.g. {@code improbe(src=2, tag=ANY)}
   */
  public static Action.Independent<MatchingState> improbe(int senders, int tags) {
    return () -> Combinators.combine(source(senders), tag(tags), Arbitraries.integers().between(0, 3))
        .as((s, t, c) -> Transformer.mutate("improbe" + MatchingState.pattern(s, t),
            st -> st.matchedProbe(s, t, c)));
  }

  private static Arbitrary<Integer> source(int senders) {
    return Arbitraries.frequencyOf(net.jqwik.api.Tuple.of(3, Arbitraries.integers().between(1, senders)),
        net.jqwik.api.Tuple.of(1, Arbitraries.just(Envelopes.ANY)));
  }

  private static Arbitrary<Integer> tag(int tags) {
    return Arbitraries.frequencyOf(net.jqwik.api.Tuple.of(3, Arbitraries.integers().between(0, tags - 1)),
        net.jqwik.api.Tuple.of(1, Arbitraries.just(Envelopes.ANY)));
  }
}
