package dev.matchpoint.scenario.importer;

import java.util.Objects;

/**
 * What a receive asks for. For OTF2 this is the envelope that matched (the posted pattern is not
 * recorded: {@link FormatLimit#RECEIVE_WILDCARDS_NOT_RECORDED}); for SimGrid TI and GOAL it is the
 * posted pattern.
 *
 * @param source the source, as a rank of {@code communicator} or any
 * @param tag the tag, or any
 * @param communicator the communicator's id in {@link ImportedTrace#communicators()}
 * @param size the receive buffer (TI, GOAL) or the received message (OTF2)
 */
public record ReceiveSpec(SourcePattern source, TagPattern tag, long communicator, MessageSize size) {
  /** Validates that no component is null. */
  public ReceiveSpec {
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(tag, "tag");
    Objects.requireNonNull(size, "size");
  }
}
