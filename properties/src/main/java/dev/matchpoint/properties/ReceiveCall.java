package dev.matchpoint.properties;

/**
 * How a generated message is received. Each constant is one or two calls of the receiving thread;
 * the receive pattern (a source or MPI_ANY_SOURCE, a tag or MPI_ANY_TAG) is the message's. Listed
 * simplest first: jqwik shrinks a choice towards the first constant.
 */
public enum ReceiveCall {
  /** {@code MPI_Recv(pattern)} (MPI-3.1 §3.2.4). */
  RECV,
  /** {@code MPI_Irecv(pattern)}, completed by one {@code MPI_Waitall} at the end of the thread (MPI-3.1 §3.7.2). */
  IRECV,
  /**
   * {@code MPI_Probe(pattern)} then {@code MPI_Recv} from the probed source with the probed tag: the
   * first probe example of MPI-2.2 §3.8 (seed 001), and the multi-threaded race of seed 000 §1.
   */
  PROBE_RECV,
  /**
   * {@code MPI_Probe(pattern)} then {@code MPI_Recv(MPI_ANY_SOURCE)} with the probed tag: the second,
   * incorrect probe example of MPI-2.2 §3.8 (seed 001).
   */
  PROBE_RECV_ANY_SOURCE,
  /**
   * {@code MPI_Mprobe(pattern)} then {@code MPI_Mrecv} of the returned handle (MPI-3.1 §3.8.2–3.8.3;
   * seed 000 §3).
   */
  MPROBE_MRECV;

  /**
   * Whether the receive starts with a (non-matched) probe.
   *
   * @return true for {@link #PROBE_RECV} and {@link #PROBE_RECV_ANY_SOURCE}
   */
  public boolean probes() {
    return this == PROBE_RECV || this == PROBE_RECV_ANY_SOURCE;
  }
}
