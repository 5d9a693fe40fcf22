package dev.matchpoint.properties;

/**
 * The features a {@link SwarmProgram} may use, each of which swarm testing switches on or off per
 * program (STYLE pattern 7; Groce et al., "Swarm testing", ISSTA 2012): a program drawn with a
 * feature off uses none of its calls, so each feature is also exercised in small programs with few
 * others around it. A message whose call or mode needs a switched-off feature gets one of the
 * enabled ones instead (plain {@code MPI_Send} and {@code MPI_Recv} need none).
 */
public enum Feature {
  /** {@code MPI_Isend}, {@code MPI_Irecv}, {@code MPI_Imrecv} and completion by Wait/Test (MPI-3.1 §3.7). */
  NONBLOCKING,
  /** {@code MPI_Waitany/Waitsome/Testany/Testsome/Testall/Test/Wait} besides {@code MPI_Waitall} (MPI-3.1 §3.7.5). */
  COMPLETIONS,
  /** {@code MPI_Send_init} in every mode, {@code MPI_Recv_init}, {@code MPI_Start}, {@code MPI_Startall} (§3.9). */
  PERSISTENT,
  /** Persistent channels: bind, K-slack starts, unbind (seed 003, proposals 1 and 3). */
  CHANNELS,
  /** {@code MPI_Cancel} of sends and receives, with {@code MPI_Test_cancelled} (MPI-3.1 §3.8.4). */
  CANCEL,
  /** {@code MPI_Request_free} of an active nonblocking send (MPI-3.1 §3.7.3). */
  REQUEST_FREE,
  /** {@code MPI_Sendrecv} (MPI-3.1 §3.10). */
  SENDRECV,
  /** {@code MPI_Probe} and {@code MPI_Iprobe} (MPI-3.1 §3.8.1). */
  PROBES,
  /** {@code MPI_Mprobe}, {@code MPI_Improbe}, {@code MPI_Mrecv}, {@code MPI_Imrecv} (MPI-3.1 §3.8.2–3.8.3). */
  MATCHED_PROBES,
  /** Buffered mode with {@code MPI_Buffer_attach}/{@code MPI_Buffer_detach} (MPI-3.1 §3.4, §3.6). */
  BUFFERED,
  /** Synchronous mode (MPI-3.1 §3.4). */
  SYNCHRONOUS,
  /** Ready mode, each start after the receiver's "go" (MPI-3.1 §3.4). */
  READY,
  /** {@code MPI_PROC_NULL} as a destination and a source (MPI-3.1 §3.11). */
  PROC_NULL,
  /** {@code MPI_ANY_SOURCE} and {@code MPI_ANY_TAG} (MPI-3.1 §3.2.4). */
  WILDCARDS,
  /** A duplicate of MPI_COMM_WORLD besides it (MPI-3.1 §6.4.2). */
  COMMUNICATORS,
  /**
   * Fan-in: message i goes from rank 1 + i mod (size - 1) to rank 0, seed 000's pattern of T
   * senders and one receiver, in which MPI_ANY_SOURCE has several senders to choose from.
   */
  FAN_IN,
  /**
   * Queued first: each receiving thread starts with a blocking {@code MPI_Probe} for each of its
   * messages (source and tag), so its receives find them queued: the state in which MPI_ANY_SOURCE
   * has several messages to choose from (the MPI-2.2 probe example with both messages queued).
   */
  QUEUED,
  /** Several threads per rank (MPI_THREAD_MULTIPLE, MPI-3.1 §12.4). */
  THREADS,
  /** Messages above the eager threshold, sent by rendezvous (seed 004). */
  RENDEZVOUS,
  /** A message sent and received twice (a persistent request or channel started twice). */
  REPEATS,
  /** A network whose links may reorder packets (the receiver restores MPI order; seed 004). */
  UNORDERED,
  /**
   * Derived datatypes (MPI-3.1 chapter 4): {@code MPI_Type_contiguous}, {@code MPI_Type_vector},
   * {@code MPI_Type_commit}, {@code MPI_Type_free} and {@code MPI_Get_elements}, with matching and
   * mismatching type signatures and a type used after it was freed ({@link SwarmMessage.TypeUse}).
   */
  DERIVED_TYPES,
  /**
   * {@code MPI_Sendrecv_replace} (MPI-3.1 §3.10), {@code MPI_Isendrecv} and {@code
   * MPI_Isendrecv_replace} (MPI-4.0 §3.10), and completion through an {@code MPI_Request_get_status}
   * polling loop (MPI-3.1 §3.7.3).
   */
  EXCHANGES,
  /**
   * A communicator created at run time by {@code MPI_Comm_dup} or {@code MPI_Comm_split}, queried
   * with {@code MPI_Comm_rank}/{@code MPI_Comm_size}, freed with {@code MPI_Comm_free} and perhaps
   * used after that (MPI-3.1 §6.4): see {@link SwarmComm} (thread 0 of each rank makes the calls).
   */
  RUNTIME_COMMUNICATORS
}
