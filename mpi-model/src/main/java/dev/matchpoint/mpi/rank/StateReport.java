package dev.matchpoint.mpi.rank;

import dev.matchpoint.core.net.InFlight;
import dev.matchpoint.core.net.Packet;
import dev.matchpoint.mpi.RequestIds;
import dev.matchpoint.mpi.match.Message;
import dev.matchpoint.mpi.match.MessageIds;
import dev.matchpoint.mpi.match.PostedReceive;
import dev.matchpoint.mpi.program.Instr;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.trace.TraceEvent;
import java.util.ArrayList;
import java.util.List;

/**
 * What the model looks like now, for deadlock reports: every unfinished thread with its call and
 * what it waits for, each rank's posted receives and unexpected messages that could not match, and
 * the packets in flight or waiting for eager credit.
 *
 * @param threads unfinished threads, in (rank, thread) order
 * @param ranks ranks with a non-empty queue, in rank order
 * @param network packets in flight and packets waiting for eager credit, one line each
 */
public record StateReport(List<BlockedThread> threads, List<RankQueues> ranks, List<String> network) {
  /**
   * One unfinished thread.
   *
   * @param thread e.g. {@code r2.t1}
   * @param call the call it is in, with its location
   * @param waitingFor what would let it go on, in MPI terms
   */
  public record BlockedThread(String thread, String call, String waitingFor) {}

  /**
   * One rank's queues.
   *
   * @param rank the rank
   * @param postedReceives receives posted and not matched, in posting order
   * @param unexpectedMessages messages arrived and not matched, in arrival order
   * @param heldBack messages waiting for an earlier sequence number
   */
  public record RankQueues(int rank, List<String> postedReceives, List<String> unexpectedMessages,
      List<String> heldBack) {}

  static StateReport of(World w) {
    List<BlockedThread> threads = new ArrayList<>();
    List<RankQueues> ranks = new ArrayList<>();
    for (RankState r : w.ranks) {
      for (ThreadState t : r.threads) {
        if (t.running()) {
          threads.add(new BlockedThread(t.name(), w.calls.describeNext(t), waitingFor(w, t)));
        }
      }
      List<String> posted = new ArrayList<>();
      for (PostedReceive p : r.engine.postedReceives()) {
        posted.add(RequestIds.format(p.requestId()) + " (source " + TraceEvent.sourcePattern(p.source()) + ", tag "
            + TraceEvent.tagPattern(p.tag()) + ", context " + p.context() + ", " + p.capacityBytes() + " B)");
      }
      List<String> unexpected = new ArrayList<>();
      for (Message m : r.engine.unexpectedMessages()) {
        unexpected.add(m.toString());
      }
      List<String> held = new ArrayList<>();
      for (Message m : r.engine.heldBackMessages()) {
        held.add(m.toString());
      }
      if (!posted.isEmpty() || !unexpected.isEmpty() || !held.isEmpty()) {
        ranks.add(new RankQueues(r.rank, posted, unexpected, held));
      }
    }
    List<String> network = new ArrayList<>();
    for (InFlight f : w.net.inFlight()) {
      network.add("in flight: " + packet(f.packet()) + " #" + f.linkSeq());
    }
    for (Packet p : w.net.awaitingCredit()) {
      network.add("waiting for eager credit: " + packet(p));
    }
    return new StateReport(threads, ranks, network);
  }

  private static String packet(Packet p) {
    String s = p.kind() + " " + p.source() + "->" + p.dest() + " " + p.sizeBytes() + " B";
    if (p.payload() instanceof Message m) {
      s += " message " + MessageIds.format(m.key());
    }
    return s;
  }

  private static String waitingFor(World w, ThreadState t) {
    switch (t.block) {
      case PROBE:
        return "a message matching the probe in the unexpected message queue";
      case DETACH:
        return w.ranks[t.rank].bufferedInTransit + " buffered message(s) to be transmitted";
      case COMPUTE:
        return "local computation";
      case COLLECTIVE:
        return Collectives.waitingFor(w, t);
      case NONE:
        if (!Sendrecvs.started(t)) {
          return "nothing: runnable";
        }
        break;
      default:
        break;
    }
    List<String> parts = new ArrayList<>();
    for (Request r : blockingRequests(t)) {
      parts.add(describe(w, r));
    }
    return parts.isEmpty() ? "its requests" : String.join("; ", parts);
  }

  private static List<Request> blockingRequests(ThreadState t) {
    List<Request> out = new ArrayList<>();
    for (int i : t.internal) {
      Request r = t.requests.get(i);
      if (r != null && !r.done()) {
        out.add(r);
      }
    }
    if (Sendrecvs.started(t)) {
      for (Action.Half h : List.of(Action.Half.SEND, Action.Half.RECEIVE)) {
        Request r = t.requests.get(t.halfIndex(h));
        if (r != null && !r.done()) {
          out.add(r);
        }
      }
    }
    if (out.isEmpty() && t.pc < t.code.size() && t.code.at(t.pc) instanceof Instr.Call c) {
      List<String> vars = new ArrayList<>();
      MpiOp op = c.op();
      if (op instanceof MpiOp.Wait wt) {
        vars.add(wt.request());
      } else if (op instanceof MpiOp.Waitall wa) {
        vars.addAll(wa.requests());
      } else if (op instanceof MpiOp.Waitany wa) {
        vars.addAll(wa.requests());
      } else if (op instanceof MpiOp.Waitsome ws) {
        vars.addAll(ws.requests());
      }
      if (op instanceof MpiOp.BindChannel b) {
        vars.addAll(b.channels());
      } else if (op instanceof MpiOp.UnbindChannel u) {
        vars.addAll(u.channels());
      }
      for (String v : vars) {
        long x = Vars.request(t, v);
        Request r = x <= 0 ? null : Vars.isShared(t, v) ? SharedState.request(t, x) : t.requests.get((int) (x - 1));
        r = r == Calls.INVALID ? null : r;
        if (r != null && r.bindPending >= 0) {
          r = t.request(r.bindPending);
        }
        if (r != null && !Completions.ready(r)) {
          out.add(r);
        }
      }
    }
    return out;
  }

  private static String describe(World w, Request r) {
    String id = RequestIds.format(r.id);
    if (r.kind == RequestKind.CHANNEL) {
      return Channels.waitingFor(r);
    }
    if (r.kind == RequestKind.PARTITIONED) {
      return Partitions.waitingFor(r);
    }
    if (r.kind == RequestKind.COLLECTIVE) {
      return "nonblocking collective " + id + " (collective #" + r.seq + (r.collectiveSync ? ", synchronising" : "")
          + "): " + (r.state == RequestState.POSTED ? Collectives.missing(w, RequestIds.rank(r.id), r.context, (int) r.seq)
          : "its algorithm is still running");
    }
    if (r.kind == RequestKind.SEND) {
      String what = r.mode.blockingName() + " " + id + " to " + r.dest + " (tag " + r.tag + ", " + r.sizeBytes + " B)";
      if (r.rendezvous) {
        return what + ": rendezvous, " + (r.state == RequestState.POSTED ? "waiting for the receiver's CTS (no matching "
            + "receive has started)" : "sending DATA");
      }
      for (Packet p : w.net.awaitingCredit()) {
        if (p.payload() instanceof Message m && m.sendRequestId() == r.id) {
          return what + ": eager, waiting for eager credit at rank " + r.dest;
        }
      }
      return what + ": eager synchronous, waiting for the acknowledgement that the matching receive started";
    }
    if (r.state == RequestState.POSTED) {
      return "receive " + id + " (source " + TraceEvent.sourcePattern(r.sourcePattern) + ", tag "
          + TraceEvent.tagPattern(r.tagPattern) + ", context " + r.context + "): no matching message";
    }
    return "receive " + id + " matched " + MessageIds.format(r.matchedMessage) + ": waiting for the rendezvous DATA";
  }

  /**
   * The report as indented text.
   *
   * @return lines separated by newlines
   */
  public String toText() {
    StringBuilder sb = new StringBuilder();
    for (BlockedThread t : threads) {
      sb.append("  ").append(t.thread()).append(" blocked in ").append(t.call()).append('\n')
          .append("      waiting for ").append(t.waitingFor()).append('\n');
    }
    for (RankQueues q : ranks) {
      sb.append("  rank ").append(q.rank()).append(":\n");
      q.postedReceives().forEach(p -> sb.append("      posted receive ").append(p).append('\n'));
      q.unexpectedMessages().forEach(m -> sb.append("      unexpected message ").append(m).append('\n'));
      q.heldBack().forEach(m -> sb.append("      held back (out of order) ").append(m).append('\n'));
    }
    network.forEach(n -> sb.append("  network: ").append(n).append('\n'));
    return sb.toString();
  }
}
