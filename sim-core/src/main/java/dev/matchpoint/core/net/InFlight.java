package dev.matchpoint.core.net;

/**
 * A packet inside the network, with its identity on its link.
 *
 * @param linkSeq position of the packet in its link's injection order, from 0; (source, dest,
 *     linkSeq) identifies the packet for the whole run
 * @param packet the packet
 * @param injectedNs time the packet entered the network (logical mode: the step); under LogGP when
 *     the sender's CPU is done with it ({@link LogGopsTiming})
 * @param availableNs time the packet is delivered in timed mode (logical mode: equal to
 *     {@code injectedNs}; delivery is a scheduler choice there); under LogGP the time its first
 *     byte reaches the receiver, which delivers it once its CPU has spent the receive overhead
 */
public record InFlight(long linkSeq, Packet packet, long injectedNs, long availableNs) {
  /**
   * The sending endpoint.
   *
   * @return the packet's source
   */
  public int source() {
    return packet.source();
  }

  /**
   * The receiving endpoint.
   *
   * @return the packet's destination
   */
  public int dest() {
    return packet.dest();
  }
}
