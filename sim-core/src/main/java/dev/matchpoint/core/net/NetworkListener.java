package dev.matchpoint.core.net;

/** The layer above the network (mpi-model), told when packets enter and leave it. */
public interface NetworkListener {
  /**
   * A packet entered the network: at once for {@link Network#send}, and for {@link
   * Network#sendEager} when its credit was available or, later, when credit returned.
   *
   * @param packet the packet; {@code injectedNs()} may lie after the current time under LogGP
   */
  void onInjected(InFlight packet);

  /**
   * A packet reached its destination. Credit packets have already been applied to the sender's
   * credit when this is called.
   *
   * @param packet the packet
   * @param nowNs delivery time (logical mode: the step)
   */
  void onDelivered(InFlight packet, long nowNs);
}
