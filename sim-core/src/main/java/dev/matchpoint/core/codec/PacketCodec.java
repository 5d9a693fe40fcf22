package dev.matchpoint.core.codec;

import dev.matchpoint.core.net.Packet;

/**
 * How a model encodes the packets of its network (whose payloads only the model knows), for {@link
 * dev.matchpoint.core.net.Network#encodeInto} and {@link dev.matchpoint.core.net.Network#decodeFrom}.
 */
public interface PacketCodec {
  /**
   * Writes a packet.
   *
   * @param p the packet
   * @param w the buffer
   */
  void write(Packet p, StateWriter w);

  /**
   * Reads a packet written by {@link #write}.
   *
   * @param r the reader
   * @return the packet
   */
  Packet read(StateReader r);
}
