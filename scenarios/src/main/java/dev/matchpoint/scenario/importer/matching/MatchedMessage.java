package dev.matchpoint.scenario.importer.matching;

import java.util.Objects;

/**
 * A send and the receive it matched.
 *
 * @param send the sent message
 * @param receive the received message
 */
public record MatchedMessage(SentMessage send, ReceivedMessage receive) {
  /** Validates that no component is null. */
  public MatchedMessage {
    Objects.requireNonNull(send, "send");
    Objects.requireNonNull(receive, "receive");
  }

  /** Returns whether both sides recorded the same size (OTF2 records the actual length on both). */
  public boolean sizesAgree() {
    return send.bytes() == receive.bytes();
  }
}
