package dev.matchpoint.core.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.ConcurrentModificationException;
import java.util.List;
import java.util.ListIterator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import umontreal.ssj.simevents.Event;
import umontreal.ssj.simevents.Simulator;
import umontreal.ssj.simevents.eventlist.EventList;
import umontreal.ssj.simevents.eventlist.SplayTree;

/** Edge cases of {@link LadderQueue}, most of them checked against SSJ's {@link SplayTree}. */
class LadderQueueTest {

  /** The same events in a SplayTree and a LadderQueue, each behind its own Simulator. */
  private static final class Twin {
    final Simulator splaySim = new Simulator(new SplayTree());
    final Simulator ladderSim;
    final EventList splay = splaySim.getEventList();
    final EventList ladder;
    final List<ProbeEvent> splayEvents = new ArrayList<>();
    final List<ProbeEvent> ladderEvents = new ArrayList<>();

    Twin() {
      this(new LadderQueue());
    }

    Twin(LadderQueue.Tuning tuning) {
      this(new LadderQueue(tuning));
    }

    Twin(LadderQueue ladder) {
      this.ladderSim = new Simulator(ladder);
      this.ladder = ladder;
    }

    int newEvent() {
      int id = splayEvents.size();
      splayEvents.add(new ProbeEvent(splaySim, id));
      ladderEvents.add(new ProbeEvent(ladderSim, id));
      return id;
    }

    int add(double time, double priority) {
      int id = newEvent();
      readd(id, time, priority);
      return id;
    }

    void readd(int id, double time, double priority) {
      splay.add(splayEvents.get(id).key(time, priority));
      ladder.add(ladderEvents.get(id).key(time, priority));
    }

    int addFirst(double time, double priority) {
      int id = newEvent();
      splay.addFirst(splayEvents.get(id).key(time, priority));
      ladder.addFirst(ladderEvents.get(id).key(time, priority));
      return id;
    }

    int addNextTo(int other, boolean after) {
      int id = newEvent();
      ProbeEvent so = splayEvents.get(other);
      splayEvents.get(id).key(so.time(), so.priority());
      ladderEvents.get(id).key(so.time(), so.priority());
      if (after) {
        splay.addAfter(splayEvents.get(id), so);
        ladder.addAfter(ladderEvents.get(id), ladderEvents.get(other));
      } else {
        splay.addBefore(splayEvents.get(id), so);
        ladder.addBefore(ladderEvents.get(id), ladderEvents.get(other));
      }
      return id;
    }

    boolean remove(int id) {
      boolean removed = splay.remove(splayEvents.get(id));
      assertEquals(removed, ladder.remove(ladderEvents.get(id)), "remove #" + id);
      return removed;
    }

    ProbeEvent removeFirst() {
      ProbeEvent s = (ProbeEvent) splay.removeFirst();
      ProbeEvent l = (ProbeEvent) ladder.removeFirst();
      assertEquals(s == null ? null : s.id, l == null ? null : l.id, "removeFirst");
      return s;
    }

    List<Integer> drain() {
      assertEquals(order(splay), order(ladder), "iteration order");
      List<Integer> out = new ArrayList<>();
      for (ProbeEvent e = removeFirst(); e != null; e = removeFirst()) {
        out.add(e.id);
      }
      assertTrue(ladder.isEmpty());
      return out;
    }
  }

  private static List<Integer> order(EventList list) {
    List<Integer> ids = new ArrayList<>();
    for (Event e : list) {
      ids.add(((ProbeEvent) e).id);
    }
    return ids;
  }

  private static List<Integer> range(int n) {
    List<Integer> ids = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      ids.add(i);
    }
    return ids;
  }

  @Test
  void emptyList_queries_returnNullFalseOrNothing() {
    LadderQueue list = new LadderQueue();
    ProbeEvent stranger = new ProbeEvent(new Simulator(list), 0);
    assertTrue(list.isEmpty());
    assertEquals(0, list.size());
    assertNull(list.getFirst());
    assertNull(list.removeFirst());
    assertNull(list.getFirstOfClass(ProbeEvent.class));
    assertNull(list.getFirstOfClass(ProbeEvent.class.getName()));
    assertFalse(list.remove(stranger));
    assertFalse(list.iterator().hasNext());
    assertFalse(list.listIterator().hasPrevious());
    assertEquals("Contents of the event list LadderQueue:", list.toString());
    list.clear();
    assertTrue(list.isEmpty());
  }

  @ParameterizedTest
  @MethodSource("dev.matchpoint.core.kernel.Tunings#both")
  void allAtOneTime_hundredThousandEvents_leaveInInsertionOrder(LadderQueue.Tuning tuning) {
    Twin twin = new Twin(tuning);
    int n = 100_000;
    for (int i = 0; i < n; i++) {
      twin.add(7.0, 1.0);
    }
    List<Integer> expected = range(n);
    // Half-way through, more events at the same time go behind all others.
    List<Integer> drained = new ArrayList<>();
    for (int i = 0; i < n / 2; i++) {
      drained.add(twin.removeFirst().id);
    }
    for (int i = 0; i < 1000; i++) {
      expected.add(twin.add(7.0, 1.0));
    }
    drained.addAll(twin.drain());
    assertEquals(expected, drained);
  }

  @ParameterizedTest
  @MethodSource("dev.matchpoint.core.kernel.Tunings#both")
  void burstAtOneTime_mixedPriorities_leaveByPriorityThenInsertion(LadderQueue.Tuning tuning) {
    Twin twin = new Twin(tuning);
    List<List<Integer>> byPriority = List.of(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
    for (int i = 0; i < 60_000; i++) {
      int priority = (i * 7) % 3;
      byPriority.get(priority).add(twin.add(3.0, priority));
    }
    List<Integer> expected = new ArrayList<>();
    byPriority.forEach(expected::addAll);
    assertEquals(expected, twin.drain());
  }

  @ParameterizedTest
  @MethodSource("dev.matchpoint.core.kernel.Tunings#both")
  void timesFrom1eMinus3To1e15_withTiesAndHoldRescheduling_matchSplayTree(LadderQueue.Tuning tuning) {
    Twin twin = new Twin(tuning);
    double[] decades = new double[19];
    for (int d = 0; d < decades.length; d++) {
      decades[d] = Math.pow(10, d - 3);
    }
    for (int i = 0; i < 40_000; i++) {
      double t = decades[i % decades.length] * (1 + (i / 19) % 7); // many exact ties
      twin.add(t, i % 2);
    }
    for (int i = 0; i < 40_000; i++) {
      ProbeEvent first = twin.removeFirst();
      double t = first.time() + decades[(i * 5) % decades.length];
      twin.readd(first.id, t, first.priority());
    }
    twin.drain();
  }

  @ParameterizedTest
  @MethodSource("dev.matchpoint.core.kernel.Tunings#both")
  void extremeTimes_infinitiesZerosAndLimits_matchSplayTree(LadderQueue.Tuning tuning) {
    Twin twin = new Twin(tuning);
    double[] times = {
      Double.NEGATIVE_INFINITY, -Double.MAX_VALUE, -1.0, -0.0, 0.0, Double.MIN_VALUE, 1e-3, 1.0,
      1e15, Math.nextUp(1e15), Double.MAX_VALUE, Double.POSITIVE_INFINITY
    };
    for (int round = 0; round < 400; round++) {
      for (double t : times) {
        twin.add(t, round % 3);
      }
    }
    for (int i = 0; i < 3000; i++) {
      ProbeEvent first = twin.removeFirst();
      twin.readd(first.id, times[(i * 7) % times.length], i % 3);
    }
    twin.drain();
  }

  @ParameterizedTest
  @MethodSource("dev.matchpoint.core.kernel.Tunings#both")
  void negativeZeroAndZero_sameTime_leaveInInsertionOrder(LadderQueue.Tuning tuning) {
    Twin twin = new Twin(tuning);
    twin.add(0.0, 1);
    twin.add(-0.0, 1);
    twin.add(0.0, 1);
    twin.add(-0.0, 1);
    assertEquals(List.of(0, 1, 2, 3), twin.drain());
  }

  @ParameterizedTest
  @MethodSource("dev.matchpoint.core.kernel.Tunings#both")
  void removedEvent_readded_goesBehindItsTies(LadderQueue.Tuning tuning) {
    Twin twin = new Twin(tuning);
    int a = twin.add(1.0, 1);
    int b = twin.add(1.0, 1);
    int c = twin.add(1.0, 1);
    assertTrue(twin.remove(a));
    assertFalse(twin.remove(a));
    twin.readd(a, 1.0, 1);
    int d = twin.newEvent();
    assertFalse(twin.remove(d));
    assertEquals(List.of(b, c, a), twin.drain());
    twin.readd(b, 2.0, 1);
    twin.readd(a, 2.0, 1);
    assertEquals(List.of(b, a), twin.drain());
  }

  @ParameterizedTest
  @MethodSource("dev.matchpoint.core.kernel.Tunings#both")
  void manyRemovalsOfPendingEvents_compactingOnTheWay_matchSplayTree(LadderQueue.Tuning tuning) {
    Twin twin = new Twin(tuning);
    for (int i = 0; i < 20_000; i++) {
      twin.add((i * 7919) % 5000, i % 2);
    }
    twin.removeFirst(); // spreads top into rungs and bottom
    for (int i = 1; i < 20_000; i += 3) {
      twin.remove(i);
    }
    for (int i = 2; i < 20_000; i += 3) {
      twin.remove(i);
    }
    twin.drain();
  }

  @Test
  void add_eventAlreadyPending_throwsIllegalState() {
    LadderQueue list = new LadderQueue();
    ProbeEvent e = new ProbeEvent(new Simulator(list), 0).key(1, 1);
    list.add(e);
    assertThrows(IllegalStateException.class, () -> list.add(e));
    assertThrows(IllegalStateException.class, () -> list.addFirst(e));
    assertThrows(IllegalStateException.class, () -> list.addAfter(e, e));
    assertEquals(1, list.size());
  }

  @Test
  void event_removedHereAndAddedToAnotherList_isNotPendingHere() {
    for (LadderQueue.Tuning tuning : Tunings.BOTH) {
      LadderQueue here = new LadderQueue(tuning);
      LadderQueue there = new LadderQueue(tuning);
      Simulator sim = new Simulator(here);
      ProbeEvent e = new ProbeEvent(sim, 0).key(1, 1);
      ProbeEvent f = new ProbeEvent(sim, 1).key(2, 1);
      here.add(e);
      here.add(f);
      assertSame(e, here.removeFirst());
      there.add(e); // takes handle 0 there, the handle it had here
      assertFalse(here.remove(e));
      assertEquals(1, here.size());
      assertTrue(there.remove(e));
      here.add(e.key(3, 1));
      assertEquals(List.of(1, 0), order(here));
    }
  }

  @Test
  void add_nanTimeOrPriority_throwsIllegalArgument() {
    LadderQueue list = new LadderQueue();
    Simulator sim = new Simulator(list);
    assertThrows(IllegalArgumentException.class, () -> list.add(new ProbeEvent(sim, 0).key(Double.NaN, 1)));
    assertThrows(IllegalArgumentException.class, () -> list.add(new ProbeEvent(sim, 1).key(1, Double.NaN)));
    assertThrows(IllegalArgumentException.class,
        () -> list.addFirst(new ProbeEvent(sim, 2).key(Double.NaN, 1)));
    assertTrue(list.isEmpty());
  }

  @Test
  void addBeforeOrAfter_otherNotPending_throwsIllegalArgument() {
    LadderQueue list = new LadderQueue();
    Simulator sim = new Simulator(list);
    ProbeEvent other = new ProbeEvent(sim, 0).key(1, 1);
    ProbeEvent ev = new ProbeEvent(sim, 1).key(1, 1);
    assertThrows(IllegalArgumentException.class, () -> list.addBefore(ev, other));
    list.add(other);
    list.remove(other);
    assertThrows(IllegalArgumentException.class, () -> list.addAfter(ev, other));
    assertTrue(list.isEmpty());
  }

  @Test
  void addFirst_keyAboveTheFirstEvent_becomesFirstAndTakesItsKey() {
    // Outside SplayTree's well-defined order (documented on LadderQueue): ev is ordered as if it
    // had the first event's time and priority.
    LadderQueue list = new LadderQueue();
    Simulator sim = new Simulator(list);
    ProbeEvent x = new ProbeEvent(sim, 0).key(1, 1);
    ProbeEvent y = new ProbeEvent(sim, 1).key(5, 1);
    ProbeEvent z = new ProbeEvent(sim, 2).key(3, 1);
    ProbeEvent w = new ProbeEvent(sim, 3).key(0.5, 1);
    list.add(x);
    list.addFirst(y);
    assertSame(y, list.getFirst());
    list.add(z);
    list.add(w);
    assertEquals(List.of(3, 1, 0, 2), order(list));
    // y's own time (5) no longer tells where its entry is; addBefore must still find it.
    ProbeEvent v = new ProbeEvent(sim, 4).key(5, 1);
    list.addBefore(v, y);
    assertEquals(List.of(3, 4, 1, 0, 2), order(list));
  }

  @Test
  void addFirstBeforeAndAfter_sameSpotThousandsOfTimes_matchSplayTree() {
    for (LadderQueue ladder : List.of(new LadderQueue(), new LadderQueue(Tunings.TINY),
        new LadderQueue(Tunings.TINY.withSequenceSpace(2, 1 << 16)))) {
      Twin twin = new Twin(ladder);
      int anchor = twin.add(4.0, 1);
      twin.add(4.0, 1);
      int last = anchor;
      for (int i = 0; i < 3000; i++) {
        switch (i % 5) {
          case 0 -> last = twin.addNextTo(anchor, true);
          case 1 -> last = twin.addNextTo(last, false);
          case 2 -> twin.addNextTo(anchor, false);
          case 3 -> twin.addFirst(4.0, 1);
          default -> twin.add(4.0, 1);
        }
      }
      twin.drain();
    }
  }

  @Test
  void sequenceSpace_exhaustedRepeatedly_keepsOrder() {
    Twin twin = new Twin(new LadderQueue(Tunings.TINY.withSequenceSpace(4, 1 << 12)));
    for (int i = 0; i < 100; i++) {
      twin.add(i % 10, 1);
    }
    for (int i = 0; i < 20_000; i++) {
      ProbeEvent first = twin.removeFirst();
      if (i % 2 == 0) {
        twin.readd(first.id, first.time() + (i % 3), 1);
      } else {
        ProbeEvent next = (ProbeEvent) twin.splay.getFirst();
        int id = twin.newEvent();
        twin.splay.addFirst(twin.splayEvents.get(id).key(next.time(), 1));
        twin.ladder.addFirst(twin.ladderEvents.get(id).key(next.time(), 1));
      }
    }
    twin.drain();
  }

  @Test
  void sequenceSpace_tooSmallForPendingEvents_throwsIllegalState() {
    LadderQueue list = new LadderQueue(Tunings.TINY.withSequenceSpace(2, 64));
    Simulator sim = new Simulator(list);
    assertThrows(IllegalStateException.class, () -> {
      for (int i = 0; i < 100; i++) {
        list.add(new ProbeEvent(sim, i).key(1, 1));
      }
    });
  }

  @ParameterizedTest
  @MethodSource("dev.matchpoint.core.kernel.Tunings#both")
  void listIterator_walksBothWaysAndRemoves(LadderQueue.Tuning tuning) {
    Twin twin = new Twin(tuning);
    for (int i = 0; i < 200; i++) {
      twin.add(i % 17, 1);
    }
    ListIterator<Event> it = twin.ladder.listIterator();
    int kept = 0;
    while (it.hasNext()) {
      assertEquals(kept, it.nextIndex());
      ProbeEvent e = (ProbeEvent) it.next();
      kept++;
      if (e.id % 4 == 0) {
        it.remove();
        kept--;
        assertTrue(twin.splay.remove(twin.splayEvents.get(e.id)));
      }
    }
    assertEquals(150, kept);
    List<Integer> backward = new ArrayList<>();
    while (it.hasPrevious()) {
      assertEquals(it.nextIndex() - 1, it.previousIndex());
      backward.add(0, ((ProbeEvent) it.previous()).id);
    }
    assertEquals(order(twin.splay), backward);
    assertEquals(backward.size(), ((LadderQueue) twin.ladder).size());
    twin.drain();
  }

  @Test
  void listIterator_listChangedElsewhere_throwsConcurrentModification() {
    Twin twin = new Twin();
    twin.add(1, 1);
    ListIterator<Event> it = twin.ladder.listIterator();
    twin.add(2, 1);
    assertThrows(ConcurrentModificationException.class, it::hasNext);
  }

  @Test
  void listIterator_addAndSet_areUnsupported() {
    Twin twin = new Twin();
    twin.add(1, 1);
    ListIterator<Event> it = twin.ladder.listIterator();
    it.next();
    assertThrows(UnsupportedOperationException.class, () -> it.set(twin.ladderEvents.get(0)));
    assertThrows(UnsupportedOperationException.class, () -> it.add(twin.ladderEvents.get(0)));
  }

  @Test
  void toString_sameLinesAsSplayTree() {
    Twin twin = new Twin();
    twin.add(2.5, 1);
    twin.add(1e12, -3);
    twin.add(2.5, 0);
    assertEquals(twin.splay.toString().replace("SplayTree:", "LadderQueue:"), twin.ladder.toString());
  }

  @ParameterizedTest
  @MethodSource("dev.matchpoint.core.kernel.Tunings#both")
  void clear_thenReuse_acceptsTheSameEventsAgain(LadderQueue.Tuning tuning) {
    Twin twin = new Twin(tuning);
    for (int i = 0; i < 500; i++) {
      twin.add(i % 50, 1);
    }
    twin.removeFirst();
    twin.splay.clear();
    twin.ladder.clear();
    assertTrue(twin.ladder.isEmpty());
    assertNull(twin.ladder.getFirst());
    for (int i = 0; i < 500; i++) {
      twin.readd(499 - i, i % 7, 1);
    }
    twin.drain();
  }

  @Test
  void getFirstOfClass_matchesExactClassOnly() {
    LadderQueue list = new LadderQueue();
    Simulator sim = new Simulator(list);
    list.add(new ProbeEvent(sim, 0).key(1, 1));
    ProbeEvent.Beta beta = new ProbeEvent.Beta(sim, 1);
    list.add(beta.key(2, 1));
    ProbeEvent.Alpha alpha = new ProbeEvent.Alpha(sim, 2);
    list.add(alpha.key(3, 1));
    list.add(new ProbeEvent.Alpha(sim, 3).key(3, 1));
    assertSame(alpha, list.getFirstOfClass(ProbeEvent.Alpha.class));
    assertSame(beta, list.getFirstOfClass(ProbeEvent.Beta.class.getName()));
    assertEquals(0, list.getFirstOfClass(ProbeEvent.class).id);
    assertNull(list.getFirstOfClass(Event.class));
  }

  @Test
  void fastest_isALadderQueue() {
    assertTrue(EventLists.fastest() instanceof LadderQueue);
  }
}
