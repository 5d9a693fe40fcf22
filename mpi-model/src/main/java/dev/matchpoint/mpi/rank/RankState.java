package dev.matchpoint.mpi.rank;

import com.google.common.hash.PrimitiveSink;
import dev.matchpoint.core.explore.FingerprintSink;
import dev.matchpoint.mpi.match.ChannelSequences;
import dev.matchpoint.mpi.match.MatchingEngine;
import dev.matchpoint.mpi.program.SourceLocation;

/**
 * One rank: its matching engine, its threads, its send sequence numbers, its attached buffer and
 * the ready-mode messages on their way to it.
 * Mutable until frozen: {@link World#copy()} shares ranks between worlds and freezes them, and a
 * world copies a frozen rank before writing it ({@link World#rank(int)}). A frozen rank keeps its
 * fingerprint, so a successor hashes only the ranks its action wrote. The same holds one level
 * down: a copy of a rank shares its threads until it writes one ({@link #thread(int)}), and a
 * shared thread keeps its fingerprint, so a rank written by an action rehashes only the threads
 * the action wrote.
 */
final class RankState {
  final int rank;
  final MatchingEngine engine;
  /**
   * The threads. Read freely; write only through {@link #thread(int)}: a copy of a rank shares its
   * threads (copy-on-write, frozen), and a thread is copied by the first rank to write it.
   */
  final ThreadState[] threads;
  /** Per thread, whether {@code threads[i]} is this rank's own (writable); null when all are. */
  private boolean[] ownedThreads;
  /** (dest, context) to the next send sequence number. */
  final ChannelSequences sendSeq;
  /** Attached buffer size for buffered sends, or -1 when none is attached (MPI-3.1 §3.6). */
  long bufferAttachedBytes = -1;
  /** Where the attached buffer was attached: named when the run ends with messages in it. */
  SourceLocation bufferAttachedAt = SourceLocation.unknown();
  long bufferUsedBytes;
  int bufferedInTransit;
  /** Peers' channel bind offers that no local bind has met yet, in arrival order (seed 003). */
  final java.util.ArrayList<Payloads.BindOffer> bindOffers;
  /** Ready-mode messages on their way here, with the receives posted when their sends started. */
  final ReadySends readySends;
  /** The blocking collectives the rank's threads have called, per communicator ({@link Collectives}). */
  final Collectives.Log collectives;
  /**
   * Partitioned initialisations counted and partitions arrived ahead (MPI-4.0 chapter 4); null while
   * empty (most ranks never make a partitioned call): read through {@link #partitions()}, write
   * through {@link #partitionsForWrite()}.
   */
  private Partitioned.Table partitions;
  /**
   * The communicators created at run time that the rank is a member of, and those it freed
   * ({@link Communicators}); null while empty: read through {@link #comms()}, write through {@link
   * #commsForWrite()}.
   */
  private Communicators.Table comms;
  /** Set once the rank is shared between worlds: never written again. */
  private boolean frozen;
  /**
   * The fingerprint of a frozen rank, kept once computed. One immutable object (final fields), so
   * a search thread that reads it while another writes it sees either null or both halves
   * (JLS §17.5): frozen ranks are read by several search threads at once.
   */
  private Fingerprint fingerprint;

  private record Fingerprint(long high, long low) {}

  /** The encoding of a frozen rank {@link WorldCodec} decoded (its bytes), written again as is; else null. */
  byte[] encoding;
  /**
   * The rank-shared variables' slots ({@link dev.matchpoint.mpi.program.Program#shared()}; laid out
   * by {@link dev.matchpoint.mpi.program.VarLayout}), or null when the rank's threads share none.
   * While it is not null, every thread of this rank state is its own (a copy of the rank copies its
   * threads) and has this state as its {@link ThreadState#home}, so a thread reaches its siblings
   * and these slots through it ({@link SharedState}).
   */
  long[] shared;

  RankState(int rank, MatchingEngine engine, ThreadState[] threads) {
    this.rank = rank;
    this.engine = engine;
    this.threads = threads;
    if (threads[0].code.layout().sharedSlotCount() > 0) {
      shared = threads[0].code.layout().sharedInitialValues();
    }
    for (ThreadState t : threads) {
      t.home = this;
    }
    this.sendSeq = new ChannelSequences();
    this.bindOffers = new java.util.ArrayList<>();
    this.readySends = new ReadySends();
    this.collectives = new Collectives.Log();
  }

  /** The partitioned-communication table, or an empty one (never to be written) when there is none. */
  Partitioned.Table partitions() {
    return partitions == null ? Partitioned.Table.EMPTY : partitions;
  }

  /** The partitioned-communication table, created on first write. */
  Partitioned.Table partitionsForWrite() {
    if (partitions == null) {
      partitions = new Partitioned.Table();
    }
    return partitions;
  }

  /** The communicator table, or an empty one (never to be written) when there is none. */
  Communicators.Table comms() {
    return comms == null ? Communicators.Table.EMPTY : comms;
  }

  /** The communicator table, created on first write. */
  Communicators.Table commsForWrite() {
    if (comms == null) {
      comms = new Communicators.Table();
    }
    return comms;
  }

  private RankState(RankState o) {
    this.rank = o.rank;
    this.engine = o.engine.copy();
    this.threads = o.threads.clone();
    this.ownedThreads = new boolean[threads.length];
    if (o.shared != null) {
      // Shared variables: each thread reaches its siblings through its rank, so all are this rank's own.
      this.shared = o.shared.clone();
      for (int i = 0; i < threads.length; i++) {
        threads[i].freeze();
        threads[i] = threads[i].copy();
        threads[i].home = this;
        ownedThreads[i] = true;
      }
    } else {
      for (ThreadState t : threads) {
        t.freeze();
      }
    }
    this.sendSeq = o.sendSeq.copy();
    this.bufferAttachedBytes = o.bufferAttachedBytes;
    this.bufferAttachedAt = o.bufferAttachedAt;
    this.bufferUsedBytes = o.bufferUsedBytes;
    this.bufferedInTransit = o.bufferedInTransit;
    this.bindOffers = new java.util.ArrayList<>(o.bindOffers);
    this.readySends = o.readySends.copy();
    this.collectives = o.collectives.copy();
    this.partitions = o.partitions == null ? null : new Partitioned.Table(o.partitions);
    this.comms = o.comms == null ? null : o.comms.copy();
  }

  RankState copy() {
    return new RankState(this);
  }

  /**
   * A thread to write: copied first when it is shared with another rank state (see {@link #threads}).
   *
   * @param i the thread
   * @return this rank's own state of thread {@code i}
   */
  ThreadState thread(int i) {
    if (ownedThreads != null && !ownedThreads[i]) {
      threads[i] = threads[i].copy();
      threads[i].home = this;
      ownedThreads[i] = true;
    }
    return threads[i];
  }

  /** How many messages this rank has sent to {@code dest} in {@code context}. */
  long sent(int dest, int context) {
    return sendSeq.get(channel(dest, context));
  }

  long nextSeq(int dest, int context) {
    return sendSeq.take(channel(dest, context));
  }

  /** The key of a (dest, context) channel in {@link #sendSeq}. */
  private static long channel(int dest, int context) {
    return ((long) dest << 12) | context;
  }

  /** Marks the rank shared: from now on it is only read (see {@link World#rank(int)}). */
  void freeze() {
    if (!frozen) {
      frozen = true;
    }
  }

  /** Writes the rank's 128-bit fingerprint (kept once the rank is frozen). */
  void hashInto(PrimitiveSink sink) {
    Fingerprint kept = fingerprint;
    if (kept == null) {
      FingerprintSink f = new FingerprintSink();
      hashContent(f);
      kept = new Fingerprint(f.high(), f.low());
      if (frozen) {
        fingerprint = kept;
      }
    }
    sink.putLong(kept.high()).putLong(kept.low());
  }

  private void hashContent(PrimitiveSink sink) {
    engine.hashInto(sink);
    if (threads.length == 1) {
      threads[0].hashInto(sink); // a rank with one thread is written whenever its thread is
    } else {
      for (ThreadState t : threads) {
        t.fingerprintInto(sink);
      }
    }
    sendSeq.hashInto(sink);
    sink.putLong(bufferAttachedBytes).putLong(bufferUsedBytes).putInt(bufferedInTransit);
    bufferAttachedAt.hashInto(sink);
    sink.putInt(bindOffers.size());
    bindOffers.forEach(o -> o.hashInto(sink));
    readySends.hashInto(sink);
    collectives.hashInto(sink);
    // Most ranks have neither table: one byte says so, instead of hashing an empty table's fields.
    if (partitions().isEmpty()) {
      sink.putByte((byte) 0);
    } else {
      sink.putByte((byte) 1);
      partitions.hashInto(sink);
    }
    if (comms().isEmpty()) {
      sink.putByte((byte) 0);
    } else {
      sink.putByte((byte) 1);
      comms.hashInto(sink);
    }
    if (shared != null) {
      for (long v : shared) {
        sink.putLong(v);
      }
    }
  }
}
