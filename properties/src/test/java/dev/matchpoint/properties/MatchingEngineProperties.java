package dev.matchpoint.properties;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.properties.actions.MatchingActions;
import dev.matchpoint.properties.actions.MatchingState;
import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.state.ActionChain;

/**
 * A rank's matching engine driven by {@code ActionChain}s: sends, deliveries in any order (an
 * unordered network), receives and matched probes, with wildcards, under every wildcard policy.
 */
class MatchingEngineProperties {
  @Provide
  Arbitrary<ActionChain<MatchingState>> chains() {
    return MpiArbitraries.wildcardPolicies()
        .flatMap(p -> MatchingActions.chains(() -> MatchingState.reference(p), 3, 2, 40));
  }

  /**
   * "Messages are non-overtaking: If a sender sends two messages in succession to the same
   * destination, and both match the same receive, then this operation cannot receive the second
   * message if the first one is still pending. If a receiver posts two receives in succession, and
   * both match the same message, then the second receive operation cannot be satisfied by this
   * message, if the first one is still pending." Checked after every action, while the network
   * delivers the messages of each link in any order.
   */
  @Property(tries = 200)
  @SpecClause(source = "MPI-3.1 §3.5", text = "Messages are non-overtaking: If a sender sends two messages in "
      + "succession to the same destination, and both match the same receive, then this operation cannot receive the "
      + "second message if the first one is still pending.")
  @SpecClause(source = "MPI-3.1 §3.5", text = "If a receiver posts two receives in succession, and both match the same "
      + "message, then the second receive operation cannot be satisfied by this message, if the first one is still "
      + "pending.")
  @SpecClause(source = "seed 004", text = "On AM platforms without ordered delivery, a sequence number would have to "
      + "be added to each store and request message to ensure ordering.")
  void matchingEngine_keepsBothOrderRules_underReorderingDelivery(@ForAll("chains") ActionChain<MatchingState> chain) {
    chain.withInvariant("non-overtaking", s -> assertEquals(List.of(), s.violations(), s::toString)).run();
  }
}
