package dev.matchpoint.mpi.rank;

import dev.matchpoint.core.net.InFlight;
import dev.matchpoint.core.net.Packet;
import dev.matchpoint.mpi.ErrorClass;
import dev.matchpoint.mpi.Mpi;
import dev.matchpoint.mpi.RequestIds;
import dev.matchpoint.mpi.match.Envelopes;
import dev.matchpoint.mpi.program.Instr;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.trace.TraceEvent;
import java.util.ArrayList;
import java.util.List;

/**
 * Persistent channels of the MPI Forum persistence working group (seed 003, proposals 1 and 3).
 *
 * <ul>
 *   <li><b>Binding</b> is pairwise: the send side binds a persistent send request, the receive side
 *       a matching persistent receive request ("MPI_Start(sreq1) and MPI_Start(rreq1) would match");
 *       each side sends a BIND offer and its endpoint is bound when it meets the peer's offer. Both
 *       ends must agree on the slackness K, or the program is erroneous. A bind that never meets
 *       its peer blocks forever: the deadlock report names it.
 *   <li><b>Transfers</b> go on the channel's own ordering space: one CDATA packet per start, no
 *       envelope matching, no eager buffer, no RTS/CTS. "They automatically have the ready
 *       property": send start n needs receive start n at the peer already, as MPI_Rsend needs its
 *       receive posted (MPI-3.1 §3.4). It is judged when the send starts, against the receive end's
 *       count of starts (the model sees every rank), not when its data arrives; otherwise it is
 *       erroneous, reported at the sending thread.
 *   <li><b>K-slack</b>: "No more than K outstanding send or receive starts on either end is legal";
 *       Wait or Test completes the oldest outstanding start. Start n uses circular-buffer slot n mod
 *       K (ADDRESS_BASE_INCREMENT), recorded in the trace.
 *   <li><b>Freeing</b>: Unbind is pairwise too; Request_free on an endpoint, and Unbind of anything
 *       but a bound endpoint, are erroneous.
 * </ul>
 */
final class Channels {
  private Channels() {}

  static boolean bind(World w, ThreadState t, Instr.Call c, MpiOp.BindChannel op) throws ProgramError {
    List<Request> endpoints = new ArrayList<>();
    for (int i = 0; i < op.requests().size(); i++) {
      String var = op.requests().get(i);
      Request in = Calls.lookup(t, var);
      if (in == null || in == Calls.INVALID || !in.persistent) {
        w.erroneous(t.rank, t.thread, "binding a request that is not persistent (seed 003)",
            "'" + var + "' must come from MPI_Send_init or MPI_Recv_init", c.at());
        Vars.setRequest(t, op.channels().get(i), Vars.REQUEST_NULL);
        continue;
      }
      boolean sender = in.kind == RequestKind.SEND;
      int peer = sender ? in.dest : in.sourcePattern;
      if (peer == Envelopes.ANY || peer == Mpi.PROC_NULL) {
        w.erroneous(t.rank, t.thread, "binding a receive with MPI_ANY_SOURCE or MPI_PROC_NULL is not modelled",
            "'" + var + "' must name one peer rank to bind with (seed 003)", c.at());
        Vars.setRequest(t, op.channels().get(i), Vars.REQUEST_NULL);
        continue;
      }
      Request e = t.newRequest(RequestKind.CHANNEL, true);
      e.channel = new Channel(sender, peer, sender ? in.tag : in.tagPattern, in.context,
          sender ? in.sizeBytes : in.capacityBytes, in.type, op.slackness().get(i), RequestIds.index(in.id));
      Vars.setRequest(t, op.channels().get(i), RequestIds.index(e.id) + 1);
      if (op.nonblocking()) {
        in.bindPending = e.id;
      }
      endpoints.add(e);
      w.touchBinds(t.rank, true);
      w.send(new Packet(Payloads.BIND, t.rank, peer, w.protocol.headerBytes(),
          new Payloads.BindOffer(sender, t.rank, e.channel.tag, e.channel.context, e.channel.slack, e.id)));
      RankState rank = w.rank(t.rank);
      for (int k = 0; k < rank.bindOffers.size(); k++) {
        Payloads.BindOffer o = rank.bindOffers.get(k);
        if (fits(e.channel, o)) {
          rank.bindOffers.remove(k);
          pair(w, t, e, o);
          break;
        }
      }
    }
    if (op.nonblocking()) {
      return true;
    }
    for (Request e : endpoints) {
      if (e.channel.phase == Channel.Phase.BINDING) {
        t.block = BlockKind.REQUESTS;
        return false;
      }
    }
    return true;
  }

  /** Whether a peer's offer binds with a local endpoint awaiting its peer. */
  private static boolean fits(Channel ch, Payloads.BindOffer o) {
    return ch.phase == Channel.Phase.BINDING && ch.peerEndpoint < 0 && o.sender() != ch.sender
        && o.from() == ch.peer && o.context() == ch.context
        && (o.tag() == ch.tag || (!ch.sender && ch.tag == Envelopes.ANY) || (ch.sender && o.tag() == Envelopes.ANY));
  }

  private static void pair(World w, ThreadState t, Request e, Payloads.BindOffer o) {
    Channel ch = e.channel;
    ch.peerEndpoint = o.endpoint();
    ch.phase = Channel.Phase.BOUND;
    if (!ch.sender) {
      ch.tag = o.tag(); // the send end's tag, also when this end bound with MPI_ANY_TAG
    }
    w.touchThread(t);
    if (ch.slack != o.slack()) {
      w.erroneous(t.rank, t.thread, "the two ends of a channel disagree on slackness (seed 003)",
          "slackness " + ch.slack + " here, " + o.slack() + " at rank " + o.from() + ": \"Slackness must be the same "
              + "on both ends of the channel created, or the program is erroneous\"", e.at);
    }
    w.emit(new TraceEvent.ChannelEvent(w.step, w.now(), t.rank, t.thread, e.id, "bound", -1, -1, ch.peer));
    Request in = t.requests.get(ch.inRequest);
    if (in != null && in.bindPending == e.id) {
      in.bindPending = -1;
    }
    w.resume(t);
  }

  /** A BIND offer arrived: bind it with a waiting local endpoint, or keep it for a later bind. */
  static void bindArrived(World w, InFlight f) {
    Payloads.BindOffer o = (Payloads.BindOffer) f.packet().payload();
    RankState rank = w.rank(f.dest());
    w.touchBinds(rank.rank, true);
    Request best = null;
    ThreadState owner = null;
    for (ThreadState t : rank.threads) {
      for (Request r : t.requests.values()) {
        if (r.kind == RequestKind.CHANNEL && fits(r.channel, o) && (best == null || r.id < best.id)) {
          best = r;
          owner = t;
        }
      }
    }
    if (best == null) {
      rank.bindOffers.add(o);
    } else {
      ThreadState writable = w.owner(best.id);
      pair(w, writable, writable.request(best.id), o);
    }
  }

  /** MPI_Start on a channel endpoint. */
  static void start(World w, ThreadState t, Instr.Call c, Request e) {
    Channel ch = e.channel;
    if (ch.phase != Channel.Phase.BOUND) {
      w.erroneous(t.rank, t.thread, "MPI_Start of a channel endpoint that is not bound (seed 003)",
          RequestIds.format(e.id) + " is " + ch.phase.name().toLowerCase(), c.at());
      return;
    }
    if (ch.outstanding() >= ch.slack) {
      w.erroneous(t.rank, t.thread, "more than K outstanding starts on a K-slack channel (seed 003)",
          "start " + (ch.outstanding() + 1) + " without a Wait on a channel of slackness " + ch.slack
              + ": \"No more than K outstanding send or receive starts on either end is legal\"", c.at());
      return;
    }
    long seq = ch.starts++;
    w.emit(new TraceEvent.ChannelEvent(w.step, w.now(), t.rank, t.thread, e.id, "start", seq, (int) (seq % ch.slack),
        ch.peer));
    // The receive end's starts are part of its rank's channel state: a send start reads them, a
    // receive start writes them.
    w.touchBinds(ch.sender ? ch.peer : t.rank, !ch.sender);
    if (ch.sender) {
      if (seq >= receiveStarts(w, ch)) {
        w.erroneous(t.rank, t.thread, "channel send started before the matching receive start (seed 003)",
            "send start #" + seq + " on " + RequestIds.format(e.id) + " came before receive start #" + seq + " at rank "
                + ch.peer + ": channels \"automatically have the ready property\"", c.at());
      }
      w.send(new Packet(Payloads.CDATA, t.rank, ch.peer, ch.bytes + w.protocol.headerBytes(),
          new Payloads.ChannelData(ch.peerEndpoint, seq, ch.bytes, ch.type, c.at())));
    } else {
      complete(w, t, e);
    }
  }

  /** How many times the receive end of a send endpoint's channel has started (0 once it is gone). */
  private static long receiveStarts(World w, Channel ch) {
    Request peer = w.owner(ch.peerEndpoint).request(ch.peerEndpoint);
    return peer == null || peer.channel == null ? 0 : peer.channel.starts;
  }

  /** The CDATA packet of a send start left: the start is complete at the sender. */
  static void injected(World w, InFlight f) {
    Payloads.ChannelData d = (Payloads.ChannelData) f.packet().payload();
    // The packet names the receiving endpoint; find the sending one by its peer.
    RankState rank = w.rank(f.source());
    for (ThreadState t : rank.threads) {
      for (Request r : t.requests.values()) {
        if (r.kind == RequestKind.CHANNEL && r.channel.sender && r.channel.peerEndpoint == d.endpoint()) {
          long id = r.id;
          w.after(f.injectedNs(), () -> {
            ThreadState writable = w.owner(id);
            Request e = writable.request(id);
            w.touchThread(writable);
            e.channel.completions = Math.max(e.channel.completions, d.seq() + 1);
            w.resume(writable);
          }, () -> "channel data injected");
          return;
        }
      }
    }
  }

  /** A transfer reached the receiving endpoint. */
  static void dataArrived(World w, InFlight f) {
    Payloads.ChannelData d = (Payloads.ChannelData) f.packet().payload();
    ThreadState t = w.owner(d.endpoint());
    Request e = t.request(d.endpoint());
    w.touchThread(t);
    if (e == null || e.channel == null) {
      return;
    }
    Channel ch = e.channel;
    w.emit(new TraceEvent.ChannelEvent(w.step, w.now(), t.rank, -1, e.id, "transfer", d.seq(),
        (int) (d.seq() % ch.slack), ch.peer));
    Protocols.checkTypes(w, t, ch.type, e.at, d.type(), d.bytes(), d.sentAt(), () -> "transfer #" + d.seq() + " on "
        + RequestIds.format(e.id));
    ch.arrivedAhead.add(d.seq());
    while (ch.arrivedAhead.remove(ch.arrivedContiguous)) {
      ch.arrivedContiguous++;
    }
    complete(w, t, e);
  }

  private static void complete(World w, ThreadState t, Request e) {
    Channel ch = e.channel;
    long done = ch.sender ? ch.completions : Math.min(ch.starts, ch.arrivedContiguous);
    if (!ch.sender && done > ch.completions) {
      ch.completions = done;
      w.resume(t);
    }
  }

  /** Whether Wait or Test can return a start of this endpoint. */
  static boolean ready(Request e) {
    return e.channel.completions > e.channel.waits;
  }

  /** Wait or Test returns the oldest completed start. */
  static void returnStart(ThreadState t, Request e, String status) {
    Channel ch = e.channel;
    ch.waits++;
    Vars.setStatus(t, status, ch.sender ? Mpi.ANY_SOURCE : ch.peer, ch.tag, ch.sender ? 0 : ch.bytes,
        ErrorClass.MPI_SUCCESS, false);
  }

  static boolean unbind(World w, ThreadState t, Instr.Call c, MpiOp.UnbindChannel op) throws ProgramError {
    List<Request> ending = new ArrayList<>();
    for (String var : op.channels()) {
      Request e = Calls.lookup(t, var);
      if (e == null || e == Calls.INVALID || e.kind != RequestKind.CHANNEL || e.channel.phase != Channel.Phase.BOUND) {
        w.erroneous(t.rank, t.thread, "Unbind of a request that is not a bound channel (seed 003)",
            "'" + var + "': \"is erroneous when used on a non-bound channel or normal request\"", c.at());
        continue;
      }
      e.channel.phase = Channel.Phase.UNBINDING;
      w.send(new Packet(Payloads.UNBIND, t.rank, e.channel.peer, w.protocol.headerBytes(),
          new Payloads.Unbind(e.channel.peerEndpoint)));
      if (e.channel.peerUnbound) {
        unbound(w, t, e);
      }
      ending.add(e);
    }
    if (!op.nonblocking()) {
      for (Request e : ending) {
        if (e.channel.phase != Channel.Phase.UNBOUND) {
          t.block = BlockKind.REQUESTS;
          return false;
        }
      }
      for (String var : op.channels()) {
        dropIfUnbound(t, var);
      }
    }
    return true;
  }

  /** The peer unbound its end. */
  static void unbindArrived(World w, InFlight f) {
    Payloads.Unbind u = (Payloads.Unbind) f.packet().payload();
    ThreadState t = w.owner(u.endpoint());
    Request e = t.request(u.endpoint());
    w.touchThread(t);
    if (e == null || e.channel == null) {
      return;
    }
    e.channel.peerUnbound = true;
    if (e.channel.phase == Channel.Phase.UNBINDING) {
      unbound(w, t, e);
    }
  }

  private static void unbound(World w, ThreadState t, Request e) {
    e.channel.phase = Channel.Phase.UNBOUND;
    w.emit(new TraceEvent.ChannelEvent(w.step, w.now(), t.rank, t.thread, e.id, "unbound", -1, -1, e.channel.peer));
    w.resume(t);
  }

  /** After a blocking unbind, or a Wait completing a nonblocking one: the endpoint is gone. */
  static void dropIfUnbound(ThreadState t, String var) throws ProgramError {
    Request e = Calls.lookup(t, var);
    if (e != null && e != Calls.INVALID && e.kind == RequestKind.CHANNEL && e.channel.phase == Channel.Phase.UNBOUND) {
      t.dropRequest(e);
      Vars.setRequest(t, var, Vars.REQUEST_NULL);
    }
  }

  /** What a thread blocked on this endpoint waits for, for deadlock reports. */
  static String waitingFor(Request e) {
    Channel ch = e.channel;
    return switch (ch.phase) {
      case BINDING -> "channel " + RequestIds.format(e.id) + ": waiting for rank " + ch.peer + " to bind a matching "
          + (ch.sender ? "persistent receive" : "persistent send") + " (seed 003: binding is pairwise)";
      case UNBINDING -> "channel " + RequestIds.format(e.id) + ": waiting for rank " + ch.peer + " to unbind";
      default -> "channel " + RequestIds.format(e.id) + ": start " + ch.waits + " has not completed ("
          + (ch.sender ? "sending" : "no transfer from rank " + ch.peer + " yet") + ")";
    };
  }
}
