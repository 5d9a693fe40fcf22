package dev.matchpoint.mpi.rank;

import dev.matchpoint.core.net.CreditPolicy;
import dev.matchpoint.core.net.InFlight;
import dev.matchpoint.core.net.Network;
import dev.matchpoint.core.net.Packet;
import dev.matchpoint.core.net.ProtocolOptions;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.ErrorClass;
import dev.matchpoint.mpi.Mpi;
import dev.matchpoint.mpi.RequestIds;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.match.Message;
import dev.matchpoint.mpi.match.MessageIds;
import dev.matchpoint.mpi.match.PostedReceive;
import dev.matchpoint.mpi.program.SourceLocation;
import dev.matchpoint.mpi.trace.MatchKind;
import dev.matchpoint.mpi.trace.TraceEvent;
import java.util.function.Supplier;

/**
 * The point-to-point protocols over the network (seed 004; DESIGN §4).
 *
 * <ul>
 *   <li><b>Eager</b> (when the eager rule admits the message, {@link
 *       dev.matchpoint.core.net.EagerRule}, and it fits the per-peer eager buffer):
 *       one EAGER packet carries envelope and data against the sender's eager credit at the
 *       receiver; the send completes when the packet is injected, except in synchronous mode, which
 *       completes on the ACK the receiver sends when the matching receive (or Mrecv) starts. The
 *       receiver returns the credit when it copies the data out.
 *   <li><b>Rendezvous</b> (otherwise): an RTS carries the envelope; the receiver
 *       answers with a CTS when the matching receive or Mrecv starts; the sender then sends DATA and
 *       its request completes when DATA is injected; the receive completes when DATA arrives.
 * </ul>
 *
 * <p>A ready-mode send is judged when it starts, against the destination's posted receives, and its
 * message when it arrives against the same ({@link ReadySends}; MPI-3.1 §3.4).
 */
final class Protocols {
  private Protocols() {}

  static void startSend(World w, ThreadState t, Request r, int dest, int tag, int ctx, long bytes, Datatype type,
      SendMode mode, SourceLocation at) {
    RankState rank = w.rank(t.rank);
    ProtocolOptions p = w.protocol;
    r.dest = dest;
    r.tag = tag;
    r.context = ctx;
    r.sizeBytes = bytes;
    r.type = type;
    r.mode = mode;
    r.at = at;
    long wire = bytes + p.headerBytes();
    boolean eager = p.isEager(bytes) && wire <= p.eagerBufferBytesPerPeer();
    if (eager && p.onCreditExhausted() == CreditPolicy.RENDEZVOUS && !w.hasEagerCredit(t.rank, dest, wire)) {
      eager = false;
    }
    r.rendezvous = !eager;
    r.seq = rank.nextSeq(dest, ctx);
    if (w.listened) {
      w.emit(new TraceEvent.MessageSent(w.step, w.now(), t.rank, t.thread, dest, tag, ctx, r.seq, bytes, mode,
          !eager, r.id));
    }
    Message m = new Message(t.rank, tag, ctx, r.seq, bytes, type, !eager, mode, r.id, at, 0);
    if (mode == SendMode.READY) {
      ReadySends.started(w, t, r.id, dest, tag, ctx, m.key(), at);
    }
    if (eager) {
      w.sendEager(new Packet(Payloads.EAGER, t.rank, dest, wire, m), wire);
    } else {
      w.send(new Packet(Payloads.RTS, t.rank, dest, p.headerBytes(), m));
    }
  }

  static void injected(World w, InFlight f) {
    Packet p = f.packet();
    if (Payloads.EAGER.equals(p.kind())) {
      Message m = (Message) p.payload();
      w.after(f.injectedNs(), SendInjected.of(w, m.sendRequestId(), m.mode() == SendMode.SYNCHRONOUS, m.key()));
    } else if (Payloads.CDATA.equals(p.kind())) {
      Channels.injected(w, f);
    } else if (Partitions.PDATA.equals(p.kind())) {
      Partitions.injected(w, f);
    } else if (Payloads.DATA.equals(p.kind())) {
      Payloads.Data d = (Payloads.Data) p.payload();
      w.after(f.injectedNs(), SendInjected.of(w, d.sendRequestId(), false, -1));
    }
  }

  /**
   * A send's EAGER or DATA packet left its NIC: its buffer space is released and, unless it waits
   * for a synchronous send's acknowledgement, the send completes. Fired ones are kept for reuse in
   * {@link World#injectedSpares} (one per send otherwise).
   */
  static final class SendInjected extends World.Later {
    private long sendRequestId;
    private boolean synchronous;
    /** The eager message's key, for the label; -1 for DATA. */
    private long messageKey;

    private SendInjected(World w) {
      super(w);
    }

    static SendInjected of(World w, long sendRequestId, boolean synchronous, long messageKey) {
      SendInjected s = w.injectedSpares == null ? null : w.injectedSpares.take();
      if (s == null) {
        s = new SendInjected(w);
      }
      s.sendRequestId = sendRequestId;
      s.synchronous = synchronous;
      s.messageKey = messageKey;
      return s;
    }

    @Override
    void run() {
      long id = sendRequestId;
      boolean sync = synchronous;
      if (w.injectedSpares != null) {
        w.injectedSpares.give(this); // fired (or run at once): nothing refers to it any more
      }
      Request r = request(w, id);
      if (r != null) {
        Buffers.release(w, r);
        if (!sync) {
          sendDone(w, r);
        }
      }
    }

    @Override
    public String describe() {
      return messageKey >= 0 ? "eager " + MessageIds.format(messageKey) + " injected"
          : "data of " + RequestIds.format(sendRequestId) + " injected";
    }
  }

  static void delivered(World w, InFlight f) {
    Packet p = f.packet();
    int me = p.dest();
    switch (p.kind()) {
      case Payloads.EAGER, Payloads.RTS -> {
        RankState rank = w.rank(me);
        w.touchQueue(me, p.source(), true);
        w.touchPosted(me, false);
        RankState outer = w.arriving;
        w.arriving = rank;
        try {
          rank.engine.arrive((Message) p.payload(), w.arrived, w.droppedOnArrival);
        } finally {
          w.arriving = outer;
        }
      }
      case Payloads.CTS -> {
        Payloads.Cts c = (Payloads.Cts) p.payload();
        Request r = request(w, c.sendRequestId());
        r.state = RequestState.MATCHED;
        w.touchRequest(w.owner(r.id), r);
        w.send(new Packet(Payloads.DATA, me, p.source(), r.sizeBytes + w.protocol.headerBytes(),
            new Payloads.Data(c.sendRequestId(), c.recvRequestId(), r.sizeBytes)));
      }
      case Payloads.DATA -> {
        Payloads.Data d = (Payloads.Data) p.payload();
        Request r = request(w, d.recvRequestId());
        finishReceive(w, r);
      }
      case Payloads.ACK -> {
        Request r = request(w, ((Payloads.Ack) p.payload()).sendRequestId());
        sendDone(w, r);
      }
      case Payloads.CANCEL -> Cancels.cancelArrived(w, f);
      case Payloads.CANCEL_ACK -> Cancels.answered(w, f);
      case Payloads.BIND -> Channels.bindArrived(w, f);
      case Payloads.UNBIND -> Channels.unbindArrived(w, f);
      case Payloads.CDATA -> Channels.dataArrived(w, f);
      case Partitions.PDATA -> Partitions.arrived(w, f);
      case Network.CREDIT -> {
        // The network restored the credit of link dest->source and injected what waited for it.
        w.touchLinkTail(me, p.source());
      }
      default -> throw new IllegalStateException("unknown packet kind " + p.kind());
    }
  }

  private static Request request(World w, long id) {
    return w.owner(id).request(id);
  }

  static void sendDone(World w, Request r) {
    if (r.finished()) {
      return;
    }
    r.complete(Mpi.ANY_SOURCE, Mpi.ANY_TAG, 0, ErrorClass.MPI_SUCCESS);
    w.requestDone(r);
  }

  /** A message released in sequence order meets the posted receive queue (MPI-3.1 §3.5). */
  static void arrived(World w, RankState rank, Message m) {
    if (w.fullTrace) {
      w.emit(new TraceEvent.MessageArrived(w.step, w.now(), rank.rank, -1, m.key(), m.tag(), m.sizeBytes(),
          m.rendezvous(), m.mode()));
    }
    PostedReceive pr = rank.engine.matchArrival(m);
    if (m.mode() == SendMode.READY) {
      ReadySends.arrived(w, rank, m, pr);
    }
    if (pr != null) {
      w.touchPosted(rank.rank, true);
      rank.readySends.postedLeft(pr.requestId());
      ThreadState owner = w.owner(pr.requestId());
      Request r = owner.request(pr.requestId());
      if (w.listened) {
        w.emit(new TraceEvent.Matched(w.step, w.now(), rank.rank, owner.thread, MatchKind.RECEIVE, r.id, m.key(),
            pr.postStamp(), pr.source(), pr.tag(), m.tag(), m.sizeBytes(), rank.engine.postedDepth(),
            rank.engine.unexpectedDepth(), rank.engine.lastSearchLength()));
      }
      receiveMatched(w, owner, r, m);
      return;
    }
    if (w.fullTrace) {
      w.emit(new TraceEvent.QueuedUnexpected(w.step, w.now(), rank.rank, -1, m.key(), rank.engine.unexpectedDepth()));
    }
    w.wakeProbers(rank);
  }

  /**
   * A receive (or matched receive) has started on message {@code m}: status known now; eager data
   * is copied out (credit returned, synchronous sender acknowledged); a rendezvous message gets its
   * CTS. A message longer than the buffer completes with MPI_ERR_TRUNCATE (MPI-3.1 §3.2.4: "an
   * overflow error occurs"); the receive still completes. Every receive path (Recv, Irecv, a started
   * persistent receive, Sendrecv, Mrecv, Imrecv) comes here, where the type matching rule is judged
   * ({@link #checkTypes}).
   */
  static void receiveMatched(World w, ThreadState owner, Request r, Message m) {
    checkTypes(w, owner, r.type, r.at, m.type(), m.sizeBytes(), m.sentAt(), () -> MessageIds.format(m.key()));
    r.matchedMessage = m.key();
    r.state = RequestState.MATCHED;
    r.statusSource = Communicators.rankIn(w, owner.rank, m.context(), m.source()); // MPI-3.1 §6.4: rank in comm
    r.statusTag = m.tag();
    r.statusBytes = Math.min(m.sizeBytes(), r.capacityBytes);
    r.statusError = m.sizeBytes() > r.capacityBytes ? ErrorClass.MPI_ERR_TRUNCATE : ErrorClass.MPI_SUCCESS;
    int me = owner.rank;
    long header = w.protocol.headerBytes();
    if (!m.rendezvous()) {
      w.returnEagerCredit(me, m.source(), m.sizeBytes() + header);
      if (m.synchronous()) {
        w.send(new Packet(Payloads.ACK, me, m.source(), header, new Payloads.Ack(m.sendRequestId())));
      }
      finishReceive(w, r);
    } else {
      w.send(new Packet(Payloads.CTS, me, m.source(), header, new Payloads.Cts(m.sendRequestId(), r.id)));
    }
  }

  /** The rule {@link #checkTypes} reports. */
  static final String TYPE_MISMATCH = "send and receive datatypes do not match (MPI-3.1 §3.3.1)";

  /**
   * The type matching rule between a send and its receive (MPI-3.1 §3.3.1): "the type specified by
   * the send operation has to match the type specified by the receive operation [...]. A program
   * that fails to observe these three rules is erroneous." Types match by identical names, MPI_PACKED
   * matching any ({@link Datatype#matches}). The rule is judged element by element (MPI-3.1 §4.1.11:
   * "If the incoming message consists of k elements, then we must have k ≤ n·count; the i·n+j-th
   * element of the message should have a type that matches type_j"), so counts may differ — a
   * longer message is truncation, MPI_ERR_TRUNCATE, not a mismatch — and a message of no elements
   * matches any receive. A mismatch is reported at the receive, naming both statements and the
   * message ({@code message}, built only then: the check runs on every receive).
   */
  static void checkTypes(World w, ThreadState owner, Datatype recvType, SourceLocation recvAt, Datatype sendType,
      long sizeBytes, SourceLocation sentAt, Supplier<String> message) {
    if (sizeBytes == 0 || sendType.matches(recvType)) {
      return;
    }
    w.erroneous(owner.rank, owner.thread, TYPE_MISMATCH, "message " + message.get() + " of "
        + sizeBytes / sendType.sizeBytes() + " " + sendType.mpiName() + " sent at " + sentAt + " is received as "
        + recvType.mpiName() + " at " + recvAt, recvAt);
  }

  private static void finishReceive(World w, Request r) {
    r.state = RequestState.COMPLETE;
    if (r.statusError == ErrorClass.MPI_ERR_TRUNCATE) {
      ThreadState owner = w.owner(r.id);
      w.error(owner, r.kind == RequestKind.MRECV ? "MPI_Mrecv" : "MPI_Recv", ErrorClass.MPI_ERR_TRUNCATE,
          "message " + MessageIds.format(r.matchedMessage) + " is longer than the receive buffer of "
              + r.capacityBytes + " bytes", r.at);
    }
    w.requestDone(r);
  }
}
