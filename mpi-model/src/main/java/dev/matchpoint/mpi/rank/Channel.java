package dev.matchpoint.mpi.rank;

import com.google.common.hash.PrimitiveSink;
import dev.matchpoint.mpi.Datatype;
import java.util.TreeSet;

/**
 * The state of one channel endpoint (seed 003): its peer, its slackness K, and the counts of its
 * starts, completed transfers and returned Waits, from which the outstanding starts and the
 * circular-buffer slot of each start follow (ADDRESS_BASE_INCREMENT: start n uses slot n mod K).
 */
final class Channel {
  enum Phase {
    /** Bind called; waiting for the peer's bind. */
    BINDING,
    /** Paired with the peer's endpoint: starts allowed. */
    BOUND,
    /** Unbind called; waiting for the peer's unbind. */
    UNBINDING,
    /** Both ends unbound. */
    UNBOUND
  }

  final boolean sender;
  final int peer;
  /**
   * The tag; a receive end bound with MPI_ANY_TAG takes the send end's tag when it binds, the tag
   * its transfers' statuses report (MPI-3.1 §3.2.5).
   */
  int tag;
  final int context;
  final long bytes;
  /** The datatype of the persistent request bound (MPI-3.1 §3.3.1 applies to each transfer). */
  final Datatype type;
  final int slack;
  /** Index of the persistent request this endpoint was bound from, in the owner's table. */
  final int inRequest;
  Phase phase = Phase.BINDING;
  long peerEndpoint = -1;
  boolean peerUnbound;
  long starts;
  long completions;
  long waits;
  /** Receive side: transfers arrived in channel order without a gap. */
  long arrivedContiguous;
  /** Receive side: transfers arrived ahead of a gap (unordered networks). */
  TreeSet<Long> arrivedAhead = new TreeSet<>();

  Channel(boolean sender, int peer, int tag, int context, long bytes, Datatype type, int slack, int inRequest) {
    this.sender = sender;
    this.peer = peer;
    this.tag = tag;
    this.context = context;
    this.bytes = bytes;
    this.type = type;
    this.slack = slack;
    this.inRequest = inRequest;
  }

  Channel copy() {
    Channel c = new Channel(sender, peer, tag, context, bytes, type, slack, inRequest);
    c.phase = phase;
    c.peerEndpoint = peerEndpoint;
    c.peerUnbound = peerUnbound;
    c.starts = starts;
    c.completions = completions;
    c.waits = waits;
    c.arrivedContiguous = arrivedContiguous;
    c.arrivedAhead = new TreeSet<>(arrivedAhead);
    return c;
  }

  long outstanding() {
    return starts - waits;
  }

  void hashInto(PrimitiveSink sink) {
    sink.putBoolean(sender).putInt(peer).putInt(tag).putInt(context).putLong(bytes).putInt(type.ordinal())
        .putInt(slack).putInt(inRequest)
        .putInt(phase.ordinal()).putLong(peerEndpoint).putBoolean(peerUnbound).putLong(starts).putLong(completions)
        .putLong(waits).putLong(arrivedContiguous).putInt(arrivedAhead.size());
    arrivedAhead.forEach(sink::putLong);
  }
}
