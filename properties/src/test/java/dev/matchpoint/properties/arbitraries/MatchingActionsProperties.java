package dev.matchpoint.properties.arbitraries;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.mpi.WildcardPolicy;
import dev.matchpoint.mpi.match.MatchingEngine;
import dev.matchpoint.mpi.match.Message;
import dev.matchpoint.mpi.match.ReferencePostedQueue;
import dev.matchpoint.mpi.match.ReferenceUnexpectedQueue;
import dev.matchpoint.mpi.match.UnexpectedMessageQueue;
import dev.matchpoint.properties.actions.MatchingActions;
import dev.matchpoint.properties.actions.MatchingState;
import dev.matchpoint.properties.oracle.CounterexampleSearch;
import java.util.List;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.state.ActionChain;

/** The matching actions' monitor is not vacuous: it catches an engine that lets messages overtake. */
class MatchingActionsProperties {
  /** An unexpected queue that hands out a source's latest matching message instead of its earliest. */
  private static final class LatestFirstQueue implements UnexpectedMessageQueue {
    private final ReferenceUnexpectedQueue delegate = new ReferenceUnexpectedQueue();

    @Override
    public void add(Message message) {
      delegate.add(message);
    }

    @Override
    public Message earliestFrom(int context, int source, int tag) {
      Message latest = null;
      for (Message m : delegate.inArrivalOrder()) {
        if (m.context() == context && m.source() == source && (tag < 0 || m.tag() == tag)) {
          latest = m;
        }
      }
      return latest;
    }

    @Override
    public Message earliest(int context, int tag) {
      return delegate.earliest(context, tag);
    }

    @Override
    public int[] sourcesWithMatch(int context, int tag) {
      return delegate.sourcesWithMatch(context, tag);
    }

    @Override
    public boolean remove(Message message) {
      return delegate.remove(message);
    }

    @Override
    public int size() {
      return delegate.size();
    }

    @Override
    public List<Message> inArrivalOrder() {
      return delegate.inArrivalOrder();
    }

    @Override
    public UnexpectedMessageQueue copy() {
      throw new UnsupportedOperationException("not needed here");
    }
  }

  @Property(tries = 1, shrinking = ShrinkingMode.OFF, edgeCases = EdgeCasesMode.NONE)
  /**
   * The mutant is caught, and the chain shrinks. jqwik's chain shrinker removes interior actions
   * only partly, so the shrunk chain is sometimes minimal (5 actions: two sends of one sender, two
   * deliveries, one receive) and sometimes 10 to 20 actions long; the length is printed, not
   * asserted.
   */
  void monitor_catchesAnOvertakingEngine(@ForAll long seed) {
    var mutant = MatchingActions.chains(() -> new MatchingState(new MatchingEngine(WildcardPolicy.ANY,
        new ReferencePostedQueue(), new LatestFirstQueue())), 2, 1, 30);
    var found = CounterexampleSearch.falsifyThenShrink(mutant, (ActionChain<MatchingState> chain) -> {
      chain.withInvariant("non-overtaking", s -> assertEquals(List.of(), s.violations(), s::toString)).run();
      return true;
    }, seed, 1000);
    assertTrue(found.isPresent(), "the monitor missed an engine that takes the latest message first");
    List<String> steps = found.get().shrunk().transformations();
    System.out.println("search seed " + seed + ": " + found.get().shrinkingSteps() + " shrinking steps, shrunk chain of "
        + steps.size() + " actions " + steps);
    assertTrue(found.get().error().getMessage().contains("while the earlier matching"), found.get().error()::toString);
  }
}
