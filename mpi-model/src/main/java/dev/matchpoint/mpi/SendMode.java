package dev.matchpoint.mpi;

/** The four send modes of MPI-3.1 §3.4. */
public enum SendMode {
  /** Standard: buffered or synchronous at the implementation's choice (here: eager or rendezvous). */
  STANDARD("Send", "Isend"),
  /** Buffered: copies into attached buffer space and completes locally (MPI-3.1 §3.4, §3.6). */
  BUFFERED("Bsend", "Ibsend"),
  /** Synchronous: completes only after the matching receive has started (MPI-3.1 §3.4). */
  SYNCHRONOUS("Ssend", "Issend"),
  /** Ready: erroneous unless the matching receive is already posted (MPI-3.1 §3.4). */
  READY("Rsend", "Irsend");

  private final String blockingName;
  private final String nonblockingName;

  SendMode(String blockingName, String nonblockingName) {
    this.blockingName = blockingName;
    this.nonblockingName = nonblockingName;
  }

  /**
   * The blocking call's name without the {@code MPI_} prefix.
   *
   * @return e.g. {@code Ssend}
   */
  public String blockingName() {
    return blockingName;
  }

  /**
   * The nonblocking call's name without the {@code MPI_} prefix.
   *
   * @return e.g. {@code Issend}
   */
  public String nonblockingName() {
    return nonblockingName;
  }
}
