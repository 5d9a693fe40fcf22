package dev.matchpoint.core.kernel;

import java.util.Arrays;
import java.util.Iterator;
import java.util.ListIterator;
import umontreal.ssj.simevents.Event;
import umontreal.ssj.simevents.eventlist.EventList;
import umontreal.ssj.simevents.eventlist.SplayTree;
import umontreal.ssj.util.PrintfFormat;

/**
 * An SSJ {@link EventList} built as a ladder queue (W. T. Tang, R. S. M. Goh and I. L.-J. Thng,
 * "Ladder Queue: An O(1) Priority Queue Structure for Large-Scale Discrete Event Simulation", ACM
 * TOMACS 15(3), 2005), a multi-level descendant of the calendar queue (R. Brown, "Calendar Queues:
 * A Fast O(1) Priority Queue Implementation for the Simulation Event Set Problem", CACM 31(10),
 * 1988), that keeps exactly the order of SSJ's {@link SplayTree}.
 *
 * <p><b>Order.</b> Events leave by time, then {@linkplain Event#priority() priority} (smaller
 * first), then position among events of equal time and priority: {@link #add} places an event
 * after every pending event of equal time and priority (FIFO), {@link #addFirst} before every
 * pending event, {@link #addBefore} and {@link #addAfter} immediately next to the other event.
 * Internally each pending event carries a key (time, priority, sequence number); {@code add} takes
 * sequence numbers from a rising counter, {@code addFirst} from a falling one, and {@code
 * addBefore}/{@code addAfter} a number strictly between the neighbours' (renumbering that one
 * group of equal time and priority when no number is left between them). As long as every
 * insertion keeps the list sorted by (time, priority), which SSJ's own {@code Event.scheduleNext},
 * {@code scheduleBefore} and {@code scheduleAfter} do, the order equals {@code SplayTree}'s
 * event for event. An insertion that breaks that order has no well-defined {@code SplayTree} order
 * (it depends on the shape of the tree); this list then orders the event as if it had the key of
 * the event it was placed next to: {@code addFirst(ev)} uses the smaller of {@code ev}'s (time,
 * priority) and the current first event's, {@code addBefore(ev, other)} and {@code addAfter(ev,
 * other)} use {@code other}'s. The key is copied when the event is added; changing an event's time
 * or priority while it is pending does not move it.
 *
 * <p><b>Structure.</b> Events that lie beyond every other structure go unsorted into <em>top</em>.
 * When the rest is empty, top is spread over a <em>rung</em> of buckets, one bucket per event,
 * spanning the events' time range; each bucket is an unsorted list. Dequeuing takes the next
 * non-empty bucket of the lowest rung: a bucket of at most {@value #THRESHOLD} events is sorted into
 * <em>bottom</em>, a sorted array the first event is taken from; a larger one is spread over a new,
 * finer rung (at most {@value #MAX_RUNGS} rungs, after which big buckets are sorted too). New events
 * go to top, to the first rung whose unconsumed buckets cover their time, or into bottom; a bottom
 * that grows past {@value #BOTTOM_SPAWN} events of several times becomes a rung again. A rung's
 * bucket index is a monotone function of time, so all pending events of one time always sit in the
 * same bucket, top or bottom. This follows Tang et al. except that rung bounds come from the
 * events' actual minimum and maximum time, which keeps rungs useful for any finite doubles (events
 * at infinite times are sorted, not spread).
 *
 * <p><b>Complexity</b> (n pending events). {@code add}, {@code removeFirst} and {@code getFirst}
 * take O(1) amortised time for the distributions studied by Tang et al. (the sorting in bottom
 * works on at most {@value #THRESHOLD} events); a burst of m events at one time costs O(m log m)
 * once, and inserting into the middle of a large bottom costs O(size of bottom). {@code remove}
 * is O(1): the event's handle is kept in its {@link Event#setRa(int) ra} field, and removal only
 * marks the node, which is dropped when it is reached or when a rebuild (O(n), at most once per
 * n/2 removals) clears out marked nodes. {@code addFirst} is O(1) amortised. {@code addBefore} and
 * {@code addAfter} scan the bucket, top or bottom holding the other event, O(n) in the worst case.
 * {@code getFirstOfClass} is O(h) and iteration O(h + n log n), where h is the largest number of
 * events pending at once since the list was last empty.
 *
 * <p><b>Memory.</b> Per pending event: a 32-byte record of primitives, a slot in an event array, a
 * free-list slot, a top slot and about one bucket head; no object is allocated per event.
 *
 * <p><b>Contract.</b> An event may be pending in at most one {@code LadderQueue} at a time and is
 * rejected when added twice; while pending its {@code ra} field belongs to this list (SSJ marks it
 * "for internal use", as {@code SplayTree} uses it too). Times and priorities may be any doubles
 * except NaN ({@code -0.0} equals {@code 0.0}, as in {@link Event#compareTo}). The list is
 * deterministic: no hashing, randomness or clock is involved. It is not thread-safe.
 */
public final class LadderQueue implements EventList {
  /** Largest bucket that is sorted into bottom rather than spread over a new rung (Tang et al.). */
  static final int THRESHOLD = 50;

  /** Most rungs at once; deeper buckets are sorted whatever their size. */
  static final int MAX_RUNGS = 16;

  /** Size past which a bottom holding several times becomes a rung again. */
  static final int BOTTOM_SPAWN = 4 * THRESHOLD;

  /** Distance between consecutive sequence numbers of {@code add} and {@code addFirst}. */
  static final long SEQUENCE_GAP = 1L << 16;

  /** Bound on the magnitude of sequence numbers; reaching it renumbers all pending events. */
  static final long SEQUENCE_LIMIT = 1L << 62;

  private static final int INITIAL_CAPACITY = 64;
  private static final int COMPACT_MIN_DEAD = 64;
  private static final int INSERTION_SORT_MAX = 24;
  private static final int NONE = -1;

  // A node's record: rec[4h + TIME, NEXT, PRIORITY, SEQUENCE]. Time and next come first so that
  // the two words read while walking a bucket never straddle a cache line.
  private static final int TIME = 0;
  private static final int NEXT = 1;
  private static final int PRIORITY = 2;
  private static final int SEQUENCE = 3;

  private final long sequenceGap;
  private final long sequenceLimit;

  private long[] rec;
  private Event[] events; // null for free handles and for removed nodes still linked somewhere
  private int[] free;
  private int freeCount;
  private int highWater;
  private int live;
  private int dead;
  private long frontSequence;
  private long backSequence;
  private int modCount;

  private int[] top;
  private int topCount;
  private double topMin;
  private double topMax;
  private double topMaxFinite;
  private double topThreshold; // top holds exactly the events with time > topThreshold

  private int rungCount;
  private final int[][] rungHeads = new int[MAX_RUNGS][];
  private final int[] rungBuckets = new int[MAX_RUNGS];
  private final int[] rungCurrent = new int[MAX_RUNGS];
  private final double[] rungStart = new double[MAX_RUNGS];
  private final double[] rungScale = new double[MAX_RUNGS];

  private int[] bottom;
  private int bottomHead;
  private int bottomTail;
  private int bottomSpawnAt;

  private int[] sortBuffer = new int[0];
  private int[] groupBuffer = new int[0];

  /** Creates an empty list. */
  public LadderQueue() {
    this(SEQUENCE_GAP, SEQUENCE_LIMIT);
  }

  /** Creates an empty list with a custom sequence space, so tests can exhaust it quickly. */
  LadderQueue(long sequenceGap, long sequenceLimit) {
    if (sequenceGap < 2 || sequenceLimit < 4 * sequenceGap) {
      throw new IllegalArgumentException("gap " + sequenceGap + ", limit " + sequenceLimit);
    }
    this.sequenceGap = sequenceGap;
    this.sequenceLimit = sequenceLimit;
    allocate(INITIAL_CAPACITY);
  }

  /**
   * Whether no event is pending.
   *
   * @return true when the list is empty
   */
  @Override
  public boolean isEmpty() {
    return live == 0;
  }

  /**
   * The number of pending events.
   *
   * @return the count, at least 0
   */
  public int size() {
    return live;
  }

  /**
   * Removes every pending event and releases the list's storage. The events' times are left as
   * they are, as {@code SplayTree.clear()} does. O(1).
   */
  @Override
  public void clear() {
    allocate(INITIAL_CAPACITY);
    modCount++;
  }

  /**
   * Adds {@code ev} at its time and priority, after every pending event of equal time and
   * priority. O(1) amortised.
   *
   * @param ev an event not pending in this list
   * @throws IllegalArgumentException when the event's time or priority is NaN
   * @throws IllegalStateException when {@code ev} is already pending in this list
   */
  @Override
  public void add(Event ev) {
    double t = notNaN(ev.time(), "time", ev);
    double p = notNaN(ev.priority(), "priority", ev);
    requireNotPending(ev);
    long s = nextBackSequence();
    place(newNode(ev, t, p, s), t);
  }

  /**
   * Adds {@code ev} in front of every pending event. SSJ's contract is that {@code ev} occurs at
   * the current simulation time ({@code Event.scheduleNext()} also gives it priority 0); the event
   * is ordered as if its (time, priority) were the smaller of its own and the current first
   * event's, so it stays first until an event with a strictly smaller key arrives. O(1) amortised.
   *
   * @param ev an event not pending in this list
   * @throws IllegalArgumentException when the event's time or priority is NaN
   * @throws IllegalStateException when {@code ev} is already pending in this list
   */
  @Override
  public void addFirst(Event ev) {
    double t = notNaN(ev.time(), "time", ev);
    double p = notNaN(ev.priority(), "priority", ev);
    requireNotPending(ev);
    int first = first();
    if (first != NONE) {
      double ft = time(first);
      double fp = priority(first);
      if (t > ft || (t == ft && p > fp)) {
        t = ft;
        p = fp;
      }
    }
    long s = nextFrontSequence();
    place(newNode(ev, t, p, s), t);
  }

  /**
   * Adds {@code ev} immediately before {@code other}, ordered as if it had {@code other}'s time and
   * priority ({@code Event.scheduleBefore} sets them so). O(size of the bucket, top or bottom
   * holding {@code other}).
   *
   * @param ev an event not pending in this list
   * @param other a pending event
   * @throws IllegalArgumentException when {@code other} is not pending in this list ("Event not in
   *     list.", as {@code SplayTree} says)
   * @throws IllegalStateException when {@code ev} is already pending in this list
   */
  @Override
  public void addBefore(Event ev, Event other) {
    addNextTo(ev, other, false);
  }

  /**
   * Adds {@code ev} immediately after {@code other}, ordered as if it had {@code other}'s time and
   * priority ({@code Event.scheduleAfter} sets them so). O(size of the bucket, top or bottom
   * holding {@code other}).
   *
   * @param ev an event not pending in this list
   * @param other a pending event
   * @throws IllegalArgumentException when {@code other} is not pending in this list
   * @throws IllegalStateException when {@code ev} is already pending in this list
   */
  @Override
  public void addAfter(Event ev, Event other) {
    addNextTo(ev, other, true);
  }

  /**
   * The first pending event, without removing it. O(1) amortised.
   *
   * @return the first event, or null when the list is empty
   */
  @Override
  public Event getFirst() {
    int h = first();
    return h == NONE ? null : events[h];
  }

  /**
   * The first pending event whose class has the binary name {@code cl} (exact class, as {@code
   * SplayTree} compares it). O(h), see the class comment.
   *
   * @param cl a binary class name as {@link Class#getName()} gives it
   * @return the first such event, or null when there is none
   */
  @Override
  public Event getFirstOfClass(String cl) {
    int best = NONE;
    for (int h = 0; h < highWater; h++) {
      Event ev = events[h];
      if (ev != null && ev.getClass().getName().equals(cl) && (best == NONE || less(h, best))) {
        best = h;
      }
    }
    return best == NONE ? null : events[best];
  }

  /**
   * The first pending event whose class is exactly {@code cl} (subclasses do not count, as in
   * {@code SplayTree}). O(h), see the class comment.
   *
   * @param cl the event class
   * @param <E> the event type
   * @return the first such event, or null when there is none
   */
  @Override
  public <E extends Event> E getFirstOfClass(Class<E> cl) {
    int best = NONE;
    for (int h = 0; h < highWater; h++) {
      Event ev = events[h];
      if (ev != null && ev.getClass() == cl && (best == NONE || less(h, best))) {
        best = h;
      }
    }
    return best == NONE ? null : cl.cast(events[best]);
  }

  /**
   * Iterates over the pending events in order; see {@link #listIterator()}.
   *
   * @return a snapshot iterator supporting {@code remove}
   */
  @Override
  public Iterator<Event> iterator() {
    return listIterator();
  }

  /**
   * A list iterator over a snapshot of the pending events in order, taken in O(h + n log n). It
   * supports {@code next}, {@code previous}, the index methods and {@code remove} (which removes
   * the event from this list); {@code add} and {@code set} throw {@link
   * UnsupportedOperationException}. Any change to the list not made through the iterator makes
   * its next call throw {@link java.util.ConcurrentModificationException}, as in {@code
   * SplayTree}.
   *
   * @return the iterator, positioned before the first event
   */
  @Override
  public ListIterator<Event> listIterator() {
    return new LadderQueueIterator(this, snapshot());
  }

  /**
   * Removes {@code ev} if it is pending. O(1) amortised.
   *
   * @param ev any event
   * @return true when {@code ev} was pending and is now removed
   */
  @Override
  public boolean remove(Event ev) {
    int h = handleOf(ev);
    if (h == NONE) {
      return false;
    }
    events[h] = null;
    ev.setRa(NONE);
    live--;
    modCount++;
    if (live == 0) {
      reset();
    } else if (bottomHead < bottomTail && bottom[bottomHead] == h) {
      bottomHead++;
      free[freeCount++] = h;
    } else {
      dead++;
      if (dead >= COMPACT_MIN_DEAD && 2 * dead > highWater) {
        compact();
      }
    }
    return true;
  }

  /**
   * Removes and returns the first pending event. O(1) amortised.
   *
   * @return the removed event, or null when the list is empty
   */
  @Override
  public Event removeFirst() {
    int h = first();
    if (h == NONE) {
      return null;
    }
    bottomHead++;
    Event ev = events[h];
    events[h] = null;
    free[freeCount++] = h;
    ev.setRa(NONE);
    live--;
    modCount++;
    if (live == 0) {
      reset();
    }
    return ev;
  }

  /**
   * The pending events in order, one per line, in the format of the {@link EventList} interface.
   *
   * @return "Contents of the event list LadderQueue:" followed by "time, priority : event" lines
   */
  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder("Contents of the event list LadderQueue:");
    for (Event ev : snapshot()) {
      sb.append(PrintfFormat.NEWLINE)
          .append(PrintfFormat.g(12, 7, ev.time()))
          .append(", ")
          .append(PrintfFormat.g(8, 4, ev.priority()))
          .append(" : ")
          .append(ev);
    }
    return sb.toString();
  }

  int modCount() {
    return modCount;
  }

  // ---------------------------------------------------------------- nodes and keys

  private static double notNaN(double x, String what, Event ev) {
    if (x != x) {
      throw new IllegalArgumentException("event " + ev + " has a NaN " + what);
    }
    return x; // -0.0 and 0.0 need no folding: double comparisons, like Event.compareTo, equate them
  }

  private double time(int h) {
    return Double.longBitsToDouble(rec[(h << 2) + TIME]);
  }

  private double priority(int h) {
    return Double.longBitsToDouble(rec[(h << 2) + PRIORITY]);
  }

  private long sequence(int h) {
    return rec[(h << 2) + SEQUENCE];
  }

  private int next(int h) {
    return (int) rec[(h << 2) + NEXT];
  }

  private void setNext(int h, int next) {
    rec[(h << 2) + NEXT] = next;
  }

  /** Whether node {@code a} comes before node {@code b}: (time, priority, sequence). */
  private boolean less(int a, int b) {
    double ta = time(a);
    double tb = time(b);
    if (ta != tb) {
      return ta < tb;
    }
    double pa = priority(a);
    double pb = priority(b);
    if (pa != pb) {
      return pa < pb;
    }
    return sequence(a) < sequence(b);
  }

  private int handleOf(Event ev) {
    int h = ev.getRa();
    return h >= 0 && h < highWater && events[h] == ev ? h : NONE;
  }

  private void requireNotPending(Event ev) {
    if (handleOf(ev) != NONE) {
      throw new IllegalStateException("event " + ev + " is already in this list");
    }
  }

  private int newNode(Event ev, double t, double p, long s) {
    int h;
    if (freeCount > 0) {
      h = free[--freeCount];
    } else {
      if (highWater == events.length) {
        growNodes();
      }
      h = highWater++;
    }
    int i = h << 2;
    rec[i + TIME] = Double.doubleToRawLongBits(t);
    rec[i + PRIORITY] = Double.doubleToRawLongBits(p);
    rec[i + SEQUENCE] = s;
    events[h] = ev;
    ev.setRa(h);
    live++;
    modCount++;
    return h;
  }

  private void growNodes() {
    int capacity = events.length;
    if (capacity > (Integer.MAX_VALUE >> 3)) {
      throw new IllegalStateException("too many pending events: " + capacity);
    }
    capacity <<= 1;
    events = Arrays.copyOf(events, capacity);
    rec = Arrays.copyOf(rec, capacity << 2);
    free = Arrays.copyOf(free, capacity);
  }

  /** Frees a node that was removed while linked and has now been unlinked. */
  private void releaseDead(int h) {
    dead--;
    free[freeCount++] = h;
  }

  private void allocate(int capacity) {
    rec = new long[capacity << 2];
    events = new Event[capacity];
    free = new int[capacity];
    top = new int[capacity];
    bottom = new int[capacity];
    Arrays.fill(rungHeads, null);
    sortBuffer = new int[0];
    groupBuffer = new int[0];
    live = 0;
    reset();
  }

  /** Forgets every node; only valid when no event is pending. O(1). */
  private void reset() {
    highWater = 0;
    freeCount = 0;
    dead = 0;
    frontSequence = 0;
    backSequence = 0;
    topCount = 0;
    topMin = Double.POSITIVE_INFINITY;
    topMax = Double.NEGATIVE_INFINITY;
    topMaxFinite = Double.NEGATIVE_INFINITY;
    topThreshold = Double.NEGATIVE_INFINITY;
    rungCount = 0;
    bottomHead = 0;
    bottomTail = 0;
    bottomSpawnAt = BOTTOM_SPAWN;
  }

  // ---------------------------------------------------------------- sequence numbers

  private long nextBackSequence() {
    if (backSequence > sequenceLimit - sequenceGap) {
      renumberAll();
    }
    return backSequence += sequenceGap;
  }

  private long nextFrontSequence() {
    if (frontSequence < sequenceGap - sequenceLimit) {
      renumberAll();
    }
    return frontSequence -= sequenceGap;
  }

  /** Gives the pending events the sequence numbers gap, 2 gap, ... in order. O(h + n log n). */
  private void renumberAll() {
    if ((long) live * sequenceGap > sequenceLimit - 2 * sequenceGap) {
      throw new IllegalStateException("sequence space too small for " + live + " events");
    }
    purgeBottom();
    int n = sortedLive();
    for (int i = 0; i < n; i++) {
      rec[(groupBuffer[i] << 2) + SEQUENCE] = (i + 1) * sequenceGap;
    }
    frontSequence = 0;
    backSequence = n * sequenceGap;
  }

  private void addNextTo(Event ev, Event other, boolean after) {
    int o = handleOf(other);
    if (o == NONE) {
      throw new IllegalArgumentException("Event not in list.");
    }
    requireNotPending(ev);
    double t = time(o);
    double p = priority(o);
    long s = sequenceNextTo(o, t, p, after);
    place(newNode(ev, t, p, s), t);
  }

  /** A sequence number strictly between {@code o}'s and its neighbour's in its group. */
  private long sequenceNextTo(int o, double t, double p, boolean after) {
    int n = collectGroup(t, p);
    int neighbour = NONE;
    long so = sequence(o);
    for (int i = 0; i < n; i++) {
      int g = groupBuffer[i];
      long sg = sequence(g);
      boolean beyond = after ? sg > so : sg < so;
      if (beyond && (neighbour == NONE || (after ? sg < sequence(neighbour) : sg > sequence(neighbour)))) {
        neighbour = g;
      }
    }
    if (neighbour == NONE) {
      return after ? nextBackSequence() : nextFrontSequence();
    }
    if (Math.abs(sequence(neighbour) - so) < 2) {
      renumberGroup(n);
      so = sequence(o);
    }
    return so + (sequence(neighbour) - so) / 2;
  }

  /** Renumbers the group in groupBuffer[0, n) with fresh, widely spaced sequence numbers. */
  private void renumberGroup(int n) {
    if (backSequence > sequenceLimit - (n + 2L) * sequenceGap) {
      renumberAll();
      return;
    }
    purgeBottom(); // dead nodes in bottom would keep their old numbers and break its order
    sort(groupBuffer, n);
    for (int i = 0; i < n; i++) {
      rec[(groupBuffer[i] << 2) + SEQUENCE] = backSequence += sequenceGap;
    }
  }

  /** Collects the pending events of time t and priority p into groupBuffer; returns how many. */
  private int collectGroup(double t, double p) {
    int n = 0;
    if (t > topThreshold) {
      for (int i = 0; i < topCount; i++) {
        n = collectIfInGroup(top[i], t, p, n);
      }
      return n;
    }
    for (int r = 0; r < rungCount; r++) {
      int b = bucketOf(r, t);
      if (b >= rungCurrent[r]) {
        for (int h = rungHeads[r][b]; h != NONE; h = next(h)) {
          n = collectIfInGroup(h, t, p, n);
        }
        return n;
      }
    }
    for (int i = bottomHead; i < bottomTail; i++) {
      n = collectIfInGroup(bottom[i], t, p, n);
    }
    return n;
  }

  private int collectIfInGroup(int h, double t, double p, int n) {
    if (events[h] != null && time(h) == t && priority(h) == p) {
      if (n == groupBuffer.length) {
        groupBuffer = Arrays.copyOf(groupBuffer, Math.max(16, 2 * n));
      }
      groupBuffer[n++] = h;
    }
    return n;
  }

  // ---------------------------------------------------------------- placing nodes

  /** Puts node h (time t) into top, the first rung covering t, or bottom. */
  private void place(int h, double t) {
    if (t > topThreshold) {
      pushTop(h, t);
      return;
    }
    for (int r = 0; r < rungCount; r++) {
      int b = bucketOf(r, t);
      if (b >= rungCurrent[r]) {
        int[] heads = rungHeads[r];
        setNext(h, heads[b]);
        heads[b] = h;
        return;
      }
    }
    insertBottom(h);
  }

  private void pushTop(int h, double t) {
    if (topCount == top.length) {
      top = Arrays.copyOf(top, 2 * topCount);
    }
    top[topCount++] = h;
    if (t < topMin) {
      topMin = t;
    }
    if (t > topMax) {
      topMax = t;
    }
    if (t > topMaxFinite && t != Double.POSITIVE_INFINITY) {
      topMaxFinite = t;
    }
  }

  /** The bucket of rung r for time t: monotone in t, -1 below the rung, clamped at its end. */
  private int bucketOf(int r, double t) {
    double x = (t - rungStart[r]) * rungScale[r];
    if (!(x >= 0.0)) {
      return NONE;
    }
    int n = rungBuckets[r];
    return x < n ? (int) x : n - 1;
  }

  /**
   * Opens rung number rungCount with n buckets over [lo, hiFinite], or returns false when that
   * range cannot be divided (empty, infinite or too narrow for n buckets).
   */
  private boolean openRung(double lo, double hiFinite, int n) {
    double scale = n / (hiFinite - lo);
    if (!(scale > 0.0 && scale < Double.POSITIVE_INFINITY) || rungCount == MAX_RUNGS) {
      return false;
    }
    int r = rungCount++;
    int[] heads = rungHeads[r];
    if (heads == null || heads.length < n) {
      heads = new int[n];
      rungHeads[r] = heads;
    }
    Arrays.fill(heads, 0, n, NONE);
    rungBuckets[r] = n;
    rungCurrent[r] = 0;
    rungStart[r] = lo;
    rungScale[r] = scale;
    return true;
  }

  /** Links the pending nodes of src[from, to) into the last rung; frees removed ones. */
  private void spreadIntoLastRung(int[] src, int from, int to) {
    int r = rungCount - 1;
    int[] heads = rungHeads[r];
    for (int i = from; i < to; i++) {
      int h = src[i];
      if (events[h] == null) {
        releaseDead(h);
        continue;
      }
      int b = bucketOf(r, time(h));
      setNext(h, heads[b]);
      heads[b] = h;
    }
  }

  private void insertBottom(int h) {
    int lo = bottomHead;
    int hi = bottomTail;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (less(h, bottom[mid])) {
        hi = mid;
      } else {
        lo = mid + 1;
      }
    }
    int pos = lo;
    if (bottomHead > 0 && pos - bottomHead <= bottomTail - pos) {
      System.arraycopy(bottom, bottomHead, bottom, bottomHead - 1, pos - bottomHead);
      bottomHead--;
      bottom[pos - 1] = h;
    } else {
      if (bottomTail == bottom.length) {
        bottom = Arrays.copyOf(bottom, 2 * bottom.length);
      }
      System.arraycopy(bottom, pos, bottom, pos + 1, bottomTail - pos);
      bottom[pos] = h;
      bottomTail++;
    }
    if (bottomTail - bottomHead > bottomSpawnAt) {
      spawnFromBottom();
    }
  }

  /** Turns an overgrown bottom into a new lowest rung, if its times can be divided. */
  private void spawnFromBottom() {
    int n = bottomTail - bottomHead;
    double lo = time(bottom[bottomHead]);
    double hiFinite = Double.NEGATIVE_INFINITY;
    for (int i = bottomTail - 1; i >= bottomHead; i--) {
      double t = time(bottom[i]);
      if (t != Double.POSITIVE_INFINITY) {
        hiFinite = t;
        break;
      }
    }
    if (!openRung(lo, hiFinite, n)) {
      bottomSpawnAt = 2 * n; // try again only once it has doubled
      return;
    }
    spreadIntoLastRung(bottom, bottomHead, bottomTail);
    bottomHead = 0;
    bottomTail = 0;
    bottomSpawnAt = BOTTOM_SPAWN;
  }

  // ---------------------------------------------------------------- finding the first node

  /** The handle of the first pending node, moving buckets into bottom as needed; NONE if empty. */
  private int first() {
    if (bottomHead < bottomTail) {
      int h = bottom[bottomHead];
      if (events[h] != null) {
        return h;
      }
    }
    return firstSlow();
  }

  private int firstSlow() {
    while (true) {
      while (bottomHead < bottomTail) {
        int h = bottom[bottomHead];
        if (events[h] != null) {
          return h;
        }
        bottomHead++;
        releaseDead(h);
      }
      bottomHead = 0;
      bottomTail = 0;
      bottomSpawnAt = BOTTOM_SPAWN;
      if (rungCount > 0) {
        consumeNextBucket(rungCount - 1);
      } else if (topCount > 0) {
        transferTop();
      } else {
        return NONE;
      }
    }
  }

  /** Spreads top over rung 0 (or sorts it into bottom when small or indivisible). */
  private void transferTop() {
    int n = topCount;
    double lo = topMin;
    double hi = topMax;
    double hiFinite = topMaxFinite;
    topThreshold = hi;
    topCount = 0;
    topMin = Double.POSITIVE_INFINITY;
    topMax = Double.NEGATIVE_INFINITY;
    topMaxFinite = Double.NEGATIVE_INFINITY;
    if (n > THRESHOLD && lo < hi && openRung(lo, hiFinite, n)) {
      spreadIntoLastRung(top, 0, n);
      return;
    }
    if (bottom.length < n) {
      bottom = new int[n];
    }
    int c = 0;
    for (int i = 0; i < n; i++) {
      int h = top[i];
      if (events[h] == null) {
        releaseDead(h);
      } else {
        bottom[c++] = h;
      }
    }
    sort(bottom, c);
    bottomTail = c;
  }

  /** Moves rung r's next non-empty bucket into bottom or a new rung; drops r when exhausted. */
  private void consumeNextBucket(int r) {
    int[] heads = rungHeads[r];
    int n = rungBuckets[r];
    int b = rungCurrent[r];
    while (b < n && heads[b] == NONE) {
      b++;
    }
    if (b == n) {
      rungCount--;
      return;
    }
    rungCurrent[r] = b + 1;
    int h = heads[b];
    heads[b] = NONE;
    int c = 0;
    double lo = Double.POSITIVE_INFINITY;
    double hi = Double.NEGATIVE_INFINITY;
    double hiFinite = Double.NEGATIVE_INFINITY;
    while (h != NONE) {
      int nx = next(h);
      if (events[h] == null) {
        releaseDead(h);
      } else {
        if (c == bottom.length) {
          bottom = Arrays.copyOf(bottom, 2 * c);
        }
        bottom[c++] = h;
        double t = time(h);
        if (t < lo) {
          lo = t;
        }
        if (t > hi) {
          hi = t;
        }
        if (t > hiFinite && t != Double.POSITIVE_INFINITY) {
          hiFinite = t;
        }
      }
      h = nx;
    }
    if (c > THRESHOLD && lo < hi && openRung(lo, hiFinite, c)) {
      spreadIntoLastRung(bottom, 0, c);
      return;
    }
    sort(bottom, c);
    bottomTail = c;
  }

  // ---------------------------------------------------------------- maintenance

  /** Drops removed nodes from bottom, keeping its order. */
  private void purgeBottom() {
    int w = bottomHead;
    for (int i = bottomHead; i < bottomTail; i++) {
      int h = bottom[i];
      if (events[h] == null) {
        releaseDead(h);
      } else {
        bottom[w++] = h;
      }
    }
    bottomTail = w;
  }

  /** Rebuilds the structure from the pending events alone, freeing every removed node. O(h). */
  private void compact() {
    int n = 0;
    while (highWater > 0 && events[highWater - 1] == null) {
      highWater--;
    }
    if (groupBuffer.length < live) {
      groupBuffer = new int[live];
    }
    freeCount = 0;
    for (int h = highWater - 1; h >= 0; h--) {
      if (events[h] == null) {
        free[freeCount++] = h;
      } else {
        groupBuffer[n++] = h;
      }
    }
    dead = 0;
    topCount = 0;
    topMin = Double.POSITIVE_INFINITY;
    topMax = Double.NEGATIVE_INFINITY;
    topMaxFinite = Double.NEGATIVE_INFINITY;
    topThreshold = Double.NEGATIVE_INFINITY;
    rungCount = 0;
    bottomHead = 0;
    bottomTail = 0;
    bottomSpawnAt = BOTTOM_SPAWN;
    for (int i = n - 1; i >= 0; i--) {
      int h = groupBuffer[i];
      place(h, time(h));
    }
  }

  /** Puts the pending handles, in order, into groupBuffer[0, live); returns live. */
  private int sortedLive() {
    if (groupBuffer.length < live) {
      groupBuffer = new int[live];
    }
    int n = 0;
    for (int h = 0; h < highWater; h++) {
      if (events[h] != null) {
        groupBuffer[n++] = h;
      }
    }
    sort(groupBuffer, n);
    return n;
  }

  private Event[] snapshot() {
    int n = sortedLive();
    Event[] out = new Event[n];
    for (int i = 0; i < n; i++) {
      out[i] = events[groupBuffer[i]];
    }
    return out;
  }

  // ---------------------------------------------------------------- sorting handles by key

  /** Sorts a[0, n) by key: insertion sort on short runs, then bottom-up merges. */
  private void sort(int[] a, int n) {
    for (int lo = 0; lo < n; lo += INSERTION_SORT_MAX) {
      insertionSort(a, lo, Math.min(lo + INSERTION_SORT_MAX, n));
    }
    if (n <= INSERTION_SORT_MAX) {
      return;
    }
    if (sortBuffer.length < n) {
      sortBuffer = new int[n];
    }
    int[] src = a;
    int[] dst = sortBuffer;
    for (int width = INSERTION_SORT_MAX; width < n; width <<= 1) {
      for (int lo = 0; lo < n; lo += 2 * width) {
        int mid = Math.min(lo + width, n);
        int hi = Math.min(lo + 2 * width, n);
        int i = lo;
        int j = mid;
        int k = lo;
        while (i < mid && j < hi) {
          dst[k++] = less(src[j], src[i]) ? src[j++] : src[i++];
        }
        while (i < mid) {
          dst[k++] = src[i++];
        }
        while (j < hi) {
          dst[k++] = src[j++];
        }
      }
      int[] swap = src;
      src = dst;
      dst = swap;
    }
    if (src != a) {
      System.arraycopy(src, 0, a, 0, n);
    }
  }

  private void insertionSort(int[] a, int from, int to) {
    for (int i = from + 1; i < to; i++) {
      int h = a[i];
      int j = i - 1;
      while (j >= from && less(h, a[j])) {
        a[j + 1] = a[j];
        j--;
      }
      a[j + 1] = h;
    }
  }
}
