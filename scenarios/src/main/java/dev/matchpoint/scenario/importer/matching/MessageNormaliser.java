package dev.matchpoint.scenario.importer.matching;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.function.Consumer;

/**
 * Seed 002's algorithm ("OTF2 Knowledge: How to Process Non-Blocking MPI Messages"): turns one
 * location's Send, Isend, IsendComplete, Recv, IrecvRequest, Irecv and RequestCancelled records,
 * in file order, into one list of sent and one list of received messages.
 *
 * <p>Order is preserved the way the seed explains: an Isend is recorded only once it completed
 * (it might still be cancelled), so a blocking Send issued while earlier Isends are incomplete
 * waits in the latest incomplete Isend's blocked queue; an Isend completed out of order hands its
 * message and its blocked queue to the previous incomplete Isend; completing the earliest records
 * it and everything it blocked. Receives work the same way with IrecvRequest/Irecv. A cancelled
 * request is handled like a completion that records nothing. A sent message carries the Isend's
 * time; a received message carries the completion time. Requests are looked up by request id
 * within this location only, and retired at completion, so reused ids are fine.
 */
public final class MessageNormaliser {
  private final long location;
  private final int rank;
  private final List<Pending<SentMessage>> isends = new ArrayList<>();
  private final List<Pending<ReceivedMessage>> irecvs = new ArrayList<>();
  private final List<SentMessage> sent = new ArrayList<>();
  private final List<ReceivedMessage> received = new ArrayList<>();
  private final List<Long> unknownCompletions = new ArrayList<>();

  /** An incomplete request and the messages waiting behind it (seed: "blockedSends"). */
  private static final class Pending<M> {
    final long requestId;
    final long postedTicks;
    M message;
    final List<M> blocked = new ArrayList<>();

    Pending(long requestId, long postedTicks, M message) {
      this.requestId = requestId;
      this.postedTicks = postedTicks;
      this.message = message;
    }
  }

  private MessageNormaliser(long location, int rank) {
    this.location = location;
    this.rank = rank;
  }

  /**
   * Normalises one location's records.
   *
   * @param location the location id
   * @param rank the location's world rank (the sender of its sends, the receiver of its receives)
   * @param records the location's records in file order
   * @return its sent messages in issue order and received messages in posting order
   */
  public static NormalisedLocation normalise(long location, int rank, List<P2pRecord> records) {
    MessageNormaliser n = new MessageNormaliser(location, rank);
    for (P2pRecord r : records) {
      n.accept(r);
    }
    return n.finish();
  }

  private void accept(P2pRecord r) {
    if (r instanceof P2pRecord.Send s) {
      SentMessage m = sent(s.receiver(), s.communicator(), s.tag(), s.bytes(), s.timeTicks(),
          OptionalLong.empty());
      if (isends.isEmpty()) {
        recordSent(m);
      } else {
        isends.get(isends.size() - 1).blocked.add(m);
      }
    } else if (r instanceof P2pRecord.Isend s) {
      isends.add(new Pending<>(s.requestId(), s.timeTicks(), sent(s.receiver(), s.communicator(),
          s.tag(), s.bytes(), s.timeTicks(), OptionalLong.of(s.requestId()))));
    } else if (r instanceof P2pRecord.IsendComplete c) {
      int i = indexOf(isends, c.requestId());
      if (i < 0) {
        unknownCompletions.add(c.requestId());
      } else {
        retire(isends, i, true, this::recordSent);
      }
    } else if (r instanceof P2pRecord.Recv v) {
      ReceivedMessage m = received(v.sender(), v.communicator(), v.tag(), v.bytes(),
          v.timeTicks(), v.timeTicks(), OptionalLong.empty());
      if (irecvs.isEmpty()) {
        recordReceived(m);
      } else {
        irecvs.get(irecvs.size() - 1).blocked.add(m);
      }
    } else if (r instanceof P2pRecord.IrecvRequest q) {
      irecvs.add(new Pending<>(q.requestId(), q.timeTicks(), null));
    } else if (r instanceof P2pRecord.Irecv v) {
      int i = indexOf(irecvs, v.requestId());
      if (i < 0) {
        unknownCompletions.add(v.requestId());
      } else {
        Pending<ReceivedMessage> p = irecvs.get(i);
        p.message = received(v.sender(), v.communicator(), v.tag(), v.bytes(), v.timeTicks(),
            p.postedTicks, OptionalLong.of(v.requestId()));
        retire(irecvs, i, true, this::recordReceived);
      }
    } else if (r instanceof P2pRecord.RequestCancelled c) {
      int i = indexOf(isends, c.requestId());
      if (i >= 0) {
        retire(isends, i, false, this::recordSent);
      } else {
        int j = indexOf(irecvs, c.requestId());
        if (j >= 0) {
          retire(irecvs, j, false, this::recordReceived);
        }
        // Neither: a request the trace did not record (seed: "can be neither").
      }
    }
  }

  /**
   * Removes a completed or cancelled request. The earliest one releases its own message (unless
   * cancelled) and its blocked queue; a later one hands both to the previous request's queue.
   */
  private <M> void retire(List<Pending<M>> queue, int i, boolean record, Consumer<M> out) {
    Pending<M> p = queue.remove(i);
    if (i == 0) {
      if (record) {
        out.accept(p.message);
      }
      for (M m : p.blocked) {
        out.accept(m);
      }
    } else {
      Pending<M> previous = queue.get(i - 1);
      if (record) {
        previous.blocked.add(p.message);
      }
      previous.blocked.addAll(p.blocked);
    }
  }

  private NormalisedLocation finish() {
    List<Long> unfinished = new ArrayList<>();
    // Requests never completed: their own message is unknown, but what they blocked was recorded
    // by the trace and is released in order.
    while (!isends.isEmpty()) {
      unfinished.add(isends.get(0).requestId);
      retire(isends, 0, false, this::recordSent);
    }
    while (!irecvs.isEmpty()) {
      unfinished.add(irecvs.get(0).requestId);
      retire(irecvs, 0, false, this::recordReceived);
    }
    return new NormalisedLocation(location, rank, sent, received, unfinished, unknownCompletions);
  }

  private void recordSent(SentMessage m) {
    sent.add(new SentMessage(m.location(), m.sender(), m.receiver(), m.communicator(), m.tag(),
        m.bytes(), m.timeTicks(), m.requestId(), sent.size()));
  }

  private void recordReceived(ReceivedMessage m) {
    received.add(new ReceivedMessage(m.location(), m.receiver(), m.sender(), m.communicator(),
        m.tag(), m.bytes(), m.timeTicks(), m.postedTicks(), m.requestId(), received.size()));
  }

  private SentMessage sent(int receiver, long comm, long tag, long bytes, long time,
      OptionalLong request) {
    return new SentMessage(location, rank, receiver, comm, tag, bytes, time, request, -1);
  }

  private ReceivedMessage received(int sender, long comm, long tag, long bytes, long time,
      long posted, OptionalLong request) {
    return new ReceivedMessage(location, rank, sender, comm, tag, bytes, time, posted, request, -1);
  }

  private static <M> int indexOf(List<Pending<M>> queue, long requestId) {
    for (int i = 0; i < queue.size(); i++) {
      if (queue.get(i).requestId == requestId) {
        return i;
      }
    }
    return -1;
  }
}
