package dev.matchpoint.core.net;

import dev.matchpoint.core.ConfigException;

/**
 * Point-to-point protocol settings the MPI layer reads and the network enforces (seed 004).
 *
 * @param eagerThresholdBytes the eager threshold (an implementation's eager limit): which messages
 *     go eager follows {@code eagerRule}, the others use rendezvous. {@link Long#MAX_VALUE} makes
 *     every message eager; 0 every message rendezvous (under {@link
 *     EagerRule#PAYLOAD_AND_HEADER_AT_MOST}, every message with a payload or a header). Default 4096.
 * @param headerBytes per-message header, carried on the wire and counted with the payload against
 *     the eager buffer (and, under {@link EagerRule#PAYLOAD_AND_HEADER_AT_MOST}, the threshold).
 *     Default 0.
 * @param eagerBufferBytesPerPeer eager buffer space each receiver holds for each sender; a sender
 *     reserves {@code payload + header} bytes of it per eager message and gets it back when the
 *     receiver copies the message out. Default 16384 (16 KiB, seed 004).
 * @param onCreditExhausted what an eager send does without credit. Default {@link CreditPolicy#WAIT}.
 * @param eagerRule how a message is compared with the threshold. Default {@link
 *     EagerRule#PAYLOAD_BELOW}.
 * @param creditPackets whether the receiver returns eager credit in a {@link Network#CREDIT}
 *     packet, which costs what any packet costs (true, the default), or the credit is back at the
 *     sender the moment the receiver frees it (false: what a LogGOPS schedule, which has no such
 *     packets, assumes). With an unlimited eager buffer no credit is kept, so none is returned.
 */
public record ProtocolOptions(long eagerThresholdBytes, long headerBytes, long eagerBufferBytesPerPeer,
    CreditPolicy onCreditExhausted, EagerRule eagerRule, boolean creditPackets) {
  /** Default eager threshold: 4096 bytes. */
  public static final long DEFAULT_EAGER_THRESHOLD_BYTES = 4096;
  /** Default eager buffer per peer: 16 KiB, as in seed 004. */
  public static final long DEFAULT_EAGER_BUFFER_BYTES = 16 * 1024;

  /**
   * Validates.
   *
   * @throws ConfigException naming the field when a size is negative or the policy or rule is missing
   */
  public ProtocolOptions {
    ConfigException.requireNonNegative("network.eager-threshold", eagerThresholdBytes, "bytes");
    ConfigException.requireNonNegative("network.header-bytes", headerBytes, "bytes");
    ConfigException.requireNonNegative("network.eager-buffer", eagerBufferBytesPerPeer, "bytes");
    if (onCreditExhausted == null) {
      throw new ConfigException("network.on-credit-exhausted", "must be wait or rendezvous");
    }
    if (eagerRule == null) {
      throw new ConfigException("network.eager-rule", "must be payload-below or payload-and-header-at-most");
    }
  }

  /**
   * Options that return credit in packets.
   *
   * @param eagerThresholdBytes the eager threshold
   * @param headerBytes the per-message header
   * @param eagerBufferBytesPerPeer the eager buffer per sender at each receiver
   * @param onCreditExhausted what an eager send does without credit
   * @param eagerRule how a message is compared with the threshold
   * @throws ConfigException naming the field when a size is negative or the policy or rule is missing
   */
  public ProtocolOptions(long eagerThresholdBytes, long headerBytes, long eagerBufferBytesPerPeer,
      CreditPolicy onCreditExhausted, EagerRule eagerRule) {
    this(eagerThresholdBytes, headerBytes, eagerBufferBytesPerPeer, onCreditExhausted, eagerRule, true);
  }

  /**
   * Options with the default eager rule, {@link EagerRule#PAYLOAD_BELOW}.
   *
   * @param eagerThresholdBytes the eager threshold
   * @param headerBytes the per-message header
   * @param eagerBufferBytesPerPeer the eager buffer per sender at each receiver
   * @param onCreditExhausted what an eager send does without credit
   * @throws ConfigException naming the field when a size is negative or the policy is missing
   */
  public ProtocolOptions(long eagerThresholdBytes, long headerBytes, long eagerBufferBytesPerPeer,
      CreditPolicy onCreditExhausted) {
    this(eagerThresholdBytes, headerBytes, eagerBufferBytesPerPeer, onCreditExhausted, EagerRule.PAYLOAD_BELOW);
  }

  /**
   * The defaults: threshold 4096 bytes, header 0, 16 KiB eager buffer per peer, wait for credit,
   * eager below the threshold.
   *
   * @return the default options
   */
  public static ProtocolOptions defaults() {
    return new ProtocolOptions(DEFAULT_EAGER_THRESHOLD_BYTES, 0, DEFAULT_EAGER_BUFFER_BYTES, CreditPolicy.WAIT);
  }

  /**
   * Whether a message of {@code payloadBytes} goes eager, by {@link #eagerRule()}.
   *
   * @param payloadBytes message payload in bytes
   * @return true for eager, false for rendezvous
   */
  public boolean isEager(long payloadBytes) {
    return eagerRule.isEager(payloadBytes, headerBytes, eagerThresholdBytes);
  }

  /**
   * A copy with another threshold.
   *
   * @param bytes the new threshold
   * @return the copy
   */
  public ProtocolOptions withEagerThreshold(long bytes) {
    return new ProtocolOptions(bytes, headerBytes, eagerBufferBytesPerPeer, onCreditExhausted, eagerRule,
        creditPackets);
  }
}
