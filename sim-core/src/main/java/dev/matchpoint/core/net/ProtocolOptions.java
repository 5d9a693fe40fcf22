package dev.matchpoint.core.net;

import dev.matchpoint.core.ConfigException;

/**
 * Point-to-point protocol settings the MPI layer reads and the network enforces (seed 004).
 *
 * @param eagerThresholdBytes messages whose payload plus header is at least this many bytes use
 *     rendezvous; smaller ones go eager. 0 makes every message rendezvous; {@link Long#MAX_VALUE}
 *     makes every message eager. Default 4096.
 * @param headerBytes per-message header counted with the payload against the threshold and the
 *     eager buffer, and carried on the wire. Default 0.
 * @param eagerBufferBytesPerPeer eager buffer space each receiver holds for each sender; a sender
 *     reserves {@code payload + header} bytes of it per eager message and gets it back when the
 *     receiver copies the message out. Default 16384 (16 KiB, seed 004).
 * @param onCreditExhausted what an eager send does without credit. Default {@link CreditPolicy#WAIT}.
 */
public record ProtocolOptions(
    long eagerThresholdBytes, long headerBytes, long eagerBufferBytesPerPeer, CreditPolicy onCreditExhausted) {
  /** Default eager threshold: 4096 bytes. */
  public static final long DEFAULT_EAGER_THRESHOLD_BYTES = 4096;
  /** Default eager buffer per peer: 16 KiB, as in seed 004. */
  public static final long DEFAULT_EAGER_BUFFER_BYTES = 16 * 1024;

  /**
   * Validates.
   *
   * @throws ConfigException naming the field when a size is negative or the policy is missing
   */
  public ProtocolOptions {
    ConfigException.requireNonNegative("network.eager-threshold", eagerThresholdBytes, "bytes");
    ConfigException.requireNonNegative("network.header-bytes", headerBytes, "bytes");
    ConfigException.requireNonNegative("network.eager-buffer", eagerBufferBytesPerPeer, "bytes");
    if (onCreditExhausted == null) {
      throw new ConfigException("network.on-credit-exhausted", "must be wait or rendezvous");
    }
  }

  /**
   * The defaults: threshold 4096 bytes, header 0, 16 KiB eager buffer per peer, wait for credit.
   *
   * @return the default options
   */
  public static ProtocolOptions defaults() {
    return new ProtocolOptions(DEFAULT_EAGER_THRESHOLD_BYTES, 0, DEFAULT_EAGER_BUFFER_BYTES, CreditPolicy.WAIT);
  }

  /**
   * Whether a message of {@code payloadBytes} goes eager: {@code payload + header < threshold}.
   *
   * @param payloadBytes message payload in bytes
   * @return true for eager, false for rendezvous
   */
  public boolean isEager(long payloadBytes) {
    return payloadBytes + headerBytes < eagerThresholdBytes;
  }

  /**
   * A copy with another threshold.
   *
   * @param bytes the new threshold
   * @return the copy
   */
  public ProtocolOptions withEagerThreshold(long bytes) {
    return new ProtocolOptions(bytes, headerBytes, eagerBufferBytesPerPeer, onCreditExhausted);
  }
}
