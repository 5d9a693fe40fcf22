package dev.matchpoint.scenario.importer.matching;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Message matching: pairs every received message with the send it matched. MPI's non-overtaking
 * rule (MPI-3.1 §3.5, "Semantics of Point-to-Point Communication, Order") makes the k-th send on a
 * channel (sender, receiver, communicator, tag) match the k-th receive of that channel, where
 * receives count in <em>posting</em> order: an Irecv is placed by its IrecvRequest (seed 002's
 * received list is already in that order), never by its completion, which Waitall may reorder
 * (TRACE-FORMATS.md §1.6). Receives carry the matched envelope in OTF2, so a channel is exact.
 *
 * <p>Within one location, list order is issue (posting) order. Messages of several threads of
 * one rank on one channel are ordered by time, then location id, then list position: MPI orders
 * nothing between threads, so this is the only order the trace offers.
 */
public final class MessageMatcher {
  private static final Comparator<SentMessage> SEND_ORDER =
      Comparator.comparingLong(SentMessage::timeTicks)
          .thenComparing(SentMessage::location, Long::compareUnsigned)
          .thenComparingInt(SentMessage::sequence);
  private static final Comparator<ReceivedMessage> RECEIVE_ORDER =
      Comparator.comparingLong(ReceivedMessage::postedTicks)
          .thenComparing(ReceivedMessage::location, Long::compareUnsigned)
          .thenComparingInt(ReceivedMessage::sequence);

  private MessageMatcher() {}

  /** A matching channel; sorted by sender, receiver, communicator, tag. */
  private record Channel(int sender, int receiver, long communicator, long tag)
      implements Comparable<Channel> {
    @Override
    public int compareTo(Channel o) {
      return Comparator.comparingInt(Channel::sender)
          .thenComparingInt(Channel::receiver)
          .thenComparingLong(Channel::communicator)
          .thenComparingLong(Channel::tag)
          .compare(this, o);
    }
  }

  /**
   * Matches the messages of all locations.
   *
   * @param locations every location's normalised messages
   * @return matches and the sends and receives left unmatched
   */
  public static MatchResult match(List<NormalisedLocation> locations) {
    SortedMap<Channel, List<SentMessage>> sends = new TreeMap<>();
    SortedMap<Channel, List<ReceivedMessage>> receives = new TreeMap<>();
    for (NormalisedLocation l : locations) {
      for (SentMessage s : l.sent()) {
        sends.computeIfAbsent(new Channel(s.sender(), s.receiver(), s.communicator(), s.tag()),
            c -> new ArrayList<>()).add(s);
      }
      for (ReceivedMessage r : l.received()) {
        receives.computeIfAbsent(new Channel(r.sender(), r.receiver(), r.communicator(), r.tag()),
            c -> new ArrayList<>()).add(r);
      }
    }
    List<MatchedMessage> matches = new ArrayList<>();
    List<SentMessage> unmatchedSends = new ArrayList<>();
    List<ReceivedMessage> unmatchedReceives = new ArrayList<>();
    for (var e : sends.entrySet()) {
      List<SentMessage> s = e.getValue();
      List<ReceivedMessage> r = receives.getOrDefault(e.getKey(), List.of());
      s.sort(SEND_ORDER);
      r = new ArrayList<>(r);
      r.sort(RECEIVE_ORDER);
      int n = Math.min(s.size(), r.size());
      for (int i = 0; i < n; i++) {
        matches.add(new MatchedMessage(s.get(i), r.get(i)));
      }
      unmatchedSends.addAll(s.subList(n, s.size()));
      unmatchedReceives.addAll(r.subList(n, r.size()));
    }
    for (var e : receives.entrySet()) {
      if (!sends.containsKey(e.getKey())) {
        unmatchedReceives.addAll(e.getValue());
      }
    }
    matches.sort(Comparator.comparing(MatchedMessage::send, SEND_ORDER));
    unmatchedSends.sort(SEND_ORDER);
    unmatchedReceives.sort(RECEIVE_ORDER);
    return new MatchResult(matches, unmatchedSends, unmatchedReceives);
  }
}
