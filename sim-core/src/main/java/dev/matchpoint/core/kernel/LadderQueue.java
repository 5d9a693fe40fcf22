package dev.matchpoint.core.kernel;

import static dev.matchpoint.core.kernel.Entries.SHIFT;

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
 * pending event, {@link #addBefore} and {@link #addAfter} immediately next to the other event. Each
 * pending event has a key (time, priority, sequence number); {@code add} takes sequence numbers
 * from a rising counter, {@code addFirst} from a falling one, and {@code addBefore}/{@code
 * addAfter} a number strictly between the neighbours' (renumbering that one group of equal time
 * and priority when no number is left between them). As long as every insertion keeps the list
 * sorted by (time, priority), which SSJ's own {@code Event.scheduleNext}, {@code scheduleBefore}
 * and {@code scheduleAfter} do, the order equals {@code SplayTree}'s event for event. An insertion
 * that breaks that order has no well-defined {@code SplayTree} order (it depends on the shape of
 * the tree); this list then orders the event as if it had the key of the event it was placed next
 * to: {@code addFirst(ev)} uses the smaller of {@code ev}'s (time, priority) and the current first
 * event's, {@code addBefore(ev, other)} and {@code addAfter(ev, other)} use {@code other}'s. The
 * key is copied when the event is added; changing an event's time or priority while it is pending
 * does not move it.
 *
 * <p><b>Structure.</b> Keys live in entries of four {@code long}s (time, priority, sequence,
 * handle), stored inline so that ordering never follows a pointer. Events later than everything
 * else go unsorted into <em>top</em>. When the rest is empty, top is spread over a <em>rung</em> of
 * buckets spanning its time range, about {@value #TOP_BUCKET_LOAD} events per bucket. When the
 * first event is wanted, the next non-empty bucket of the lowest rung moves into <em>bottom</em>:
 * a bucket of more than {@value #THRESHOLD} events is spread over a new, finer rung instead (at
 * most {@value #MAX_RUNGS} rungs), as in Tang et al. Bottom splits its events by a counting sort
 * into time segments of about {@value #SEGMENT_LOAD} events and sorts each segment only when it is
 * reached. New events go to top, to the first rung whose unconsumed buckets cover their time, or,
 * when earlier than every rung, into <em>late</em>, a small sorted array merged with bottom when
 * taking the first event; a late array that grows past {@value #LATE_SPAWN} events of several times
 * turns, with bottom, into a rung again. Top and buckets are chains of fixed-size chunks from one
 * pool. Bucket and segment indices are monotone functions of time, so all pending events of one
 * time always sit in the same bucket or segment, in top, or in bottom and late. Rung bounds come
 * from the events' actual minimum and maximum time, so any finite doubles divide well; rungs made
 * from top are coarser than Tang et al.'s, which keeps the buckets being filled in cache.
 *
 * <p><b>Complexity</b> (n pending events). {@code add}, {@code removeFirst} and {@code getFirst}
 * take O(1) amortised time for the distributions studied by Tang et al.; a burst of m events at one
 * time costs O(m log m) once, and inserting into the middle of a large late array costs O(its
 * size). {@code remove} is O(1): the event's handle is kept in its {@link Event#setRa(int) ra}
 * field and removal only marks it; its entry is dropped when reached, or by a rebuild (O(n), at
 * most once per n removals). {@code addFirst} is O(1) amortised. {@code addBefore} and {@code
 * addAfter} scan the bucket, top or bottom holding the other event, O(n) in the worst case. {@code
 * getFirstOfClass} is O(n) and iteration O(n log n). Shortly before events leave bottom, the list
 * reads one field of each, so that the caller finds them in cache.
 *
 * <p><b>Memory.</b> No object is allocated per event. Per pending event: a 32-byte entry in the
 * chunk pool (which grows by half when full), a slot in an event array and in a free list (4 bytes
 * each) and a bit; per bucket 16 bytes; bottom and a scratch array hold as many entries as
 * the largest bucket or burst moved into bottom. Storage grows with the largest number of events
 * pending at once and is released by {@link #clear()}. A handle keeps its last event after the
 * event leaves (so that an event rescheduling itself skips a reference store and its GC write
 * barrier), so up to that many departed events stay reachable until their handles are reused or
 * the list runs empty.
 *
 * <p><b>Contract.</b> An event may be pending in at most one {@code LadderQueue} at a time and is
 * rejected when added twice; while pending its {@code ra} field belongs to this list (SSJ marks it
 * "for internal use", as {@code SplayTree} uses it too). Times and priorities may be any doubles
 * except NaN ({@code -0.0} equals {@code 0.0}, as in {@link Event#compareTo}). The list is
 * deterministic: no hashing, randomness or clock is involved. It is not thread-safe.
 */
public final class LadderQueue implements EventList {
  /** Mean number of events per bucket of a rung made from top. */
  static final int TOP_BUCKET_LOAD = 256;

  /** Largest bucket moved into bottom; larger ones are spread over a new rung. */
  static final int THRESHOLD = 4096;

  /** Mean number of events per bucket of a rung made from a bucket or from bottom and late. */
  static final int CHILD_BUCKET_LOAD = 64;

  /** Mean number of events per segment of bottom. */
  static final int SEGMENT_LOAD = 2;

  /** Largest bottom sorted as a single segment. */
  static final int SORT_WHOLE_MAX = 16;

  /** Most rungs at once; deeper buckets go to bottom whatever their size. */
  static final int MAX_RUNGS = 16;

  /** Size past which a late array holding several times turns, with bottom, into a rung. */
  static final int LATE_SPAWN = 256;

  /** Distance between consecutive sequence numbers of {@code add} and {@code addFirst}. */
  static final long SEQUENCE_GAP = 1L << 16;

  /** Bound on the magnitude of sequence numbers; reaching it renumbers all pending events. */
  static final long SEQUENCE_LIMIT = 1L << 62;

  private static final int INITIAL_CAPACITY = 64;
  private static final int COMPACT_MIN_DEAD = 64;
  private static final int PREFETCH_BATCH = 128;
  private static final int NONE = -1;

  // Chunks of CHUNK entries; a chain of chunks is described by {head, tail, size} in an int[].
  private static final int CHUNK_BITS = 4;
  private static final int CHUNK = 1 << CHUNK_BITS;
  private static final int CHUNK_WORDS_SHIFT = CHUNK_BITS + SHIFT;
  private static final int HEAD = 0;
  private static final int TAIL = 1;
  private static final int SIZE = 2;
  private static final int META_SHIFT = 2; // bucket b's chain is at meta[(b << META_SHIFT) + ...]

  /**
   * The sizes that steer a list; {@link #DEFAULT} in production, small values in tests so that
   * short runs go through every path.
   *
   * @param topBucketLoad mean events per bucket of a rung made from top
   * @param threshold largest bucket moved into bottom
   * @param childBucketLoad mean events per bucket of a rung made from a bucket or bottom
   * @param segmentLoad mean events per segment of bottom
   * @param sortWholeMax largest bottom sorted as one segment
   * @param maxRungs most rungs at once, at most {@link #MAX_RUNGS}
   * @param lateSpawn size past which late turns into a rung
   * @param sequenceGap distance between consecutive sequence numbers, at least 2
   * @param sequenceLimit bound on the magnitude of sequence numbers, at least 4 gaps
   */
  record Tuning(int topBucketLoad, int threshold, int childBucketLoad, int segmentLoad,
      int sortWholeMax, int maxRungs, int lateSpawn, long sequenceGap, long sequenceLimit) {
    static final Tuning DEFAULT = new Tuning(TOP_BUCKET_LOAD, THRESHOLD, CHILD_BUCKET_LOAD,
        SEGMENT_LOAD, SORT_WHOLE_MAX, MAX_RUNGS, LATE_SPAWN, SEQUENCE_GAP, SEQUENCE_LIMIT);

    Tuning {
      if (topBucketLoad < 1 || threshold < 2 || childBucketLoad < 1 || segmentLoad < 1
          || sortWholeMax < 1 || maxRungs < 1 || maxRungs > MAX_RUNGS || lateSpawn < 1
          || sequenceGap < 2 || sequenceLimit < 4 * sequenceGap) {
        throw new IllegalArgumentException(toString());
      }
    }

    Tuning withSequenceSpace(long gap, long limit) {
      return new Tuning(topBucketLoad, threshold, childBucketLoad, segmentLoad, sortWholeMax,
          maxRungs, lateSpawn, gap, limit);
    }
  }

  private final int topBucketLoad;
  private final int threshold;
  private final int childBucketLoad;
  private final int segmentLoad;
  private final int sortWholeMax;
  private final int maxRungs;
  private final int lateSpawn;
  private final long sequenceGap;
  private final long sequenceLimit;

  // Handles: bit h of held says whether handle h holds a pending event, events[h] (a bit set
  // rather than a boolean[] so that it stays in cache). A free handle or a removed event's handle
  // may keep its last event in events[h]: storing a reference into this large, long-lived array
  // costs a GC write barrier, so a handle given back to the same event (as when an event
  // reschedules itself) skips the store. reset() clears the stale references.
  private Event[] events;
  private long[] held;
  private int[] free;
  private int freeCount;
  private int highWater;
  private int live;
  private int dead;
  private long frontSequence;
  private long backSequence;
  private int modCount;

  private long[] chunks;
  private int[] chunkNext;
  private int chunkHighWater;
  private int freeChunk;

  private final int[] top = new int[4]; // one chain: head, tail, size
  private double topMin;
  private double topMax;
  private double topMaxFinite;
  private double topThreshold; // top holds exactly the entries with time > topThreshold

  private int rungCount;
  private final int[][] rungMeta = new int[MAX_RUNGS][];
  private final int[] rungBuckets = new int[MAX_RUNGS];
  private final int[] rungCurrent = new int[MAX_RUNGS];
  private final double[] rungStart = new double[MAX_RUNGS];
  private final double[] rungScale = new double[MAX_RUNGS];

  // Bottom: entries [bottomHead, bottomTail) in segments; segment k ends at segmentEnd[k]; the
  // current segment ends at sortedEnd and is sorted; later segments are not sorted yet.
  private long[] bottom;
  private int bottomHead;
  private int bottomTail;
  private int[] segmentEnd = new int[1];
  private int segment;
  private int sortedEnd;
  private int prefetchedTo;
  private long prefetchSink;
  private double bottomMin; // bounds of the times in bottom when it was filled
  private double bottomMax;

  // Late: sorted entries [lateHead, lateTail), all earlier than every rung and top.
  private long[] late;
  private int lateHead;
  private int lateTail;
  private int lateSpawnAt;
  private boolean firstInLate;

  private long[] scratch = new long[0];
  private int[] segmentOf = new int[0];
  private int[] offsets = new int[0];
  private long[][] offsetArrays = new long[0][];

  /** Creates an empty list. */
  public LadderQueue() {
    this(Tuning.DEFAULT);
  }

  /** Creates an empty list with custom sizes, so tests can reach every path quickly. */
  LadderQueue(Tuning tuning) {
    this.topBucketLoad = tuning.topBucketLoad();
    this.threshold = tuning.threshold();
    this.childBucketLoad = tuning.childBucketLoad();
    this.segmentLoad = tuning.segmentLoad();
    this.sortWholeMax = tuning.sortWholeMax();
    this.maxRungs = tuning.maxRungs();
    this.lateSpawn = tuning.lateSpawn();
    this.sequenceGap = tuning.sequenceGap();
    this.sequenceLimit = tuning.sequenceLimit();
    allocate();
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
    allocate();
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
    place(t, p, s, newHandle(ev));
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
    if (first() != NONE) {
      long[] a = firstInLate ? late : bottom;
      int o = (firstInLate ? lateHead : bottomHead) << SHIFT;
      double ft = Entries.time(a, o);
      double fp = Entries.priority(a, o);
      if (t > ft || (t == ft && p > fp)) {
        t = ft;
        p = fp;
      }
    }
    long s = nextFrontSequence();
    place(t, p, s, newHandle(ev));
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
   * SplayTree} compares it). O(n).
   *
   * @param cl a binary class name as {@link Class#getName()} gives it
   * @return the first such event, or null when there is none
   */
  @Override
  public Event getFirstOfClass(String cl) {
    return firstMatching(null, cl);
  }

  /**
   * The first pending event whose class is exactly {@code cl} (subclasses do not count, as in
   * {@code SplayTree}). O(n).
   *
   * @param cl the event class
   * @param <E> the event type
   * @return the first such event, or null when there is none
   */
  @Override
  public <E extends Event> E getFirstOfClass(Class<E> cl) {
    return cl.cast(firstMatching(cl, null));
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
   * A list iterator over a snapshot of the pending events in order, taken in O(n log n). It
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
    held[h >>> 6] &= ~(1L << h);
    ev.setRa(NONE);
    live--;
    modCount++;
    if (live == 0) {
      reset();
    } else if (bottomHead < sortedEnd && Entries.handle(bottom, bottomHead << SHIFT) == h) {
      bottomHead++;
      free[freeCount++] = h;
    } else if (lateHead < lateTail && Entries.handle(late, lateHead << SHIFT) == h) {
      lateHead++;
      free[freeCount++] = h;
    } else {
      dead++;
      if (dead >= COMPACT_MIN_DEAD && dead > live) {
        rebuild(false);
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
    if (firstInLate) {
      lateHead++;
    } else {
      bottomHead++;
    }
    Event ev = events[h];
    held[h >>> 6] &= ~(1L << h);
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

  // ---------------------------------------------------------------- handles

  private static double notNaN(double x, String what, Event ev) {
    if (x != x) {
      throw new IllegalArgumentException("event " + ev + " has a NaN " + what);
    }
    return x; // -0.0 needs no folding: double comparisons, like Event.compareTo, equate it with 0.0
  }

  private boolean isHeld(int h) {
    return (held[h >>> 6] & (1L << h)) != 0;
  }

  private int handleOf(Event ev) {
    int h = ev.getRa();
    return h >= 0 && h < highWater && isHeld(h) && events[h] == ev ? h : NONE;
  }

  private void requireNotPending(Event ev) {
    if (handleOf(ev) != NONE) {
      throw new IllegalStateException("event " + ev + " is already in this list");
    }
  }

  private int newHandle(Event ev) {
    int h;
    if (freeCount > 0) {
      h = free[--freeCount];
    } else {
      if (highWater == events.length) {
        if (highWater > (Integer.MAX_VALUE >> 2)) {
          throw new IllegalStateException("too many pending events: " + highWater);
        }
        events = Arrays.copyOf(events, 2 * highWater);
        held = Arrays.copyOf(held, (2 * highWater + 63) >> 6);
        free = Arrays.copyOf(free, 2 * highWater);
      }
      h = highWater++;
    }
    held[h >>> 6] |= 1L << h;
    if (events[h] != ev) {
      events[h] = ev;
    }
    ev.setRa(h);
    live++;
    modCount++;
    return h;
  }

  /** Frees the handle of a removed event whose entry has just been dropped. */
  private void releaseDead(int h) {
    dead--;
    free[freeCount++] = h;
  }

  private void allocate() {
    events = new Event[INITIAL_CAPACITY];
    held = new long[(INITIAL_CAPACITY + 63) >> 6];
    free = new int[INITIAL_CAPACITY];
    chunks = new long[(INITIAL_CAPACITY / CHUNK) << CHUNK_WORDS_SHIFT];
    chunkNext = new int[INITIAL_CAPACITY / CHUNK];
    bottom = new long[INITIAL_CAPACITY << SHIFT];
    late = new long[INITIAL_CAPACITY << SHIFT];
    Arrays.fill(rungMeta, null);
    scratch = new long[0];
    segmentOf = new int[0];
    segmentEnd = new int[1];
    offsets = new int[0];
    offsetArrays = new long[0][];
    live = 0;
    highWater = 0;
    reset();
  }

  /**
   * Forgets every entry and handle; valid only when no event is pending. O(h) for the h handles
   * used since the last reset, so O(1) amortised.
   */
  private void reset() {
    Arrays.fill(events, 0, highWater, null);
    Arrays.fill(held, 0, (highWater + 63) >> 6, 0L);
    highWater = 0;
    freeCount = 0;
    dead = 0;
    frontSequence = 0;
    backSequence = 0;
    resetContainers();
  }

  private void resetContainers() {
    chunkHighWater = 0;
    freeChunk = NONE;
    top[SIZE] = 0;
    topMin = Double.POSITIVE_INFINITY;
    topMax = Double.NEGATIVE_INFINITY;
    topMaxFinite = Double.NEGATIVE_INFINITY;
    topThreshold = Double.NEGATIVE_INFINITY;
    rungCount = 0;
    emptyBottom();
    lateHead = late.length >> (SHIFT + 1); // room to grow at both ends
    lateTail = lateHead;
    lateSpawnAt = lateSpawn;
  }

  private void emptyBottom() {
    bottomHead = 0;
    bottomTail = 0;
    segment = 0;
    sortedEnd = 0;
    prefetchedTo = 0;
  }

  // ---------------------------------------------------------------- sequence numbers

  private long nextBackSequence() {
    if (backSequence > sequenceLimit - sequenceGap) {
      rebuild(true);
    }
    return backSequence += sequenceGap;
  }

  private long nextFrontSequence() {
    if (frontSequence < sequenceGap - sequenceLimit) {
      rebuild(true);
    }
    return frontSequence -= sequenceGap;
  }

  private void addNextTo(Event ev, Event other, boolean after) {
    int o = handleOf(other);
    if (o == NONE) {
      throw new IllegalArgumentException("Event not in list.");
    }
    requireNotPending(ev);
    int i = locate(o, other.time());
    double t = Entries.time(offsetArrays[i], offsets[i]);
    double p = Entries.priority(offsetArrays[i], offsets[i]);
    long s = sequenceNextTo(o, t, p, after);
    place(t, p, s, newHandle(ev));
  }

  /** A sequence number strictly between handle o's and that of its neighbour in its group. */
  private long sequenceNextTo(int o, double t, double p, boolean after) {
    while (true) {
      int n = collectGroup(t, p);
      long so = 0;
      for (int i = 0; i < n; i++) {
        if (Entries.handle(offsetArrays[i], offsets[i]) == o) {
          so = Entries.sequence(offsetArrays[i], offsets[i]);
        }
      }
      long neighbour = 0;
      boolean found = false;
      for (int i = 0; i < n; i++) {
        long sg = Entries.sequence(offsetArrays[i], offsets[i]);
        if ((after ? sg > so : sg < so) && (!found || (after ? sg < neighbour : sg > neighbour))) {
          neighbour = sg;
          found = true;
        }
      }
      if (!found) {
        return after ? nextBackSequence() : nextFrontSequence();
      }
      if (Math.abs(neighbour - so) >= 2) {
        return so + (neighbour - so) / 2;
      }
      renumberGroup(t, p); // then neighbours are a whole gap apart
    }
  }

  /** Gives the group (t, p) fresh, widely spaced sequence numbers in its order. */
  private void renumberGroup(double t, double p) {
    purgeLate(); // removed entries would keep their old numbers and break late's order
    int n = collectGroup(t, p);
    if (backSequence > sequenceLimit - (n + 2L) * sequenceGap) {
      rebuild(true);
      return;
    }
    // Sort the group by sequence number: copies of its entries, tagged with their index.
    long[] byOrder = new long[n << SHIFT];
    for (int i = 0; i < n; i++) {
      Entries.put(byOrder, i << SHIFT, t, p, Entries.sequence(offsetArrays[i], offsets[i]), i);
    }
    Entries.sort(byOrder, 0, n, new long[n << SHIFT]);
    for (int j = 0; j < n; j++) {
      int i = Entries.handle(byOrder, j << SHIFT);
      offsetArrays[i][offsets[i] + 2] = backSequence += sequenceGap;
    }
  }

  // ---------------------------------------------------------------- finding entries

  /**
   * Finds the entry of handle o, trying first the container of time {@code hint} (its event's
   * current time, which is its key's time unless addFirst or addBefore/addAfter changed it).
   *
   * @return the index of the entry in offsets and offsetArrays
   */
  private int locate(int o, double hint) {
    int n = collectContainer(hint);
    for (int i = 0; i < n; i++) {
      if (Entries.handle(offsetArrays[i], offsets[i]) == o) {
        return i;
      }
    }
    for (int kind = 0; kind < rungCount + 2; kind++) {
      n = collectWhole(kind);
      for (int i = 0; i < n; i++) {
        if (Entries.handle(offsetArrays[i], offsets[i]) == o) {
          return i;
        }
      }
    }
    throw new IllegalStateException("no entry for pending handle " + o);
  }

  /** Collects the pending entries of key (t, p). */
  private int collectGroup(double t, double p) {
    int n = collectContainer(t);
    int k = 0;
    for (int i = 0; i < n; i++) {
      long[] a = offsetArrays[i];
      int at = offsets[i];
      if (Entries.time(a, at) == t && Entries.priority(a, at) == p
          && isHeld(Entries.handle(a, at))) {
        offsets[k] = at;
        offsetArrays[k++] = a;
      }
    }
    return k;
  }

  /** Collects all entries (pending or removed) in the container of time t. */
  private int collectContainer(double t) {
    if (t > topThreshold) {
      return appendChain(top, 0, 0);
    }
    for (int r = 0; r < rungCount; r++) {
      int b = bucketOf(r, t);
      if (b >= rungCurrent[r]) {
        return appendChain(rungMeta[r], b << META_SHIFT, 0);
      }
    }
    return appendRange(late, lateHead, lateTail, appendRange(bottom, bottomHead, bottomTail, 0));
  }

  /** Collects all entries of top (kind 0), of bottom and late (kind 1), or of rung kind - 2. */
  private int collectWhole(int kind) {
    if (kind == 0) {
      return appendChain(top, 0, 0);
    }
    if (kind == 1) {
      return appendRange(late, lateHead, lateTail, appendRange(bottom, bottomHead, bottomTail, 0));
    }
    int r = kind - 2;
    int n = 0;
    for (int b = rungCurrent[r]; b < rungBuckets[r]; b++) {
      n = appendChain(rungMeta[r], b << META_SHIFT, n);
    }
    return n;
  }

  private int appendChain(int[] meta, int m, int n) {
    int size = meta[m + SIZE];
    ensureOffsets(n + size);
    int c = meta[m + HEAD];
    for (int i = 0; i < size; i++) {
      if (i > 0 && (i & (CHUNK - 1)) == 0) {
        c = chunkNext[c];
      }
      offsetArrays[n] = chunks;
      offsets[n++] = ((c << CHUNK_BITS) + (i & (CHUNK - 1))) << SHIFT;
    }
    return n;
  }

  private int appendRange(long[] a, int from, int to, int n) {
    ensureOffsets(n + to - from);
    for (int i = from; i < to; i++) {
      offsetArrays[n] = a;
      offsets[n++] = i << SHIFT;
    }
    return n;
  }

  private void ensureOffsets(int n) {
    if (offsets.length < n) {
      int capacity = Math.max(n, 2 * offsets.length);
      offsets = Arrays.copyOf(offsets, capacity);
      offsetArrays = Arrays.copyOf(offsetArrays, capacity);
    }
  }

  /** The first pending event of exactly class {@code type}, or of the class named {@code name}. */
  private Event firstMatching(Class<?> type, String name) {
    long[] bestArray = null;
    int best = 0;
    for (int kind = 0; kind < rungCount + 2; kind++) {
      int n = collectWhole(kind);
      for (int i = 0; i < n; i++) {
        long[] a = offsetArrays[i];
        int h = Entries.handle(a, offsets[i]);
        Event ev = isHeld(h) ? events[h] : null;
        if (ev != null
            && (type != null ? ev.getClass() == type : ev.getClass().getName().equals(name))
            && (bestArray == null || Entries.less(a, offsets[i], bestArray, best))) {
          bestArray = a;
          best = offsets[i];
        }
      }
    }
    return bestArray == null ? null : events[Entries.handle(bestArray, best)];
  }

  // ---------------------------------------------------------------- placing entries

  /** Puts the entry (t, p, s, h) into top, the first rung covering t, or late. */
  private void place(double t, double p, long s, int h) {
    if (t > topThreshold) {
      if (t < topMin) {
        topMin = t;
      }
      if (t > topMax) {
        topMax = t;
      }
      if (t > topMaxFinite && t != Double.POSITIVE_INFINITY) {
        topMaxFinite = t;
      }
      append(top, 0, t, p, s, h);
      return;
    }
    for (int r = 0; r < rungCount; r++) {
      int b = bucketOf(r, t);
      if (b >= rungCurrent[r]) {
        append(rungMeta[r], b << META_SHIFT, t, p, s, h);
        return;
      }
    }
    insertLate(t, p, s, h);
  }

  /** Appends an entry to the chain described at meta[m + HEAD, TAIL, SIZE]. */
  private void append(int[] meta, int m, double t, double p, long s, int h) {
    int size = meta[m + SIZE];
    int slot = size & (CHUNK - 1);
    int c;
    if (slot == 0) {
      c = newChunk();
      if (size == 0) {
        meta[m + HEAD] = c;
      } else {
        chunkNext[meta[m + TAIL]] = c;
      }
      meta[m + TAIL] = c;
    } else {
      c = meta[m + TAIL];
    }
    Entries.put(chunks, ((c << CHUNK_BITS) + slot) << SHIFT, t, p, s, h);
    meta[m + SIZE] = size + 1;
  }

  private int newChunk() {
    int c = freeChunk;
    if (c != NONE) {
      freeChunk = chunkNext[c];
      return c;
    }
    if (chunkHighWater == chunkNext.length) {
      int capacity = chunkNext.length + (chunkNext.length >> 1) + 1;
      chunkNext = Arrays.copyOf(chunkNext, capacity);
      chunks = Arrays.copyOf(chunks, capacity << CHUNK_WORDS_SHIFT);
    }
    return chunkHighWater++;
  }

  /**
   * Moves the entries of a chain into bottom[0, size) (bottom must be empty), frees its chunks and
   * empties the chain.
   *
   * @return the number of entries moved
   */
  private int drainChainIntoBottom(int[] meta, int m) {
    int size = meta[m + SIZE];
    meta[m + SIZE] = 0;
    if (bottom.length < size << SHIFT) {
      bottom = new long[Math.max(size, bottom.length >> (SHIFT - 1)) << SHIFT];
    }
    int c = meta[m + HEAD];
    for (int copied = 0; copied < size; copied += CHUNK) {
      System.arraycopy(chunks, c << CHUNK_WORDS_SHIFT, bottom, copied << SHIFT,
          Math.min(CHUNK, size - copied) << SHIFT);
      int next = chunkNext[c];
      chunkNext[c] = freeChunk;
      freeChunk = c;
      c = next;
    }
    return size;
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
   * range cannot be divided (empty, infinite or too narrow for n buckets) or n is below 2.
   */
  private boolean openRung(double lo, double hiFinite, int n) {
    double scale = n / (hiFinite - lo);
    if (!(scale > 0.0 && scale < Double.POSITIVE_INFINITY) || n < 2 || rungCount == maxRungs) {
      return false;
    }
    int r = rungCount++;
    int[] meta = rungMeta[r];
    if (meta == null || meta.length < n << META_SHIFT) {
      meta = new int[n << META_SHIFT];
      rungMeta[r] = meta;
    } else {
      Arrays.fill(meta, 0, n << META_SHIFT, 0);
    }
    rungBuckets[r] = n;
    rungCurrent[r] = 0;
    rungStart[r] = lo;
    rungScale[r] = scale;
    return true;
  }

  /**
   * Opens a rung of about n / childBucketLoad buckets over the times of the entries
   * a[from, to), if they span a divisible range.
   */
  private boolean openRungOver(long[] a, int from, int to) {
    double lo = Double.POSITIVE_INFINITY;
    double hi = Double.NEGATIVE_INFINITY;
    double hiFinite = Double.NEGATIVE_INFINITY;
    for (int i = from; i < to; i++) {
      double t = Entries.time(a, i << SHIFT);
      lo = Math.min(lo, t);
      hi = Math.max(hi, t);
      if (t != Double.POSITIVE_INFINITY) {
        hiFinite = Math.max(hiFinite, t);
      }
    }
    return lo < hi && openRung(lo, hiFinite, Math.max(2, (to - from) / childBucketLoad));
  }

  /** Spreads the pending entries of a[from, to) over the last rung; frees removed ones. */
  private void spreadIntoLastRung(long[] a, int from, int to) {
    int r = rungCount - 1;
    int[] meta = rungMeta[r];
    boolean check = dead > 0;
    for (int i = from; i < to; i++) {
      int o = i << SHIFT;
      int h = Entries.handle(a, o);
      if (check && !isHeld(h)) {
        releaseDead(h);
        continue;
      }
      double t = Entries.time(a, o);
      append(meta, bucketOf(r, t) << META_SHIFT, t, Entries.priority(a, o), Entries.sequence(a, o), h);
    }
  }

  private void insertLate(double t, double p, long s, int h) {
    int lo = lateHead;
    int hi = lateTail;
    if (lo < hi && !Entries.less(t, p, s, late, (hi - 1) << SHIFT)) {
      lo = hi; // the common case of an event behind its ties: no search through a long array
    } else if (lo < hi && Entries.less(t, p, s, late, lo << SHIFT)) {
      hi = lo; // in front of everything, as addFirst puts events
    }
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (Entries.less(t, p, s, late, mid << SHIFT)) {
        hi = mid;
      } else {
        lo = mid + 1;
      }
    }
    int pos = lo;
    boolean towardFront = pos - lateHead <= lateTail - pos; // move the shorter side
    if (towardFront ? lateHead == 0 : lateTail << SHIFT == late.length) {
      pos += recenterLate();
    }
    if (towardFront) {
      System.arraycopy(late, lateHead << SHIFT, late, (lateHead - 1) << SHIFT,
          (pos - lateHead) << SHIFT);
      lateHead--;
      pos--;
    } else {
      System.arraycopy(late, pos << SHIFT, late, (pos + 1) << SHIFT, (lateTail - pos) << SHIFT);
      lateTail++;
    }
    Entries.put(late, pos << SHIFT, t, p, s, h);
    if (lateTail - lateHead > lateSpawnAt) {
      spawnFromBottomAndLate();
    }
  }

  /**
   * Moves late's entries to the middle of its array, doubling the array first when they fill more
   * than half of it, so that both ends have room; O(size), and then not again before a quarter of
   * the array has been filled at one end.
   *
   * @return how far the entries moved
   */
  private int recenterLate() {
    int size = lateTail - lateHead;
    int capacity = late.length >> SHIFT;
    long[] target = size + 1 > capacity / 2 ? new long[(2 * capacity) << SHIFT] : late;
    int head = ((target.length >> SHIFT) - size) / 2;
    System.arraycopy(late, lateHead << SHIFT, target, head << SHIFT, size << SHIFT);
    int moved = head - lateHead;
    late = target;
    lateHead = head;
    lateTail = head + size;
    return moved;
  }

  /** Turns bottom and an overgrown late array into a new lowest rung, if their times divide. */
  private void spawnFromBottomAndLate() {
    int nb = bottomTail - bottomHead;
    int n = nb + lateTail - lateHead;
    double lo = Entries.time(late, lateHead << SHIFT);
    double hi = Entries.time(late, (lateTail - 1) << SHIFT);
    if (nb > 0) {
      lo = Math.min(lo, bottomMin);
      hi = Math.max(hi, bottomMax);
    }
    if (!(lo < hi)) { // one time only (a burst): not worth copying to find out
      lateSpawnAt = 2 * (lateTail - lateHead);
      return;
    }
    ensureScratch(n);
    System.arraycopy(bottom, bottomHead << SHIFT, scratch, 0, nb << SHIFT);
    System.arraycopy(late, lateHead << SHIFT, scratch, nb << SHIFT, (lateTail - lateHead) << SHIFT);
    if (!openRungOver(scratch, 0, n)) {
      lateSpawnAt = 2 * (lateTail - lateHead); // try again only once it has doubled
      return;
    }
    emptyBottom();
    lateHead = late.length >> (SHIFT + 1);
    lateTail = lateHead;
    lateSpawnAt = lateSpawn;
    spreadIntoLastRung(scratch, 0, n);
  }

  private void ensureScratch(int n) {
    if (scratch.length < n << SHIFT) {
      scratch = new long[Math.max(n, scratch.length >> (SHIFT - 1)) << SHIFT];
    }
  }

  // ---------------------------------------------------------------- finding the first entry

  /**
   * The handle of the first pending event, whose entry is then at bottomHead or, when firstInLate,
   * at lateHead; refills bottom from the rungs or top as needed. NONE when the list is empty.
   */
  private int first() {
    while (bottomHead == sortedEnd && sortedEnd < bottomTail) {
      nextSegment();
    }
    if (bottomHead < sortedEnd) {
      int o = bottomHead << SHIFT;
      int h = Entries.handle(bottom, o);
      if (isHeld(h)
          && (lateHead == lateTail || Entries.less(bottom, o, late, lateHead << SHIFT))) {
        firstInLate = false;
        return h;
      }
    }
    return firstSlow();
  }

  private int firstSlow() {
    while (true) {
      while (true) { // bring bottom's first pending entry to bottomHead, in the sorted segment
        if (bottomHead < sortedEnd) {
          int h = Entries.handle(bottom, bottomHead << SHIFT);
          if (isHeld(h)) {
            break;
          }
          bottomHead++;
          releaseDead(h);
        } else if (sortedEnd < bottomTail) {
          nextSegment();
        } else {
          break;
        }
      }
      while (lateHead < lateTail && !isHeld(Entries.handle(late, lateHead << SHIFT))) {
        releaseDead(Entries.handle(late, (lateHead++) << SHIFT));
      }
      boolean inBottom = bottomHead < bottomTail;
      boolean inLate = lateHead < lateTail;
      if (inBottom
          && (!inLate || Entries.less(bottom, bottomHead << SHIFT, late, lateHead << SHIFT))) {
        firstInLate = false;
        return Entries.handle(bottom, bottomHead << SHIFT);
      }
      if (inLate) {
        firstInLate = true;
        return Entries.handle(late, lateHead << SHIFT);
      }
      emptyBottom();
      if (rungCount > 0) {
        consumeNextBucket(rungCount - 1);
      } else if (top[SIZE] > 0) {
        transferTop();
      } else {
        return NONE;
      }
    }
  }

  /** Sorts the next segment of bottom, touching the events a little ahead of it. */
  private void nextSegment() {
    int from = sortedEnd;
    int to = segmentEnd[segment++];
    if (to + PREFETCH_BATCH / 2 > prefetchedTo) {
      prefetch(Math.min(bottomTail, Math.max(from, prefetchedTo) + PREFETCH_BATCH));
    }
    if (to - from > 1) {
      ensureScratch(to - from);
      Entries.sort(bottom, from, to, scratch);
    }
    sortedEnd = to;
  }

  /** Reads a field of the events of bottom's entries [prefetchedTo, to), to bring them in cache. */
  private void prefetch(int to) {
    long sink = 0;
    for (int i = prefetchedTo; i < to; i++) {
      int h = Entries.handle(bottom, i << SHIFT);
      if (dead == 0 || isHeld(h)) { // with nothing removed, every entry is pending
        sink += Double.doubleToRawLongBits(events[h].priority());
      }
    }
    prefetchSink += sink;
    prefetchedTo = to;
  }

  /** Spreads top over rung 0, or moves it into bottom when it is small or indivisible. */
  private void transferTop() {
    double lo = topMin;
    double hi = topMax;
    double hiFinite = topMaxFinite;
    topThreshold = hi;
    topMin = Double.POSITIVE_INFINITY;
    topMax = Double.NEGATIVE_INFINITY;
    topMaxFinite = Double.NEGATIVE_INFINITY;
    int n = top[SIZE];
    if (n > threshold && lo < hi && openRung(lo, hiFinite, Math.max(2, n / topBucketLoad))) {
      spreadTopIntoRungZero();
    } else {
      fillBottom(drainChainIntoBottom(top, 0));
    }
  }

  /** Moves top's entries into rung 0 chunk by chunk, freeing each chunk once read. */
  private void spreadTopIntoRungZero() {
    int[] meta = rungMeta[0];
    int size = top[SIZE];
    top[SIZE] = 0;
    int c = top[HEAD];
    boolean check = dead > 0;
    for (int done = 0; done < size; done += CHUNK) {
      int end = Math.min(CHUNK, size - done);
      for (int i = 0; i < end; i++) {
        long[] a = chunks; // append may grow the pool
        int o = ((c << CHUNK_BITS) + i) << SHIFT;
        int h = Entries.handle(a, o);
        if (check && !isHeld(h)) {
          releaseDead(h);
          continue;
        }
        double t = Entries.time(a, o);
        append(meta, bucketOf(0, t) << META_SHIFT, t, Entries.priority(a, o),
            Entries.sequence(a, o), h);
      }
      int next = chunkNext[c];
      chunkNext[c] = freeChunk; // the chunk is read: later appends may reuse it
      freeChunk = c;
      c = next;
    }
  }

  /** Moves rung r's next non-empty bucket into bottom or a new rung; drops r when exhausted. */
  private void consumeNextBucket(int r) {
    int[] meta = rungMeta[r];
    int n = rungBuckets[r];
    int b = rungCurrent[r];
    while (b < n && meta[(b << META_SHIFT) + SIZE] == 0) {
      b++;
    }
    if (b == n) {
      rungCount--;
      return;
    }
    rungCurrent[r] = b + 1;
    int size = drainChainIntoBottom(meta, b << META_SHIFT);
    if (size > threshold && openRungOver(bottom, 0, size)) {
      spreadIntoLastRung(bottom, 0, size);
    } else {
      fillBottom(size);
    }
  }

  /**
   * Makes bottom of the n entries just moved into bottom[0, n): drops removed ones, then splits
   * them into time segments by a counting sort (or keeps one segment when they are few or their
   * times do not divide).
   */
  private void fillBottom(int n) {
    long[] a = bottom;
    int count = n;
    if (dead > 0) {
      count = 0;
      for (int i = 0; i < n; i++) {
        int o = i << SHIFT;
        int h = Entries.handle(a, o);
        if (!isHeld(h)) {
          releaseDead(h);
        } else {
          Entries.copy(a, o, a, (count++) << SHIFT);
        }
      }
    }
    bottomHead = 0;
    bottomTail = count;
    segment = 0;
    sortedEnd = 0;
    prefetchedTo = 0;
    int segments = count / segmentLoad;
    double lo = Double.POSITIVE_INFINITY;
    double hi = Double.NEGATIVE_INFINITY;
    double hiFinite = Double.NEGATIVE_INFINITY;
    for (int i = 0; i < count; i++) {
      double t = Entries.time(a, i << SHIFT);
      lo = Math.min(lo, t);
      hi = Math.max(hi, t);
      if (t != Double.POSITIVE_INFINITY) {
        hiFinite = Math.max(hiFinite, t);
      }
    }
    bottomMin = lo;
    bottomMax = hi;
    double scale = segments / (hiFinite - lo);
    if (count <= sortWholeMax || !(scale > 0.0 && scale < Double.POSITIVE_INFINITY)) {
      segmentEnd[0] = count;
      return;
    }
    if (segmentEnd.length < segments + 1) {
      segmentEnd = new int[Math.max(segments + 1, 2 * segmentEnd.length)];
    }
    if (segmentOf.length < count) {
      segmentOf = new int[Math.max(count, 2 * segmentOf.length)];
    }
    ensureScratch(count);
    int[] start = segmentEnd;
    Arrays.fill(start, 0, segments + 1, 0);
    for (int i = 0; i < count; i++) {
      double x = (Entries.time(a, i << SHIFT) - lo) * scale;
      int k = x < segments ? (int) x : segments - 1;
      segmentOf[i] = k;
      start[k + 1]++;
    }
    for (int k = 1; k <= segments; k++) {
      start[k] += start[k - 1];
    }
    long[] sorted = scratch;
    for (int i = 0; i < count; i++) { // start[k] advances to the end of segment k
      Entries.copy(a, i << SHIFT, sorted, (start[segmentOf[i]]++) << SHIFT);
    }
    scratch = a;
    bottom = sorted;
  }

  // ---------------------------------------------------------------- maintenance

  /** Drops removed entries from late, keeping its order. */
  private void purgeLate() {
    int w = lateHead;
    for (int i = lateHead; i < lateTail; i++) {
      int o = i << SHIFT;
      int h = Entries.handle(late, o);
      if (!isHeld(h)) {
        releaseDead(h);
      } else {
        Entries.copy(late, o, late, (w++) << SHIFT);
      }
    }
    lateTail = w;
  }

  /**
   * Rebuilds the structure from the pending entries alone, dropping removed ones; with {@code
   * renumber}, also gives the pending events the sequence numbers gap, 2 gap, ... in order.
   * O(n log n) with renumbering, O(n) without.
   *
   * @throws IllegalStateException when the sequence space cannot hold the pending events
   */
  private void rebuild(boolean renumber) {
    if (renumber && (long) live * sequenceGap > sequenceLimit - 2 * sequenceGap) {
      throw new IllegalStateException("sequence space too small for " + live + " events");
    }
    long[] all = collectPending(true);
    if (renumber) {
      Entries.sort(all, 0, live, new long[all.length]);
      for (int i = 0; i < live; i++) {
        all[(i << SHIFT) + 2] = (i + 1) * sequenceGap;
      }
      frontSequence = 0;
      backSequence = live * sequenceGap;
    }
    resetContainers();
    for (int i = 0; i < live; i++) {
      int o = i << SHIFT;
      place(Entries.time(all, o), Entries.priority(all, o), Entries.sequence(all, o),
          Entries.handle(all, o));
    }
  }

  /**
   * Copies the entries of all pending events, in no particular order, into a new array of {@code
   * live} entries. With {@code dropRemoved} (only when the containers are rebuilt right after),
   * frees the handles of removed events on the way.
   */
  private long[] collectPending(boolean dropRemoved) {
    long[] all = new long[live << SHIFT];
    int k = 0;
    for (int kind = 0; kind < rungCount + 2; kind++) {
      int n = collectWhole(kind);
      for (int i = 0; i < n; i++) {
        long[] a = offsetArrays[i];
        int h = Entries.handle(a, offsets[i]);
        if (isHeld(h)) {
          Entries.copy(a, offsets[i], all, (k++) << SHIFT);
        } else if (dropRemoved) {
          releaseDead(h);
        }
      }
    }
    return all;
  }

  private Event[] snapshot() {
    long[] all = collectPending(false);
    Entries.sort(all, 0, live, new long[all.length]);
    Event[] out = new Event[live];
    for (int i = 0; i < live; i++) {
      out[i] = events[Entries.handle(all, i << SHIFT)];
    }
    return out;
  }
}
