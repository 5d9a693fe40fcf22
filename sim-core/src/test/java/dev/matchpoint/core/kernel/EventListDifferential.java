package dev.matchpoint.core.kernel;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.ListIterator;
import java.util.SplittableRandom;
import umontreal.ssj.simevents.Event;
import umontreal.ssj.simevents.Simulator;
import umontreal.ssj.simevents.eventlist.EventList;
import umontreal.ssj.simevents.eventlist.SplayTree;

/**
 * Runs one seeded sequence of mixed operations on SSJ's {@link SplayTree} and on a list under test
 * side by side, each behind its own {@link Simulator}, and fails at the first difference with the
 * seed, the operation number and the last operations.
 *
 * <p>Everything derives from the seed (STYLE: one seed derives everything): a swarm of operation
 * weights with some operations switched off, a target list size, how times and priorities are
 * drawn (integer grids full of exact ties, exponential, log-uniform from 1e-3 to 1e15, bursts at
 * one time, special values), and whether the list under test gets tiny sizes (see {@link
 * Tunings}) or a tiny sequence space. Only
 * insertions that keep the list sorted by (time, priority) are generated, the condition under
 * which {@code SplayTree}'s order is well defined.
 */
final class EventListDifferential {
  private enum Op {
    ADD, ADD_FIRST, ADD_BEFORE, ADD_AFTER, REMOVE_FIRST, REMOVE, REMOVE_ABSENT, GET_FIRST,
    FIRE_TIE, ITERATE, FIRST_OF_CLASS, CLEAR
  }

  private static final Op[] GROW = {Op.ADD, Op.ADD_FIRST, Op.ADD_BEFORE, Op.ADD_AFTER};
  private static final Op[] SHRINK = {Op.REMOVE_FIRST, Op.REMOVE, Op.FIRE_TIE};
  private static final Op[] NEUTRAL = {
    Op.REMOVE_ABSENT, Op.GET_FIRST, Op.ITERATE, Op.FIRST_OF_CLASS, Op.CLEAR
  };

  private final long seed;
  private final SplittableRandom random;
  private final Simulator expectedSim = new Simulator(new SplayTree());
  private final Simulator actualSim;
  private final EventList expected = expectedSim.getEventList();
  private final EventList actual;
  private final int sequenceGap;
  private final String tuningName;
  private final List<ProbeEvent> expectedEvents = new ArrayList<>();
  private final List<ProbeEvent> actualEvents = new ArrayList<>();
  private final List<Integer> pending = new ArrayList<>();
  private final List<Integer> idle = new ArrayList<>();
  private final List<Integer> slot = new ArrayList<>(); // id -> index in pending, or -1
  private final Deque<String> recent = new ArrayDeque<>();
  private final int[] weights = new int[Op.values().length];
  private final int targetSize;
  private final int timeMode;
  private final int priorityMode;
  private final double gridSpacing;
  private double now;
  private int step;

  private EventListDifferential(long seed, int maxTarget) {
    this.seed = seed;
    this.random = new SplittableRandom(seed);
    for (Op op : Op.values()) {
      weights[op.ordinal()] = random.nextInt(4) == 0 ? 0 : 1 + random.nextInt(5);
    }
    weights[Op.ADD.ordinal()] = Math.max(1, weights[Op.ADD.ordinal()]);
    weights[Op.REMOVE_FIRST.ordinal()] = Math.max(1, weights[Op.REMOVE_FIRST.ordinal()]);
    weights[Op.CLEAR.ordinal()] = random.nextInt(3) == 0 ? 1 : 0;
    weights[Op.ITERATE.ordinal()] = Math.min(1, weights[Op.ITERATE.ordinal()]);
    weights[Op.FIRST_OF_CLASS.ordinal()] = Math.min(1, weights[Op.FIRST_OF_CLASS.ordinal()]);
    this.targetSize = 1 + (int) Math.round(Math.exp(random.nextDouble() * Math.log(maxTarget)));
    this.timeMode = random.nextInt(6);
    this.priorityMode = random.nextInt(4);
    this.gridSpacing = new double[] {1.0, 0.25, 1e-3, 1e9}[random.nextInt(4)];
    // Half the runs use tiny sizes, so that short runs build rungs; one in four gets a tiny
    // sequence space, so that renumbering happens often.
    LadderQueue.Tuning tuning = random.nextBoolean() ? Tunings.TINY : LadderQueue.Tuning.DEFAULT;
    this.tuningName = tuning == Tunings.TINY ? "tiny" : "default";
    this.sequenceGap = random.nextInt(4) == 0 ? 2 + random.nextInt(4) : 0;
    if (sequenceGap != 0) {
      tuning = tuning.withSequenceSpace(sequenceGap, sequenceGap * 8L * (targetSize + 64));
    }
    this.actualSim = new Simulator(new LadderQueue(tuning));
    this.actual = actualSim.getEventList();
  }

  /**
   * Runs one differential sequence against a {@link LadderQueue}.
   *
   * @param seed derives every choice
   * @param operations number of operations before the final drain
   * @param maxTarget upper bound of the drawn target size of the list
   * @throws AssertionError at the first difference, with the seed and recent operations
   */
  static void run(long seed, int operations, int maxTarget) {
    new EventListDifferential(seed, maxTarget).run(operations);
  }

  private void run(int operations) {
    note("start target=" + targetSize + " timeMode=" + timeMode + " priorityMode=" + priorityMode
        + " grid=" + gridSpacing + " sizes=" + tuningName
        + " sequenceGap=" + (sequenceGap == 0 ? "default" : sequenceGap));
    for (step = 0; step < operations; step++) {
      apply(chooseOp());
      check(expected.isEmpty() == actual.isEmpty(), "isEmpty differs");
    }
    step = -1;
    compareOrder();
    drain();
  }

  private Op chooseOp() {
    Op[] group;
    double u = random.nextDouble();
    if (u < 0.12) {
      group = NEUTRAL;
    } else if (pending.size() < targetSize ? u < 0.75 : u < 0.35) {
      group = GROW;
    } else {
      group = SHRINK;
    }
    int total = 0;
    for (Op op : group) {
      total += weights[op.ordinal()];
    }
    if (total == 0) {
      return group == SHRINK ? Op.REMOVE_FIRST : Op.ADD;
    }
    int r = random.nextInt(total);
    for (Op op : group) {
      r -= weights[op.ordinal()];
      if (r < 0) {
        return op;
      }
    }
    throw new AssertionError();
  }

  private void apply(Op op) {
    switch (op) {
      case ADD -> {
        int id = takeIdle();
        double t = drawTime();
        double p = drawPriority();
        note("add #" + id + " t=" + t + " p=" + p);
        expected.add(expectedEvents.get(id).key(t, p));
        actual.add(actualEvents.get(id).key(t, p));
        markPending(id);
      }
      case ADD_FIRST -> addFirst();
      case ADD_BEFORE, ADD_AFTER -> addNextTo(op == Op.ADD_AFTER);
      case REMOVE_FIRST -> {
        Event e = expected.removeFirst();
        Event a = actual.removeFirst();
        note("removeFirst -> " + e);
        checkSame(e, a, "removeFirst");
        if (e != null) {
          now = e.time();
          markIdle(id(e));
        }
      }
      case REMOVE -> {
        if (pending.isEmpty()) {
          return;
        }
        int id = pending.get(random.nextInt(pending.size()));
        note("remove #" + id);
        check(expected.remove(expectedEvents.get(id)), "SplayTree lost #" + id);
        check(actual.remove(actualEvents.get(id)), "remove(#" + id + ") returned false");
        markIdle(id);
      }
      case REMOVE_ABSENT -> {
        int id = takeIdle();
        note("remove absent #" + id);
        check(!expected.remove(expectedEvents.get(id)), "SplayTree removed absent #" + id);
        check(!actual.remove(actualEvents.get(id)), "remove(absent #" + id + ") returned true");
        idle.add(id);
      }
      case GET_FIRST -> {
        note("getFirst");
        checkSame(expected.getFirst(), actual.getFirst(), "getFirst");
      }
      case FIRE_TIE -> fireTie();
      case ITERATE -> {
        if (random.nextInt(1 + pending.size() / 64) == 0) { // O(n): rarer on long lists
          note("iterate");
          compareOrder();
        }
      }
      case FIRST_OF_CLASS -> {
        note("getFirstOfClass");
        checkSame(expected.getFirstOfClass(ProbeEvent.Alpha.class),
            actual.getFirstOfClass(ProbeEvent.Alpha.class), "getFirstOfClass(Alpha.class)");
        String beta = ProbeEvent.Beta.class.getName();
        checkSame(expected.getFirstOfClass(beta), actual.getFirstOfClass(beta),
            "getFirstOfClass(\"" + beta + "\")");
      }
      case CLEAR -> {
        if (random.nextInt(20) != 0) {
          return;
        }
        note("clear");
        expected.clear();
        actual.clear();
        for (int id : new ArrayList<>(pending)) {
          markIdle(id);
        }
      }
    }
  }

  /** addFirst with a key no larger than the first event's (SSJ: "at the current time"). */
  private void addFirst() {
    Event first = expected.getFirst();
    double t;
    double p;
    if (first == null) {
      t = drawTime();
      p = drawPriority();
    } else {
      t = first.time();
      p = first.priority();
      switch (random.nextInt(3)) {
        case 0 -> { } // the first event's exact key: goes in front of its ties
        case 1 -> p = p - random.nextInt(3);
        default -> {
          double earlier = t - Math.abs(drawDelay()) - gridSpacing;
          p = earlier < t ? drawPriority() : Math.min(p, drawPriority());
          t = earlier;
        }
      }
    }
    int id = takeIdle();
    note("addFirst #" + id + " t=" + t + " p=" + p);
    expected.addFirst(expectedEvents.get(id).key(t, p));
    actual.addFirst(actualEvents.get(id).key(t, p));
    markPending(id);
  }

  /** addBefore/addAfter with the other event's key, as Event.scheduleBefore/After set it. */
  private void addNextTo(boolean after) {
    if (pending.isEmpty()) {
      return;
    }
    int other = pending.get(random.nextInt(pending.size()));
    ProbeEvent eo = expectedEvents.get(other);
    int id = takeIdle();
    note((after ? "addAfter #" : "addBefore #") + id + " other=#" + other);
    ProbeEvent e = expectedEvents.get(id).key(eo.time(), eo.priority());
    ProbeEvent a = actualEvents.get(id).key(eo.time(), eo.priority());
    if (after) {
      expected.addAfter(e, eo);
      actual.addAfter(a, actualEvents.get(other));
    } else {
      expected.addBefore(e, eo);
      actual.addBefore(a, actualEvents.get(other));
    }
    markPending(id);
  }

  /** The kernel's tie pattern: take every event due at the first time, fire one, put back the rest. */
  private void fireTie() {
    Event first = expected.getFirst();
    if (first == null) {
      return;
    }
    double t = first.time();
    List<Integer> tied = new ArrayList<>();
    // The kernel takes every tied event; taking at most 64 exercises the same pattern in O(1).
    while (tied.size() < 64 && expected.getFirst() != null && expected.getFirst().time() == t) {
      Event e = expected.removeFirst();
      checkSame(e, actual.removeFirst(), "removeFirst in tie");
      tied.add(id(e));
    }
    int chosen = random.nextInt(tied.size());
    note("fire tie of " + tied.size() + " at t=" + t + ", chosen index " + chosen);
    for (int i = tied.size() - 1; i >= 0; i--) {
      if (i != chosen) {
        int id = tied.get(i);
        expected.addFirst(expectedEvents.get(id));
        actual.addFirst(actualEvents.get(id));
      }
    }
    now = t;
    markIdle(tied.get(chosen));
  }

  private void compareOrder() {
    List<Integer> e = ids(expected.listIterator());
    List<Integer> a = ids(actual.listIterator());
    check(e.equals(a), "iteration order differs:\n  SplayTree " + head(e) + "\n  actual    " + head(a));
    ListIterator<Event> back = actual.listIterator();
    while (back.hasNext()) {
      back.next();
    }
    for (int i = a.size() - 1; i >= 0; i--) {
      check(back.previousIndex() == i && id(back.previous()) == a.get(i), "previous() at " + i);
    }
    if (a.size() <= 100) { // SSJ's number formatting is slow
      String header = "Contents of the event list ";
      check(expected.toString().replace(header + "SplayTree", header + "LadderQueue")
          .equals(actual.toString()), "toString differs");
    }
  }

  private void drain() {
    while (true) {
      Event e = expected.removeFirst();
      Event a = actual.removeFirst();
      checkSame(e, a, "final drain");
      if (e == null) {
        return;
      }
    }
  }

  // ---------------------------------------------------------------- drawing keys

  private double drawTime() {
    if (random.nextInt(50) == 0) {
      double[] special = {
        0.0, -0.0, Double.MIN_VALUE, -1.0, Double.MAX_VALUE, Double.POSITIVE_INFINITY,
        Double.NEGATIVE_INFINITY, 1e15, 1e-3
      };
      return special[random.nextInt(special.length)];
    }
    double base = random.nextInt(8) == 0 ? 0.0 : now; // sometimes in the past
    return base + drawDelay();
  }

  private double drawDelay() {
    return switch (timeMode) {
      case 0 -> random.nextInt(4) * gridSpacing; // dense exact ties
      case 1 -> random.nextInt(1000) * gridSpacing;
      case 2 -> -Math.log(1.0 - random.nextDouble()); // exponential, mean 1
      case 3 -> Math.exp(random.nextDouble(Math.log(1e-3), Math.log(1e15))); // log-uniform
      case 4 -> random.nextInt(10) == 0 ? random.nextInt(5) * gridSpacing : 0.0; // bursts
      default -> random.nextBoolean()
          ? random.nextInt(3) * gridSpacing
          : Math.exp(random.nextDouble(Math.log(1e-3), Math.log(1e15)));
    };
  }

  private double drawPriority() {
    return switch (priorityMode) {
      case 0 -> 1.0;
      case 1 -> random.nextInt(3) - 1.0; // -1, 0, 1
      case 2 -> random.nextInt(20) == 0 ? -0.0 : random.nextInt(2);
      default -> random.nextDouble(-5, 5);
    };
  }

  // ---------------------------------------------------------------- bookkeeping

  private int takeIdle() {
    if (!idle.isEmpty() && random.nextInt(3) != 0) {
      return idle.remove(random.nextInt(idle.size()));
    }
    int id = expectedEvents.size();
    boolean alpha = random.nextBoolean();
    expectedEvents.add(alpha
        ? new ProbeEvent.Alpha(expectedSim, id) : new ProbeEvent.Beta(expectedSim, id));
    actualEvents.add(alpha
        ? new ProbeEvent.Alpha(actualSim, id) : new ProbeEvent.Beta(actualSim, id));
    slot.add(-1);
    return id;
  }

  private void markPending(int id) {
    slot.set(id, pending.size());
    pending.add(id);
  }

  private void markIdle(int id) {
    int i = slot.get(id);
    int last = pending.remove(pending.size() - 1);
    if (last != id) {
      pending.set(i, last);
      slot.set(last, i);
    }
    slot.set(id, -1);
    idle.add(id);
  }

  private static int id(Event ev) {
    return ((ProbeEvent) ev).id;
  }

  private static List<Integer> ids(ListIterator<Event> it) {
    List<Integer> out = new ArrayList<>();
    while (it.hasNext()) {
      out.add(id(it.next()));
    }
    return out;
  }

  private static String head(List<Integer> ids) {
    return ids.size() <= 40 ? ids.toString() : ids.subList(0, 40) + "... (" + ids.size() + ")";
  }

  private void note(String what) {
    recent.addLast(step + ": " + what);
    if (recent.size() > 25) {
      recent.removeFirst();
    }
  }

  private void checkSame(Event e, Event a, String what) {
    check((e == null) == (a == null) && (e == null || id(e) == id(a)),
        what + ": SplayTree gave " + e + ", actual gave " + a);
  }

  private void check(boolean ok, String what) {
    if (!ok) {
      throw new AssertionError("seed=" + seed + " op=" + step + " pending=" + pending.size() + ": "
          + what + "\nrecent operations:\n  " + String.join("\n  ", recent));
    }
  }
}
