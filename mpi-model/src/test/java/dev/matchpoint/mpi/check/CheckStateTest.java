package dev.matchpoint.mpi.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.hash.HashCode;
import com.google.common.hash.Hasher;
import com.google.common.hash.Hashing;
import dev.matchpoint.core.StateHashable;
import dev.matchpoint.mpi.ErrorClass;
import dev.matchpoint.mpi.RequestIds;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.match.Envelopes;
import dev.matchpoint.mpi.match.MessageIds;
import dev.matchpoint.mpi.program.SourceLocation;
import dev.matchpoint.mpi.trace.MatchKind;
import dev.matchpoint.mpi.trace.Trace;
import dev.matchpoint.mpi.trace.TraceEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The checks are part of the explored state (DESIGN §5): a copied set continues independently of
 * its original, and the fingerprint of a set changes whenever a check's state does, so the search
 * never merges two states whose checks would judge the rest of the run differently.
 */
class CheckStateTest {
  private static final String EXHAUSTIVE = "Exhaustive means exhaustive: every model decision reads only state the "
      + "search can see (what the state fingerprint covers)";

  private static long key(int source, long seq) {
    return MessageIds.key(source, 0, seq);
  }

  private static TraceEvent sent(int source, int dest, int tag, long seq) {
    return new TraceEvent.MessageSent(seq, 0, source, 0, dest, tag, 0, seq, 4, SendMode.STANDARD, false,
        RequestIds.id(source, 0, (int) seq));
  }

  private static TraceEvent matched(MatchKind kind, int rank, int thread, long request, long messageKey) {
    return new TraceEvent.Matched(9, 0, rank, thread, kind, request, messageKey, 0, Envelopes.ANY, Envelopes.ANY, 5, 4,
        0, 0, -1);
  }

  private static HashCode hash(StateHashable s) {
    Hasher h = Hashing.murmur3_128().newHasher();
    s.hashInto(h);
    return h.hash();
  }

  /** Events that change the state of some check, each as noted. */
  private static List<TraceEvent> stateChangingEvents() {
    long r = RequestIds.id(2, 0, 0);
    return List.of(
        sent(1, 2, 5, 0), // 0 non-overtaking: pending
        sent(1, 2, 6, 1), // 1 non-overtaking: pending, with its tag
        matched(MatchKind.PROBE, 2, 1, RequestIds.NONE, key(1, 0)), // 2 probe-then-receive: r2.t1's last probe
        new TraceEvent.ReceivePosted(4, 0, 2, 1, RequestIds.id(2, 1, 0), 1, 5, 0, 4), // 3 ... now a promise
        matched(MatchKind.MPROBE, 2, 0, RequestIds.NONE, key(3, 0)), // 4 matched-message-exclusive: held
        matched(MatchKind.RECEIVE, 2, 0, r, key(1, 0)), // 5 received; cancel-either-or: a matched receive
        new TraceEvent.CancelDecided(10, 0, 2, -1, RequestIds.NONE, key(4, 0), true, ""), // 6 a cancelled send
        new TraceEvent.CancelDecided(11, 0, 2, 0, RequestIds.id(2, 0, 7), -1, true, ""), // 7 a cancelled receive
        new TraceEvent.ErroneousUse(12, 0, 1, 0, CompleteBeforeFinalize.RULE, "pending", SourceLocation.unknown()),
        new TraceEvent.ErrorRaised(13, 0, 1, 0, "MPI_Recv", ErrorClass.MPI_ERR_TRUNCATE, "8 > 4",
            SourceLocation.unknown()), // 9
        matched(MatchKind.RECEIVE, 2, 0, r, key(1, 0)), // 10 received twice: a violation only
        sent(1, 2, 6, 2), // 11
        matched(MatchKind.PROBE, 2, 1, RequestIds.NONE, key(1, 2)), // 12 overtakes the pending 1#1
        matched(MatchKind.PROBE, 2, 1, RequestIds.NONE, key(3, 0)), // 13 a probe of a held message
        new TraceEvent.CancelDecided(14, 0, 2, -1, RequestIds.NONE, key(1, 0), true, ""), // 14 received, cancelled
        new TraceEvent.CancelDecided(15, 0, 2, -1, RequestIds.NONE, key(1, 0), true, ""), // 15 again: violation only
        new TraceEvent.ReceivePosted(16, 0, 2, 1, RequestIds.id(2, 1, 1), 3, 5, 0, 4)); // 16 a promise left open
  }

  /** The events (indexes into {@link #stateChangingEvents}) after which each check's state changes. */
  private static final Map<String, List<Integer>> CHANGES = Map.of(
      "non-overtaking", List.of(0, 1, 5, 11, 12),
      "probe-then-receive-same-message", List.of(2, 3, 12, 13, 14, 16),
      "matched-message-exclusive", List.of(4, 13),
      "received-at-most-once", List.of(5, 10),
      "cancel-either-or", List.of(5, 6, 7, 14, 15),
      "complete-before-finalize", List.of(8),
      "no-errors", List.of(9),
      "no-deadlock", List.of(),
      "observations", List.of(2, 4, 5, 10, 12, 13),
      "receipts", List.of(5, 10));

  /** Every check: the rules, and the two records of what the program observed. */
  private static List<Check> everyCheck() {
    List<Check> out = new ArrayList<>(CheckKind.all().checks());
    out.add(new Observations());
    out.add(new Receipts());
    return out;
  }

  private static boolean endAdds(Check c) {
    return c instanceof NoDeadlock || c instanceof ProbeThenReceiveSameMessage;
  }

  private static final RunEnd DEADLOCK = new RunEnd(20, List.of("r0.t0 in MPI_Recv"), false);

  @Test
  @SpecClause(source = "DESIGN §5", text = EXHAUSTIVE)
  void fingerprint_changesWithEveryEventThatChangesACheck() {
    Checks checks = CheckKind.all();
    List<HashCode> seen = new ArrayList<>();
    seen.add(hash(checks));
    for (TraceEvent e : stateChangingEvents()) {
      checks.emit(e);
      HashCode h = hash(checks);
      assertFalse(seen.contains(h), "the fingerprint missed " + e);
      seen.add(h);
    }
    checks.end(new RunEnd(20, List.of("r0.t0 in MPI_Recv"), false));
    assertFalse(seen.contains(hash(checks)), "the end's violations are state too");
  }

  @Test
  @SpecClause(source = "DESIGN §5", text = EXHAUSTIVE)
  void everyCheck_fingerprintsEachPieceOfItsState_andOnlyWhatChanges() {
    for (Check check : everyCheck()) {
      List<HashCode> seen = new ArrayList<>();
      List<Integer> changed = new ArrayList<>();
      seen.add(hash(check));
      List<TraceEvent> events = stateChangingEvents();
      for (int i = 0; i < events.size(); i++) {
        check.onEvent(events.get(i));
        HashCode h = hash(check);
        if (!h.equals(seen.get(seen.size() - 1))) {
          assertFalse(seen.contains(h), check.name() + " returned to an earlier fingerprint after " + events.get(i));
          changed.add(i);
        }
        seen.add(h);
      }
      assertEquals(CHANGES.get(check.name()), changed, check.name());
      int violations = check.violations().size();
      check.onEnd(DEADLOCK);
      assertEquals(endAdds(check), check.violations().size() > violations, check.name());
      assertEquals(endAdds(check), !hash(check).equals(seen.get(seen.size() - 1)), check.name());
    }
  }

  /** The fingerprint of a fresh check after the events. */
  private static HashCode hashAfter(Check fresh, TraceEvent... events) {
    for (TraceEvent e : events) {
      fresh.onEvent(e);
    }
    return hash(fresh);
  }

  @Test
  @SpecClause(source = "DESIGN §5", text = EXHAUSTIVE)
  void fingerprint_tellsApartContentsOfTheSameShape() {
    long r = RequestIds.id(2, 0, 0);
    // received 1#0 or 1#1: one range each, different bounds
    assertNotEquals(hashAfter(new ReceivedAtMostOnce(), matched(MatchKind.RECEIVE, 2, 0, r, key(1, 0))),
        hashAfter(new ReceivedAtMostOnce(), matched(MatchKind.RECEIVE, 2, 0, r, key(1, 1))));
    // a matched receive (then received) or only received (a matched receive, MRECV, is not a receive request)
    assertNotEquals(hashAfter(new CancelEitherOr(), matched(MatchKind.RECEIVE, 2, 0, r, key(1, 0))),
        hashAfter(new CancelEitherOr(), matched(MatchKind.MRECV, 2, 0, r, key(1, 0))));
    assertNotEquals(hashAfter(new CancelEitherOr()),
        hashAfter(new CancelEitherOr(), matched(MatchKind.MRECV, 2, 0, r, key(1, 0))));
    // the same requests and threads, other messages
    assertNotEquals(hashAfter(new Observations(), matched(MatchKind.RECEIVE, 2, 0, r, key(1, 0))),
        hashAfter(new Observations(), matched(MatchKind.RECEIVE, 2, 0, r, key(1, 1))));
    assertNotEquals(hashAfter(new Observations(), matched(MatchKind.PROBE, 2, 0, RequestIds.NONE, key(1, 0))),
        hashAfter(new Observations(), matched(MatchKind.PROBE, 2, 0, RequestIds.NONE, key(1, 1))));
    assertNotEquals(hashAfter(new Receipts(), matched(MatchKind.RECEIVE, 2, 0, r, key(1, 0))),
        hashAfter(new Receipts(), matched(MatchKind.RECEIVE, 2, 0, r, key(1, 1))));
  }

  @Test
  @SpecClause(source = "DESIGN §5", text = EXHAUSTIVE)
  void violations_fingerprintAsASet() {
    TraceEvent a = new TraceEvent.ErrorRaised(1, 0, 1, 0, "MPI_Recv", ErrorClass.MPI_ERR_TRUNCATE, "8 > 4",
        SourceLocation.unknown());
    TraceEvent b = new TraceEvent.ErrorRaised(2, 0, 0, 0, "MPI_Send", ErrorClass.MPI_ERR_TAG, "-3",
        SourceLocation.unknown());
    Check ab = new NoErrors();
    ab.onEvent(a);
    ab.onEvent(b);
    Check ba = new NoErrors();
    ba.onEvent(b);
    ba.onEvent(a);
    assertEquals(hash(ab), hash(ba), "the same violations found in another order are the same state");
    Check aa = new NoErrors();
    aa.onEvent(a);
    aa.onEvent(a);
    assertNotEquals(hash(ab), hash(aa), "other violations are another state");
  }

  /** A check of {@code fresh}'s kind fed the first {@code n} events. */
  private static Check fedWith(Check fresh, int n) {
    for (TraceEvent e : stateChangingEvents().subList(0, n)) {
      fresh.onEvent(e);
    }
    return fresh;
  }

  @Test
  @SpecClause(source = "DESIGN §5", text = EXHAUSTIVE)
  void copy_andOriginal_evolveIndependently_atEveryChange() {
    List<TraceEvent> events = stateChangingEvents();
    for (int c = 0; c < everyCheck().size(); c++) {
      String name = everyCheck().get(c).name();
      List<Integer> changes = new ArrayList<>(CHANGES.get(name));
      changes.add(events.size()); // the end of the run
      for (int i : changes) {
        for (boolean feedCopy : new boolean[] {true, false}) {
          Check original = fedWith(everyCheck().get(c), i);
          Check copy = original.copy();
          HashCode atCopy = hash(original);
          Check fed = feedCopy ? copy : original;
          Check other = feedCopy ? original : copy;
          if (i < events.size()) {
            fed.onEvent(events.get(i));
          } else {
            fed.onEnd(DEADLOCK);
          }
          assertEquals(atCopy, hash(other), name + ": feeding " + (feedCopy ? "a copy" : "the original")
              + " event " + i + " changed the other");
          assertEquals(i < events.size() || endAdds(other), !atCopy.equals(hash(fed)), name + " event " + i);
        }
      }
    }
  }

  @Test
  @SpecClause(source = "DESIGN §5", text = EXHAUSTIVE)
  void copiedSet_isCopyOnWrite_andItsKeptFingerprintsStayTrue() {
    Checks original = CheckKind.all();
    List<TraceEvent> events = stateChangingEvents();
    original.emit(events.get(0));
    HashCode h0 = hash(original);
    Checks copy = original.copy();
    assertEquals(h0, hash(copy));
    copy.emit(events.get(1));
    copy.emit(events.get(5));
    assertEquals(h0, hash(original), "the copy wrote its own checks");
    assertNotEquals(h0, hash(copy));
    original.emit(events.get(1));
    original.emit(events.get(5));
    assertEquals(hash(copy), hash(original));
    Checks third = copy.copy();
    copy.end(new RunEnd(20, List.of("r0.t0 in MPI_Recv"), false));
    assertEquals(hash(original), hash(third), "ending the run of one copy leaves the other");
    assertEquals(List.of(), third.violations());
    assertEquals(1, copy.violations().size());
  }

  @Test
  @SpecClause(source = "DESIGN §7", text = "The trace is a stream: checks are online monitors holding only what their "
      + "rule needs")
  void judge_feedsAStoredTraceToAFreshCopy() {
    Checks checks = new Checks(List.of(new ReceivedAtMostOnce(), new NoDeadlock()));
    Trace trace = new Trace();
    trace.emit(matched(MatchKind.RECEIVE, 2, 0, RequestIds.id(2, 0, 0), key(1, 0)));
    trace.emit(matched(MatchKind.MRECV, 2, 0, RequestIds.id(2, 0, 1), key(1, 0)));
    HashCode before = hash(checks);
    List<Violation> v = checks.judge(trace, new RunEnd(3, List.of("r2.t0 in MPI_Wait"), false));
    assertEquals(List.of("received-at-most-once", "no-deadlock"), v.stream().map(Violation::check).toList());
    assertEquals(List.of(), checks.violations());
    assertEquals(before, hash(checks));
  }

  @Test
  void checkSet_readsCompletionsOnlyForACheckThatNeedsThem_andFindsChecksByKind() {
    assertFalse(Checks.none().readsCompletions());
    assertTrue(Checks.none().isEmpty());
    assertFalse(Checks.none().readsEveryEvent());
    Checks some = new Checks(List.of(new NoErrors(), new NonOvertaking()));
    assertFalse(some.readsCompletions());
    assertFalse(some.isEmpty());
    assertTrue(some.contains(CheckKind.NON_OVERTAKING));
    assertFalse(some.contains(CheckKind.CANCEL_EITHER_OR));
    assertTrue(CheckKind.all().readsCompletions(), "cancel-either-or forgets a receive when it completes");
    assertEquals(List.of("no-errors", "non-overtaking"), some.checks().stream().map(Check::name).toList());
    for (CheckKind k : CheckKind.values()) {
      assertEquals(k, CheckKind.named(k.configName()));
      assertEquals(k.configName(), k.create().name());
      assertFalse(k.create().clause().isEmpty());
    }
    assertNull(CheckKind.named("no-such-check"));
    assertFalse(new Observations().clause().isEmpty());
    assertFalse(new Receipts().clause().isEmpty());
  }
}
