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

  /** One event per piece of check state, each changing some check's state. */
  private static List<TraceEvent> stateChangingEvents() {
    long r = RequestIds.id(2, 0, 0);
    return List.of(
        sent(1, 2, 5, 0), // non-overtaking: pending
        sent(1, 2, 6, 1), // its tag is kept
        matched(MatchKind.PROBE, 2, 1, RequestIds.NONE, key(1, 0)), // probe-then-receive: last probe of r2.t1
        new TraceEvent.ReceivePosted(4, 0, 2, 1, RequestIds.id(2, 1, 0), 1, 5, 0, 4), // ... now expected
        matched(MatchKind.MPROBE, 2, 0, RequestIds.NONE, key(3, 0)), // exclusive: held
        matched(MatchKind.RECEIVE, 2, 0, r, key(1, 0)), // received; cancel-either-or: matched receive
        new TraceEvent.CancelDecided(10, 0, 2, -1, RequestIds.NONE, key(4, 0), true, ""), // cancelled send
        new TraceEvent.CancelDecided(11, 0, 2, 0, RequestIds.id(2, 0, 7), -1, true, ""), // cancelled receive
        new TraceEvent.ErroneousUse(12, 0, 1, 0, CompleteBeforeFinalize.RULE, "pending", SourceLocation.unknown()),
        new TraceEvent.ErrorRaised(13, 0, 1, 0, "MPI_Recv", ErrorClass.MPI_ERR_TRUNCATE, "8 > 4",
            SourceLocation.unknown()),
        matched(MatchKind.RECEIVE, 2, 0, r, key(1, 0))); // received twice
  }

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
  void everyCheck_fingerprintsEachPieceOfItsState() {
    for (CheckKind kind : CheckKind.values()) {
      List<HashCode> seen = new ArrayList<>();
      Check check = kind.create();
      seen.add(hash(check));
      for (TraceEvent e : stateChangingEvents()) {
        Check before = check.copy();
        check.onEvent(e);
        HashCode h = hash(check);
        if (!h.equals(hash(before))) {
          assertFalse(seen.contains(h), kind + " returned to an earlier fingerprint after " + e);
          seen.add(h);
        }
      }
      assertTrue(seen.size() > 1 || kind == CheckKind.NO_DEADLOCK, kind + " never changed");
    }
  }

  @Test
  @SpecClause(source = "DESIGN §5", text = EXHAUSTIVE)
  void copy_andOriginal_evolveIndependently_eachCheckAlone() {
    for (CheckKind kind : CheckKind.values()) {
      Check original = kind.create();
      List<TraceEvent> events = stateChangingEvents();
      for (TraceEvent e : events.subList(0, 6)) {
        original.onEvent(e);
      }
      Check copy = original.copy();
      HashCode atCopy = hash(original);
      for (TraceEvent e : events.subList(6, events.size())) {
        copy.onEvent(e);
      }
      copy.onEnd(new RunEnd(20, List.of("r0.t0 in MPI_Recv"), false));
      assertEquals(atCopy, hash(original), kind + ": feeding the copy changed the original");
      Check again = original.copy();
      for (TraceEvent e : events.subList(6, events.size())) {
        original.onEvent(e);
      }
      original.onEnd(new RunEnd(20, List.of("r0.t0 in MPI_Recv"), false));
      assertEquals(hash(copy), hash(original), kind + ": the copy continued differently");
      assertEquals(copy.violations(), original.violations());
      assertEquals(atCopy, hash(again), kind + ": feeding the original changed a later copy");
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
  }
}
