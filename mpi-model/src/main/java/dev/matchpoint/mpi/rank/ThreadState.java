package dev.matchpoint.mpi.rank;

import com.google.common.hash.PrimitiveSink;
import dev.matchpoint.core.explore.FingerprintSink;
import dev.matchpoint.mpi.RequestIds;
import dev.matchpoint.mpi.match.Message;
import dev.matchpoint.mpi.program.Code;
import dev.matchpoint.mpi.program.SourceLocation;
import java.util.TreeMap;

/**
 * One thread of a rank: where it is in its program, its variables, its requests and the messages
 * its matched probes hold. Mutable until frozen: a copy of its rank shares it and freezes it, and
 * the rank copies a frozen thread before writing it ({@link RankState#thread(int)}).
 */
final class ThreadState {
  enum Life {
    RUNNING,
    FINISHED,
    /** Stopped by a program error (e.g. reading an unset variable). */
    ABORTED
  }

  final int rank;
  final int thread;
  final Code code;
  int pc;
  long[] vars;
  int nextRequestIndex;
  final RequestTable requests;
  /**
   * Matched-probe handles: message key to the message (MPI-3.1 §3.8.2). Read freely; {@link
   * #NO_HANDLES} (shared, never written) until the first is kept: write through {@link
   * #handlesForWrite()}.
   */
  TreeMap<Long, Message> handles;
  /**
   * For each handle, the matched probe that took it: named when the run ends with it unreceived.
   * {@link #NO_HANDLE_AT} until written, as {@link #handles}: write through {@link #handleAtForWrite()}.
   */
  TreeMap<Long, SourceLocation> handleAt;
  /** The empty handle table every thread reads until it keeps a handle (most threads never do). */
  private static final TreeMap<Long, Message> NO_HANDLES = new ReadOnlyEmpty<>();
  private static final TreeMap<Long, SourceLocation> NO_HANDLE_AT = new ReadOnlyEmpty<>();

  /** An empty map that refuses to be written: the shared default of {@link #handles} and {@link #handleAt}. */
  private static final class ReadOnlyEmpty<V> extends TreeMap<Long, V> {
    @Override
    public V put(Long key, V value) {
      throw new UnsupportedOperationException("the shared empty handle table is never written");
    }
  }
  BlockKind block = BlockKind.NONE;
  int[] internal = Calls.NO_INTERNAL;
  /** The blocking collective the thread is in, or null ({@link Collectives}). */
  Collectives.Pending collective;
  Life life = Life.RUNNING;
  /**
   * Timed mode: a kernel event will run this thread's next step (kernel bookkeeping, not model
   * state: logical mode never sets it, so it is neither hashed nor copied).
   */
  boolean stepScheduled;
  /**
   * With a full trace only: the error class the call in progress raised at its own statement, which
   * its {@code return} event reports (trace bookkeeping, not model state: read by no decision,
   * neither hashed nor copied; cleared when the call returns).
   */
  dev.matchpoint.mpi.ErrorClass raised;
  /** Timed mode: the kernel action of this thread's next step, made on first use and reused. */
  dev.matchpoint.core.kernel.Kernel.Action wake;
  /**
   * Timed mode: up to two requests this thread returned, for {@link #newRequest} to reuse (a
   * nonblocking receive and a blocking send per iteration of a loop need no new one); not model
   * state: logical mode never sets them, so they are neither hashed nor copied. Dropped when the
   * thread finishes, so that a large world keeps none for its finished threads.
   */
  private Request spare;
  private Request otherSpare;
  /** Timed mode: the one-element {@link #internal} of a blocking send or receive, reused. */
  private int[] oneInternal;
  /**
   * The rank state holding this thread, when its rank has shared variables (kept so by {@link
   * RankState}; see {@link RankState#shared}); else whichever rank state made it, and unused. Not
   * model state: neither hashed nor encoded.
   */
  RankState home;
  /** Set once the thread is shared between rank states: never written again. */
  private boolean frozen;
  /**
   * The fingerprint of a frozen thread, kept once computed; one immutable object, so a search
   * thread reading it while another writes it sees null or both halves (JLS §17.5).
   */
  private Fingerprint fingerprint;

  private record Fingerprint(long high, long low) {}

  ThreadState(int rank, int thread, Code code) {
    this.rank = rank;
    this.thread = thread;
    this.code = code;
    this.vars = new long[code.layout().slotCount()];
    java.util.Arrays.fill(vars, -1);
    this.requests = new RequestTable();
    this.handles = NO_HANDLES;
    this.handleAt = NO_HANDLE_AT;
  }

  private ThreadState(ThreadState o) {
    this.rank = o.rank;
    this.thread = o.thread;
    this.code = o.code;
    this.pc = o.pc;
    this.vars = o.vars.clone();
    this.nextRequestIndex = o.nextRequestIndex;
    this.requests = o.requests.copy();
    this.handles = o.handles.isEmpty() ? NO_HANDLES : new TreeMap<>(o.handles);
    this.handleAt = o.handleAt.isEmpty() ? NO_HANDLE_AT : new TreeMap<>(o.handleAt);
    this.block = o.block;
    this.internal = o.internal;
    this.collective = o.collective;
    this.life = o.life;
  }

  /** The handle table, made this thread's own on first write. */
  TreeMap<Long, Message> handlesForWrite() {
    if (handles == NO_HANDLES) {
      handles = new TreeMap<>();
    }
    return handles;
  }

  /** The table of where handles were taken, made this thread's own on first write. */
  TreeMap<Long, SourceLocation> handleAtForWrite() {
    if (handleAt == NO_HANDLE_AT) {
      handleAt = new TreeMap<>();
    }
    return handleAt;
  }

  ThreadState copy() {
    return new ThreadState(this);
  }

  /** Marks the thread shared: from now on it is only read (see {@link RankState#thread(int)}). */
  void freeze() {
    if (!frozen) {
      frozen = true;
    }
  }

  /** Writes the thread's 128-bit fingerprint of {@link #hashInto} (kept once the thread is frozen). */
  void fingerprintInto(PrimitiveSink sink) {
    Fingerprint kept = fingerprint;
    if (kept == null) {
      FingerprintSink f = new FingerprintSink();
      hashInto(f);
      kept = new Fingerprint(f.high(), f.low());
      if (frozen) {
        fingerprint = kept;
      }
    }
    sink.putLong(kept.high()).putLong(kept.low());
  }

  boolean running() {
    return life == Life.RUNNING;
  }

  Request newRequest(RequestKind kind, boolean userVisible) {
    int index = nextRequestIndex++;
    long id = RequestIds.id(rank, thread, index);
    Request r;
    if (spare != null) {
      r = spare;
      spare = otherSpare;
      otherSpare = null;
      r.init(id, kind, userVisible);
    } else {
      r = new Request(id, kind, userVisible);
    }
    if (pc < code.size()) {
      r.at = World.location(this, pc);
    }
    requests.put(index, r);
    return r;
  }

  /**
   * Logical mode runs MPI_Sendrecv as two halves (MPI-3.1 §3.10), each with an internal request at
   * a fixed index: the send half's at {@link #nextRequestIndex}, the receive half's one past it;
   * {@link #endHalves} moves past both when the call returns. Fixed indices make the halves commute.
   */
  int halfIndex(Action.Half half) {
    return nextRequestIndex + (half == Action.Half.SEND ? 0 : 1);
  }

  /** Creates the internal request of one half of an MPI_Sendrecv (see {@link #halfIndex}). */
  Request newHalfRequest(Action.Half half, RequestKind kind) {
    int index = halfIndex(half);
    Request r = new Request(RequestIds.id(rank, thread, index), kind, false);
    r.at = World.location(this, pc);
    requests.put(index, r);
    return r;
  }

  /** Whether this half of the thread's MPI_Sendrecv has run (its request exists). */
  boolean halfRan(Action.Half half) {
    return requests.containsKey(halfIndex(half));
  }

  /** Whether a request is the internal request of one half of the thread's MPI_Sendrecv. */
  boolean isHalfRequest(Request r) {
    return RequestIds.index(r.id) >= nextRequestIndex;
  }

  /**
   * An MPI_Isendrecv returns: its halves' requests stay, as ordinary requests of the thread, and
   * their indices are used up.
   */
  void keepHalves() {
    nextRequestIndex += 2;
  }

  /** The MPI_Sendrecv returns: its halves' requests are dropped and their indices used up. */
  void endHalves() {
    requests.remove(halfIndex(Action.Half.SEND));
    requests.remove(halfIndex(Action.Half.RECEIVE));
    nextRequestIndex += 2;
  }

  Request request(long id) {
    return requests.get(RequestIds.index(id));
  }

  void dropRequest(Request r) {
    requests.remove(RequestIds.index(r.id));
  }

  /**
   * Timed mode only: {@code r}, which this thread's call has just returned to the program and
   * dropped from its table, may be reused by {@link #newRequest}. Only a plain send or receive
   * request (not persistent, freed, buffered, cancelled or a channel's) is kept: nothing else holds
   * such a request object once it is dropped (the protocols, the matching engine and the checks
   * name requests by id, and ids are never reused). Logical mode must not call this: its states
   * share requests' owners between copies.
   *
   * @param r a request no longer in {@link #requests}
   */
  void recycle(Request r) {
    if (r == Calls.INVALID || (r.kind != RequestKind.SEND && r.kind != RequestKind.RECV) || r.persistent || r.freed
        || r.channel != null || r.bufferBytes != -1 || r.transferId != -1 || r.cancelPending
        || r.statusCancelled || otherSpare != null) {
      return;
    }
    otherSpare = spare;
    spare = r;
  }

  /** Timed mode: the thread has finished; what it kept for reuse goes. */
  void dropSpares() {
    spare = null;
    otherSpare = null;
    oneInternal = null;
  }

  /**
   * Timed mode only: the {@link #internal} array of a call blocked on one request, this thread's
   * own and reused (logical mode shares {@link #internal} between copies, so it makes a new one).
   *
   * @param index the request index
   * @return an array holding {@code index}
   */
  int[] oneInternal(int index) {
    if (oneInternal == null) {
      oneInternal = new int[1];
    }
    oneInternal[0] = index;
    return oneInternal;
  }

  String name() {
    return "r" + rank + ".t" + thread;
  }

  void hashInto(PrimitiveSink sink) {
    sink.putInt(pc).putInt(life.ordinal()).putInt(block.ordinal()).putInt(nextRequestIndex);
    for (long v : vars) {
      sink.putLong(v);
    }
    for (int i : internal) {
      sink.putInt(i);
    }
    if (collective != null) {
      collective.hashInto(sink);
    }
    sink.putInt(requests.size());
    if (!requests.isEmpty()) {
      for (Request r : requests.values()) {
        r.hashInto(sink);
      }
    }
    sink.putInt(handles.size());
    if (!handles.isEmpty()) {
      for (Message m : handles.values()) {
        m.hashInto(sink);
      }
    }
    if (!handleAt.isEmpty()) {
      for (SourceLocation at : handleAt.values()) {
        at.hashInto(sink);
      }
    }
  }
}
