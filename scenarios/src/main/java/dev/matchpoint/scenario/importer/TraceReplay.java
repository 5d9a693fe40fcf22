package dev.matchpoint.scenario.importer;

import dev.matchpoint.core.explore.ExplorationReport;
import dev.matchpoint.core.explore.ExploreOptions;
import dev.matchpoint.core.explore.Explorer;
import dev.matchpoint.core.explore.ProgressListener;
import dev.matchpoint.core.explore.Strategy;
import dev.matchpoint.core.sched.FifoScheduler;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.check.Observations;
import dev.matchpoint.mpi.explore.MpiTransitionSystem;
import dev.matchpoint.mpi.match.MessageIds;
import dev.matchpoint.mpi.rank.ModelSpec;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.run.Runner;
import dev.matchpoint.mpi.trace.MatchKind;
import dev.matchpoint.mpi.trace.TraceEvent;
import dev.matchpoint.scenario.Scenario;
import dev.matchpoint.scenario.importer.matching.MatchResult;
import dev.matchpoint.scenario.importer.matching.MatchedMessage;
import dev.matchpoint.scenario.importer.matching.ReceivedMessage;
import dev.matchpoint.scenario.importer.matching.SentMessage;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Replays a trace through the model and compares matchings: the model runs the converted programs in
 * timed mode on the configured network; each receive the model completes is paired with the send
 * whose message it got, both named by their operation in the trace (location, index in its
 * program); the pairing is compared with the one the trace recorded (OTF2: the seed 002
 * normalisation and message matching); and a bounded exploration of the logical schedules tells
 * whether another pairing is possible at all.
 */
public final class TraceReplay {
  private TraceReplay() {}

  /**
   * One operation of the trace: a location and the index of the operation in its program.
   *
   * @param location the location id
   * @param op index in the location's program, from 0
   */
  public record OpRef(long location, int op) implements Comparable<OpRef> {
    @Override
    public int compareTo(OpRef o) {
      int c = Long.compareUnsigned(location, o.location);
      return c != 0 ? c : Integer.compare(op, o.op);
    }

    @Override
    public String toString() {
      return "location " + Long.toUnsignedString(location) + " op " + (op + 1);
    }
  }

  /**
   * A message the model delivered, with its match's queue statistics.
   *
   * @param send the send operation
   * @param receive the receive operation
   * @param senderRank world rank of the sender
   * @param receiverRank world rank of the receiver
   * @param tag the tag (as the model saw it)
   * @param bytes payload bytes
   * @param sendTimeNs simulated time of the send
   * @param matchTimeNs simulated time of the match
   * @param postedDepth posted receive queue depth at the receiver after the match
   * @param unexpectedDepth unexpected message queue depth after the match
   * @param searchLength entries a linear search inspected to find the match
   * @param recorded whether the trace recorded the same pairing: {@code same}, {@code different}
   *     or {@code unknown} (the format records no pairing)
   */
  public record Delivered(OpRef send, OpRef receive, int senderRank, int receiverRank, int tag, long bytes,
      long sendTimeNs, long matchTimeNs, int postedDepth, int unexpectedDepth, int searchLength, String recorded) {}

  /**
   * The replay's findings.
   *
   * @param run the timed run
   * @param delivered messages the model delivered, in match order
   * @param recordedPairs pairings the trace recorded (empty when the format records none)
   * @param differences receives whose recorded and observed sends differ, one line each
   * @param exploration the exploration of other schedules (null when not run)
   * @param otherPairings outcome classes of the exploration whose receipts differ from the timed run's
   */
  public record Report(RunResult run, List<Delivered> delivered, Map<OpRef, OpRef> recordedPairs,
      List<String> differences, ExplorationReport exploration, List<String> otherPairings) {
    /** Copies. */
    public Report {
      delivered = List.copyOf(delivered);
      recordedPairs = java.util.Collections.unmodifiableMap(new TreeMap<>(recordedPairs));
      differences = List.copyOf(differences);
      otherPairings = List.copyOf(otherPairings);
    }
  }

  /**
   * Replays.
   *
   * @param trace the imported trace
   * @param conversion its conversion to a scenario
   * @param recorded the trace's recorded matching, or null when the format records none
   * @param seed the master seed of the timed run
   * @param exploreBudget schedules the exploration may run; 0 to skip it
   * @param exploreTime wall-clock limit of the exploration
   * @return the report
   */
  public static Report replay(ImportedTrace trace, ScenarioConverter.Conversion conversion, MatchResult recorded,
      long seed, long exploreBudget, Duration exploreTime) {
    Scenario scenario = conversion.scenario();
    ModelSpec spec = scenario.spec();
    RunResult run = Runner.timed(spec, seed, FifoScheduler.INSTANCE,
        scenario.runOptions().withKeepTrace(true));
    Map<String, List<Integer>> sendOps = new TreeMap<>();
    Map<String, List<Integer>> receiveOps = new TreeMap<>();
    Map<String, Long> locationOf = new TreeMap<>();
    for (LocationProgram p : trace.programs()) {
      TraceLocation loc = conversion.locations().get(p.location().id());
      String key = loc.rank() + "." + loc.thread();
      locationOf.put(key, p.location().id());
      List<Integer> sends = new ArrayList<>();
      List<Integer> receives = new ArrayList<>();
      for (int i = 0; i < p.ops().size(); i++) {
        TraceOp op = p.ops().get(i);
        if (op instanceof TraceOp.Send || op instanceof TraceOp.Isend) {
          sends.add(i);
        } else if (op instanceof TraceOp.Recv || op instanceof TraceOp.Irecv) {
          receives.add(i);
        }
      }
      sendOps.put(key, sends);
      receiveOps.put(key, receives);
    }
    Map<Long, OpRef> sendOfMessage = new TreeMap<>();
    Map<Long, OpRef> receiveOfRequest = new TreeMap<>();
    Map<String, Integer> sendCount = new TreeMap<>();
    Map<String, Integer> receiveCount = new TreeMap<>();
    Map<Long, Long> sendTime = new TreeMap<>();
    for (TraceEvent e : run.trace().events()) {
      String key = e.rank() + "." + e.thread();
      if (e instanceof TraceEvent.MessageSent s) {
        int k = sendCount.merge(key, 1, Integer::sum) - 1;
        List<Integer> ops = sendOps.get(key);
        if (ops != null && k < ops.size()) {
          sendTime.put(keyAt(s.dest(), MessageIds.key(s.rank(), s.context(), s.seq())), s.timeNs());
          sendOfMessage.put(keyAt(s.dest(), MessageIds.key(s.rank(), s.context(), s.seq())),
              new OpRef(locationOf.get(key), ops.get(k)));
        }
      } else if (e instanceof TraceEvent.ReceivePosted p) {
        int k = receiveCount.merge(key, 1, Integer::sum) - 1;
        List<Integer> ops = receiveOps.get(key);
        if (ops != null && k < ops.size()) {
          receiveOfRequest.put(p.requestId(), new OpRef(locationOf.get(key), ops.get(k)));
        }
      }
    }
    Map<OpRef, OpRef> recordedPairs = recorded == null ? Map.of() : recordedPairs(trace, recorded);
    List<Delivered> delivered = new ArrayList<>();
    List<String> differences = new ArrayList<>();
    for (TraceEvent.Matched m : run.trace().matches()) {
      if (m.match() != MatchKind.RECEIVE) {
        continue;
      }
      long at = keyAt(m.rank(), m.messageKey());
      OpRef send = sendOfMessage.get(at);
      OpRef receive = receiveOfRequest.get(m.requestId());
      if (send == null || receive == null) {
        continue;
      }
      String status = "unknown";
      if (recorded != null) {
        OpRef want = recordedPairs.get(receive);
        status = Objects.equals(want, send) ? "same" : "different";
        if (!status.equals("same")) {
          differences.add(receive + " received the message of " + send + "; the trace recorded "
              + (want == null ? "no message" : want));
        }
      }
      delivered.add(new Delivered(send, receive, MessageIds.source(m.messageKey()), m.rank(), m.tag(), m.sizeBytes(),
          sendTime.getOrDefault(at, -1L), m.timeNs(), m.postedDepth(), m.unexpectedDepth(), m.searchLength(), status));
    }
    ExplorationReport exploration = null;
    List<String> other = new ArrayList<>();
    if (exploreBudget > 0) {
      exploration = Explorer.explore(new MpiTransitionSystem(spec, List.of(CheckKind.values()), true),
          ExploreOptions.of(Strategy.EXHAUSTIVE).withScheduleBudget(exploreBudget).withTimeBudget(exploreTime)
              .withShortestViolation(false), ProgressListener.NONE);
      Observations timed = new Observations();
      run.trace().events().forEach(timed::onEvent);
      String observed = "receipts " + (timed.receipts().isEmpty() ? "none" : timed.receipts());
      for (String outcome : exploration.outcomes().keySet()) {
        if (!outcome.contains(observed + " |") && !outcome.endsWith(observed)) {
          other.add(outcome);
        }
      }
    }
    return new Report(run, delivered, recordedPairs, differences, exploration, other);
  }

  private static long keyAt(int dest, long messageKey) {
    return ((long) dest << 52) ^ messageKey;
  }

  /** The trace's recorded pairing, receive operation to send operation. */
  static Map<OpRef, OpRef> recordedPairs(ImportedTrace trace, MatchResult recorded) {
    Map<Long, List<SentMessage>> sentBy = new TreeMap<>(Long::compareUnsigned);
    Map<Long, List<ReceivedMessage>> receivedBy = new TreeMap<>(Long::compareUnsigned);
    for (MatchedMessage m : recorded.matches()) {
      sentBy.computeIfAbsent(m.send().location(), k -> new ArrayList<>()).add(m.send());
      receivedBy.computeIfAbsent(m.receive().location(), k -> new ArrayList<>()).add(m.receive());
    }
    Map<SentMessage, OpRef> sendRef = new LinkedHashMap<>();
    Map<ReceivedMessage, OpRef> receiveRef = new LinkedHashMap<>();
    for (LocationProgram p : trace.programs()) {
      long loc = p.location().id();
      java.util.Set<RequestKey> cancelled = new java.util.HashSet<>();
      for (TraceOp op : p.ops()) {
        if (op instanceof TraceOp.Cancel c) {
          cancelled.add(c.request());
        }
      }
      // Sends: the k-th send operation on a channel (receiver, communicator, tag) is the k-th recorded one.
      Map<String, List<Integer>> sendsByChannel = new TreeMap<>();
      List<Integer> receives = new ArrayList<>();
      for (int i = 0; i < p.ops().size(); i++) {
        TraceOp op = p.ops().get(i);
        if (op instanceof TraceOp.Send s) {
          sendsByChannel.computeIfAbsent(channel(trace, s.communicator(), s.dest(), s.tag()), k -> new ArrayList<>())
              .add(i);
        } else if (op instanceof TraceOp.Isend s && !cancelled.contains(s.request())) {
          sendsByChannel.computeIfAbsent(channel(trace, s.communicator(), s.dest(), s.tag()), k -> new ArrayList<>())
              .add(i);
        } else if (op instanceof TraceOp.Recv) {
          receives.add(i);
        } else if (op instanceof TraceOp.Irecv r && !cancelled.contains(r.request())) {
          receives.add(i);
        }
      }
      Map<String, Integer> used = new TreeMap<>();
      List<SentMessage> sent = new ArrayList<>(sentBy.getOrDefault(loc, List.of()));
      sent.sort(java.util.Comparator.comparingInt(SentMessage::sequence));
      for (SentMessage s : sent) {
        String ch = s.receiver() + "/" + s.communicator() + "/" + s.tag();
        int k = used.merge(ch, 1, Integer::sum) - 1;
        List<Integer> ops = sendsByChannel.get(ch);
        if (ops != null && k < ops.size()) {
          sendRef.put(s, new OpRef(loc, ops.get(k)));
        }
      }
      // Receives: in posting order, the j-th recorded receive is the j-th receive operation not cancelled.
      List<ReceivedMessage> got = new ArrayList<>(receivedBy.getOrDefault(loc, List.of()));
      got.sort(java.util.Comparator.comparingLong(ReceivedMessage::postedTicks)
          .thenComparingInt(ReceivedMessage::sequence));
      for (int j = 0; j < got.size() && j < receives.size(); j++) {
        receiveRef.put(got.get(j), new OpRef(loc, receives.get(j)));
      }
    }
    Map<OpRef, OpRef> out = new TreeMap<>();
    for (MatchedMessage m : recorded.matches()) {
      OpRef s = sendRef.get(m.send());
      OpRef r = receiveRef.get(m.receive());
      if (s != null && r != null) {
        out.put(r, s);
      }
    }
    return out;
  }

  private static String channel(ImportedTrace trace, long comm, int dest, long tag) {
    return trace.communicator(comm).worldRank(dest) + "/" + comm + "/" + tag;
  }
}
