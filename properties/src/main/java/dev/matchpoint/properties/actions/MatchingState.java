package dev.matchpoint.properties.actions;

import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.WildcardPolicy;
import dev.matchpoint.mpi.match.Envelopes;
import dev.matchpoint.mpi.match.MatchingEngine;
import dev.matchpoint.mpi.match.Message;
import dev.matchpoint.mpi.match.MessageIds;
import dev.matchpoint.mpi.match.PostedReceive;
import dev.matchpoint.mpi.match.ReferencePostedQueue;
import dev.matchpoint.mpi.match.ReferenceUnexpectedQueue;
import dev.matchpoint.mpi.program.SourceLocation;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * The state an {@code ActionChain} drives: one receiving rank's {@link MatchingEngine} on context 0,
 * the messages its senders have sent and the network has not delivered (delivered in any order, as
 * an unordered network would), and what a monitor of MPI-3.1 §3.5 ("Order") saw. Each match is
 * checked against both sentences of the clause: no message matched while an earlier matching
 * message of its sender is pending, and no arriving message matched to a receive while an earlier
 * posted receive also matches it. Mutable; one instance per chain.
 */
public final class MatchingState {
  private final MatchingEngine engine;
  private final TreeMap<Integer, Long> nextSeq = new TreeMap<>();
  private final List<Message> inFlight = new ArrayList<>();
  /** Sent and not yet matched, by key. */
  private final TreeMap<Long, Message> pending = new TreeMap<>();
  /** Posted and not yet matched, in posting order. */
  private final List<PostedReceive> posted = new ArrayList<>();
  private final List<String> matches = new ArrayList<>();
  private final List<String> violations = new ArrayList<>();
  private long requests;

  /**
   * A state around an engine.
   *
   * @param engine a fresh engine
   */
  public MatchingState(MatchingEngine engine) {
    this.engine = engine;
  }

  /**
   * A state around a fresh engine with the reference queues.
   *
   * @param policy the MPI_ANY_SOURCE policy
   * @return the state
   */
  public static MatchingState reference(WildcardPolicy policy) {
    return new MatchingState(new MatchingEngine(policy, new ReferencePostedQueue(), new ReferenceUnexpectedQueue()));
  }

  /**
   * The engine.
   *
   * @return the engine under test
   */
  public MatchingEngine engine() {
    return engine;
  }

  /**
   * Whether a message is in flight.
   *
   * @return true when {@link #deliver} has something to deliver
   */
  public boolean canDeliver() {
    return !inFlight.isEmpty();
  }

  /**
   * The matches so far, e.g. {@code irecv(src=ANY, tag=0) <- 1#0}.
   *
   * @return a copy
   */
  public List<String> matches() {
    return List.copyOf(matches);
  }

  /**
   * What the monitor found wrong so far.
   *
   * @return a copy, empty when every match kept the order rules
   */
  public List<String> violations() {
    return List.copyOf(violations);
  }

  /**
   * A fingerprint of everything an action can change: the engine's queues and reordering buffer,
   * the messages in flight and pending, the posted receives and the matches. Equal before and after
   * an action means the action did nothing, which lets jqwik drop it when shrinking.
   *
   * @return the fingerprint
   */
  public String fingerprint() {
    com.google.common.hash.Hasher h = com.google.common.hash.Hashing.murmur3_128().newHasher();
    engine.hashInto(h);
    return h.hash() + "|" + inFlight.size() + "|" + pending.keySet() + "|" + posted.size() + "|" + matches.size();
  }

  void send(int source, int tag) {
    long seq = nextSeq.merge(source, 1L, Long::sum) - 1;
    Message m = new Message(source, tag, 0, seq, 4, Datatype.INT, false,
        SendMode.STANDARD, 0, SourceLocation.unknown(), 0);
    inFlight.add(m);
    pending.put(m.key(), m);
  }

  void deliver(int index) {
    Message m = inFlight.remove(index % inFlight.size());
    engine.arrive(m, released -> {
      PostedReceive r = engine.matchArrival(released);
      if (r != null) {
        for (PostedReceive earlier : posted) {
          if (earlier.postStamp() < r.postStamp() && earlier.matches(released.source(), released.tag(), 0)) {
            violations.add("arriving " + MessageIds.format(released.key()) + " matched receive #" + r.requestId()
                + " while the earlier posted receive #" + earlier.requestId() + " also matches it");
          }
        }
        posted.remove(r);
        matched("irecv" + pattern(r.source(), r.tag()) + " #" + r.requestId(), r.source(), r.tag(), released);
      }
    });
  }

  void receive(int source, int tag, int choice) {
    Message m = take(source, tag, choice);
    if (m != null) {
      matched("irecv" + pattern(source, tag), source, tag, m);
    } else {
      posted.add(engine.post(requests++, source, tag, 0, 4));
    }
  }

  void matchedProbe(int source, int tag, int choice) {
    Message m = take(source, tag, choice);
    if (m != null) {
      matched("improbe" + pattern(source, tag), source, tag, m);
    }
  }

  private Message take(int source, int tag, int choice) {
    int[] sources = engine.wildcardSources(tag, 0);
    int chosen = sources.length == 0 ? -1 : sources[Math.floorMod(choice, sources.length)];
    Message m = engine.select(source, tag, 0, chosen, true);
    if (m != null) {
      engine.takeUnexpected(m);
    }
    return m;
  }

  private void matched(String by, int source, int tag, Message m) {
    if (pending.remove(m.key()) == null) {
      violations.add(by + " matched " + MessageIds.format(m.key()) + ", which was not pending (matched twice?)");
    }
    for (Message earlier : pending.values()) {
      if (earlier.source() == m.source() && earlier.seq() < m.seq()
          && (tag == Envelopes.ANY || earlier.tag() == tag) && (source == Envelopes.ANY || source == m.source())) {
        violations.add(by + " matched " + MessageIds.format(m.key()) + " while the earlier matching "
            + MessageIds.format(earlier.key()) + " was pending");
      }
    }
    matches.add(by + " <- " + MessageIds.format(m.key()));
  }

  static String pattern(int source, int tag) {
    return "(src=" + (source == Envelopes.ANY ? "ANY" : Integer.toString(source)) + ", tag="
        + (tag == Envelopes.ANY ? "ANY" : Integer.toString(tag)) + ")";
  }

  @Override
  public String toString() {
    return "MatchingState(" + engine.policy().configName() + "; in flight " + inFlight.size() + ", pending "
        + pending.size() + ", posted " + posted.size() + "; matches " + matches + "; violations " + violations + ")";
  }
}
