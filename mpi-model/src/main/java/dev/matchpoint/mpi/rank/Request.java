package dev.matchpoint.mpi.rank;

import com.google.common.hash.PrimitiveSink;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.ErrorClass;
import dev.matchpoint.mpi.Mpi;
import dev.matchpoint.mpi.SendMode;

/**
 * A request: one send or receive operation of one thread, with its status once complete. Mutable;
 * owned by the thread's request table and copied with it. In timed mode a thread reuses the object
 * of a plain send or receive request it has returned ({@link ThreadState#recycle}); everything else
 * refers to requests by id ({@link dev.matchpoint.mpi.RequestIds}), never by object.
 */
final class Request {
  long id;
  RequestKind kind;
  RequestState state;
  /** False for requests of blocking calls and buffered transfers, which no variable holds. */
  boolean userVisible;
  /** MPI_Request_free was called: deallocate once the operation completes. */
  boolean freed;
  /** A persistent request (MPI-3.1 §3.9): it survives completion, inactive until started again. */
  boolean persistent;
  /** Whether a communication is in progress; persistent requests start inactive. */
  boolean active;
  /** MPI_Cancel of this send is on its way to the receiver; Wait must not return it yet. */
  boolean cancelPending;
  /** For an Ibsend's request: the buffered transfer it started (cancel acts on it), else -1. */
  long transferId;
  /** For a persistent request bound with Ibind_channel: the endpoint whose binding Wait completes, else -1. */
  long bindPending;
  /**
   * For the two halves of an MPI_Isendrecv (MPI-4.0 §3.10) while its send is pending: on the program's
   * (receive) request the send's id, on the send's the program's request's id; else -1. Wait and Test
   * return the program's request only once this is -1 ({@link PointToPointCalls}).
   */
  long exchangeHalf;
  /** For a nonblocking collective: whether its completion waits for every member (the sync choice). */
  boolean collectiveSync;
  /** For a channel endpoint: its channel state. */
  Channel channel;
  /** For a partitioned request: its partitions and epoch (MPI-4.0 chapter 4). */
  Partitioned part;
  /**
   * Where the call that started the request was written (the MPI_Start for an active persistent
   * request); hashed, since a request left outstanding at the end is reported with it.
   */
  dev.matchpoint.mpi.program.SourceLocation at;

  /** The datatype of the send or receive buffer, for the type matching rule (MPI-3.1 §3.3.1). */
  Datatype type;

  // send side
  int dest;
  int tag;
  int context;
  long sizeBytes;
  SendMode mode;
  boolean rendezvous;
  long seq;
  /** Bytes of attached buffer space this transfer holds (buffered mode; 0 for an empty message), or -1: none. */
  long bufferBytes;

  // receive side: pattern and capacity
  int sourcePattern;
  int tagPattern;
  long capacityBytes;
  long matchedMessage;

  // status
  int statusSource;
  int statusTag;
  long statusBytes;
  ErrorClass statusError;
  boolean statusCancelled;

  Request(long id, RequestKind kind, boolean userVisible) {
    init(id, kind, userVisible);
  }

  /**
   * Sets every field as a new request has it: the constructor's work, and how timed mode reuses a
   * request its thread no longer holds ({@link ThreadState#recycle}).
   */
  void init(long id, RequestKind kind, boolean userVisible) {
    this.id = id;
    this.kind = kind;
    this.userVisible = userVisible;
    state = RequestState.POSTED;
    freed = false;
    persistent = false;
    active = true;
    cancelPending = false;
    transferId = -1;
    bindPending = -1;
    exchangeHalf = -1;
    collectiveSync = false;
    channel = null;
    part = null;
    at = dev.matchpoint.mpi.program.SourceLocation.unknown();
    type = null;
    dest = 0;
    tag = 0;
    context = 0;
    sizeBytes = 0;
    mode = null;
    rendezvous = false;
    seq = -1;
    bufferBytes = -1;
    sourcePattern = 0;
    tagPattern = 0;
    capacityBytes = 0;
    matchedMessage = -1;
    statusSource = Mpi.PROC_NULL;
    statusTag = Mpi.ANY_TAG;
    statusBytes = 0;
    statusError = ErrorClass.MPI_SUCCESS;
    statusCancelled = false;
  }

  Request copy() {
    Request r = new Request(id, kind, userVisible);
    r.state = state;
    r.freed = freed;
    r.at = at;
    r.persistent = persistent;
    r.active = active;
    r.cancelPending = cancelPending;
    r.transferId = transferId;
    r.bindPending = bindPending;
    r.exchangeHalf = exchangeHalf;
    r.collectiveSync = collectiveSync;
    r.channel = channel == null ? null : channel.copy();
    r.part = part == null ? null : part.copy();
    r.type = type;
    r.dest = dest;
    r.tag = tag;
    r.context = context;
    r.sizeBytes = sizeBytes;
    r.mode = mode;
    r.rendezvous = rendezvous;
    r.seq = seq;
    r.bufferBytes = bufferBytes;
    r.sourcePattern = sourcePattern;
    r.tagPattern = tagPattern;
    r.capacityBytes = capacityBytes;
    r.matchedMessage = matchedMessage;
    r.statusSource = statusSource;
    r.statusTag = statusTag;
    r.statusBytes = statusBytes;
    r.statusError = statusError;
    r.statusCancelled = statusCancelled;
    return r;
  }

  /** The operation is over (completed or cancelled). */
  boolean finished() {
    return state == RequestState.COMPLETE || state == RequestState.CANCELLED;
  }

  /** Wait or Test may return it: finished, and no cancellation answer is outstanding. */
  boolean done() {
    return finished() && !cancelPending;
  }

  void complete(int source, int tg, long bytes, ErrorClass error) {
    state = RequestState.COMPLETE;
    statusSource = source;
    statusTag = tg;
    statusBytes = bytes;
    statusError = error;
  }

  void hashInto(PrimitiveSink sink) {
    sink.putLong(id).putInt(kind.ordinal()).putInt(state.ordinal()).putBoolean(userVisible).putBoolean(freed)
        .putInt(dest).putInt(tag).putInt(context).putLong(sizeBytes).putInt(mode == null ? -1 : mode.ordinal())
        .putBoolean(rendezvous).putLong(seq).putLong(bufferBytes).putInt(sourcePattern).putInt(tagPattern)
        .putLong(capacityBytes).putLong(matchedMessage).putInt(statusSource).putInt(statusTag)
        .putLong(statusBytes).putInt(statusError.ordinal()).putBoolean(statusCancelled)
        .putBoolean(persistent).putBoolean(active).putBoolean(cancelPending).putLong(transferId).putLong(bindPending).putLong(exchangeHalf)
        .putBoolean(collectiveSync)
        .putInt(type == null ? -1 : type.ordinal());
    at.hashInto(sink);
    if (channel != null) {
      channel.hashInto(sink);
    }
    if (part != null) {
      part.hashInto(sink);
    }
  }
}
