package dev.matchpoint.mpi.rank;

import dev.matchpoint.core.net.InFlight;
import dev.matchpoint.core.net.Packet;
import dev.matchpoint.mpi.RequestIds;
import dev.matchpoint.mpi.match.Message;
import dev.matchpoint.mpi.match.MessageIds;
import dev.matchpoint.mpi.program.SourceLocation;
import dev.matchpoint.mpi.trace.TraceEvent;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The work each process still has outstanding where its program ends, which is where it would call
 * MPI_Finalize. MPI-3.1 §8.7: "Before an MPI process invokes MPI_FINALIZE, the process must perform
 * all MPI calls needed to complete its involvement in MPI communications: It must locally complete
 * all MPI operations that it initiated and must execute matching calls needed to complete MPI
 * communications initiated by other processes. For example, if the process executed a nonblocking
 * send, it must eventually call MPI_WAIT, MPI_TEST, MPI_REQUEST_FREE, or any derived function; if
 * the process is the target of a send, then it must post the matching receive". MPI-4.1 §11.2.2
 * spells out the handles: message handles must be received, request handles of nonblocking
 * operations freed (or completed), and persistent ones inactive or freed.
 *
 * <p>Read at the end of a run that ended normally, from state that {@code hashInto} covers (the
 * requests with their statements, the matched-probe handles with theirs, the queues' messages with
 * their sends' statements, the attached buffer with its attach).
 */
final class Finalize {
  private Finalize() {}

  /**
   * One piece of outstanding work.
   *
   * @param rank the rank whose obligation it is
   * @param thread its thread, or -1 for a rank's (a message it never received, its attached buffer)
   * @param detail what is outstanding, with the statement that started it
   * @param at that statement
   */
  record Outstanding(int rank, int thread, String detail, SourceLocation at) {}

  /**
   * Everything outstanding, in (rank, thread) order: each thread's requests in creation order and
   * its unreceived matched-probe handles, then the messages sent to the rank and never received, then
   * its attached buffer.
   */
  static List<Outstanding> of(World w) {
    List<Outstanding> out = new ArrayList<>();
    // The network's messages by destination, each list in network order: one pass, not one per rank.
    Map<Integer, List<Message>> inFlight = new HashMap<>();
    for (InFlight f : w.net.inFlight()) {
      if (f.packet().payload() instanceof Message m) {
        inFlight.computeIfAbsent(f.dest(), d -> new ArrayList<>()).add(m);
      }
    }
    Map<Integer, List<Message>> awaitingCredit = new HashMap<>();
    for (Packet p : w.net.awaitingCredit()) {
      if (p.payload() instanceof Message m) {
        awaitingCredit.computeIfAbsent(p.dest(), d -> new ArrayList<>()).add(m);
      }
    }
    for (RankState rank : w.ranks) {
      for (ThreadState t : rank.threads) {
        for (Request r : t.requests.values()) {
          String what = request(r);
          if (what != null) {
            out.add(new Outstanding(t.rank, t.thread, what, r.at));
          }
        }
        for (Map.Entry<Long, Message> e : t.handles.entrySet()) {
          Message m = e.getValue();
          SourceLocation probedAt = t.handleAt.getOrDefault(e.getKey(), SourceLocation.unknown());
          out.add(new Outstanding(t.rank, t.thread, "message " + message(m) + " taken by the matched probe at "
              + probedAt + " was never received by MPI_Mrecv or MPI_Imrecv", probedAt));
        }
      }
      for (Message m : rank.engine.unexpectedMessages()) {
        out.add(unreceived(rank.rank, m, "it is in the unexpected message queue"));
      }
      for (Message m : rank.engine.heldBackMessages()) {
        out.add(unreceived(rank.rank, m, "it is held back behind a missing earlier message"));
      }
      for (Message m : inFlight.getOrDefault(rank.rank, List.of())) {
        out.add(unreceived(rank.rank, m, "it is still in flight"));
      }
      for (Partitioned.Ahead a : rank.partitions().ahead) {
        out.add(new Outstanding(rank.rank, -1, Partitions.unreceived(rank.rank, a), a.data().sentAt()));
      }
      for (Message m : awaitingCredit.getOrDefault(rank.rank, List.of())) {
        out.add(unreceived(rank.rank, m, "it still waits for eager credit"));
      }
      if (rank.bufferAttachedBytes >= 0 && rank.bufferedInTransit > 0) {
        out.add(new Outstanding(rank.rank, -1, "the buffer attached at " + rank.bufferAttachedAt + " still holds "
            + rank.bufferedInTransit + " buffered message(s) not yet transmitted", rank.bufferAttachedAt));
      }
    }
    return out;
  }

  /** What is outstanding about one request, or null when nothing is. */
  private static String request(Request r) {
    String id = RequestIds.format(r.id);
    if (r.kind == RequestKind.CHANNEL) {
      Channel ch = r.channel;
      String endpoint = "channel endpoint " + id + " (bound at " + r.at + ", peer rank " + ch.peer + ")";
      return switch (ch.phase) {
        case BINDING -> endpoint + ": its nonblocking bind never completed (the peer never bound)";
        case BOUND -> ch.outstanding() == 0 ? null : endpoint + ": " + ch.outstanding()
            + " start(s) never completed by a Wait or Test";
        case UNBINDING -> endpoint + ": its nonblocking unbind never completed (the peer never unbound)";
        case UNBOUND -> endpoint + ": its nonblocking unbind was never completed by a Wait or Test";
      };
    }
    if (!r.userVisible) {
      // A blocking call's own request (its thread would be blocked: a deadlock) or a buffered transfer
      // (its message is reported at the receiver, and the attached buffer at the sender).
      return null;
    }
    if (r.freed) {
      // MPI_Request_free of a pending send: the message's fate is reported at its receiver.
      return r.kind == RequestKind.SEND || r.finished() ? null
          : "receive " + id + " (" + operation(r) + "), started at " + r.at + ", was freed by MPI_Request_free "
              + "and never matched a message";
    }
    if (r.persistent) {
      return !r.active ? null : "persistent request " + id + " (" + operation(r) + "), started at " + r.at
          + ", is still active: no Wait or Test completed it" + pending(r);
    }
    return "request " + id + " (" + operation(r) + "), started at " + r.at + ", was never completed by a Wait or "
        + "Test, nor freed" + pending(r);
  }

  private static String operation(Request r) {
    String call = switch (r.kind) {
      case SEND -> (r.persistent ? "MPI_" + (r.mode == null ? "Send" : r.mode.blockingName()) + "_init"
          : "MPI_" + (r.mode == null ? "Isend" : r.mode.nonblockingName())) + " to rank " + r.dest;
      case RECV -> (r.persistent ? "MPI_Recv_init" : "MPI_Irecv") + " from source "
          + TraceEvent.sourcePattern(r.sourcePattern);
      case MRECV -> "MPI_Imrecv";
      case CHANNEL -> "channel";
      case COLLECTIVE -> "nonblocking collective #" + r.seq + " on context " + r.context;
      case PARTITIONED -> (r.part.sender ? "MPI_Psend_init to rank " + r.dest : "MPI_Precv_init from source "
          + r.sourcePattern) + ", " + r.part.partitions + " partition(s)";
    };
    return r.kind == RequestKind.MRECV || r.kind == RequestKind.COLLECTIVE ? call : call + ", tag " + TraceEvent.tagPattern(r.kind == RequestKind.SEND
        ? r.tag : r.tagPattern);
  }

  private static String pending(Request r) {
    if (r.state == RequestState.CANCELLED) {
      return "; it was cancelled";
    }
    return r.finished() ? "; its operation had completed" : "; its operation is still pending";
  }

  private static Outstanding unreceived(int rank, Message m, String where) {
    return new Outstanding(rank, -1, "message " + message(m) + " sent at " + m.sentAt() + " was never received by rank "
        + rank + " (" + where + ")", m.sentAt());
  }

  private static String message(Message m) {
    return MessageIds.format(m.key()) + " (tag " + m.tag() + ", " + m.sizeBytes() + " B, " + m.mode().name()
        .toLowerCase() + " mode)";
  }
}
