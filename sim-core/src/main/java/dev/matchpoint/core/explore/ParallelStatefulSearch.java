package dev.matchpoint.core.explore;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountedCompleter;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@link StatefulSearch} on several threads: the same persistent sets, sleep sets and visited set,
 * with the states to visit shared out by work stealing ({@link ForkJoinPool}: each thread takes
 * its newest task first, so it searches depth-first; an idle thread steals another's oldest, the
 * one nearest the root) over a {@link ConcurrentVisitedTable}.
 *
 * <p><b>One task, one state.</b> A task visits one state with the sleep set it was reached with.
 * It updates the visited set exactly as the serial search's {@code enter} does (atomically, see
 * {@link ConcurrentVisitedTable#visit}), then, for the actions to explore in persistent-set order,
 * executes each and forks a task for each successor. The successor of the i-th action is given the
 * sleep set the serial search gives it: the state's sleep set plus the actions explored before it
 * here, less those whose footprint conflicts with the i-th action's. (The serial search enters a
 * child before executing its next sibling, but a sibling's sleep set depends only on its elder
 * siblings' footprints, which are known once they are executed.) Only the thread that runs a task
 * touches its state; successors reach other threads through the pool's queues (a happens-before
 * edge), and the parts they share with other states are frozen (World's copy-on-write ranks).
 *
 * <p><b>Same outcome classes as the serial search.</b> (1) The persistent set of a state is a
 * function of the state, so every search explores subgraphs of one fixed reduced graph G_P, and by
 * Godefroid's Theorem 4.3 every final state of the full graph is a final state of G_P. (2) Each
 * state s is entered with some sleep sets Z_1, Z_2, ... (in the order the visited set serialises
 * its visits) and, over its visits, the actions explored from s are P(s) \ (Z_1 ∩ Z_2 ∩ ...): the
 * first visit explores P(s) \ Z_1, the k-th (Z_1 ∩ ... ∩ Z_(k-1)) ∩ P(s) \ Z_k. This is the serial
 * rule. (3) Godefroid's argument for sleep sets with state caching (1996, chapters 5 and 6, as in
 * {@link StatefulSearch}) shows that an action of P(s) asleep at every visit of s leads only to
 * final states that another explored path reaches; it relies on each visit's promised explorations
 * being carried out before the search ends, not on the order in which they are, and the pool runs
 * every forked task before it is quiescent (none is dropped unless a budget stops the whole
 * search). So a complete parallel search reaches every final state of G_P, whatever the thread
 * interleaving: the same final states as the serial search, hence the same outcome classes, the
 * same counts (distinct final states per class) and the same verdicts. ParallelSearchTest and the
 * strategy-equivalence properties compare the two.
 *
 * <p><b>What may differ from the serial search.</b> Sleep sets prune transitions, and with
 * persistent sets also intermediate states: a state of G_P whose every path in G_P passes through
 * a sleeping action is never generated, though the final states beyond it are reached by a
 * commuted path through other states. Which states those are depends on the sleep sets states are
 * entered with, which depend on which path reaches a state first. So the states stored, the
 * transitions executed and the schedules (leaves) may differ from the serial search's and from run
 * to run (on one thread too: visiting each state's successors in the reverse order stores 1182
 * states instead of 1170 on a generated swarm program; the matched-probe patterns and the library
 * scenarios show no difference). Each outcome class's example is the lexicographically smallest
 * choice sequence among the paths by which this run first reached its final states (the serial
 * search's example is the smallest among its own, since depth-first search visits paths in
 * lexicographic order), which is usually, not always, the serial one.
 *
 * <p>Budgets: the time and schedule budgets and the step limit stop every thread (tasks still
 * queued then return at once); the report is then not exhaustive, as for the serial search.
 */
final class ParallelStatefulSearch<S, A> {

  private final TransitionSystem<S, A> ts;
  private final ExploreOptions options;
  private final Tally tally;
  private final int threads;
  private final ConcurrentVisitedTable visited = new ConcurrentVisitedTable();
  private final ConcurrentLinkedQueue<Final> finals = new ConcurrentLinkedQueue<>();
  private final AtomicLong transitions = new AtomicLong();
  private final AtomicLong states = new AtomicLong();
  /** Visits forked and not yet started: the frontier left when a budget stops the search. */
  private final AtomicLong queued = new AtomicLong(1);
  private volatile int maxDepth;
  private final AtomicLong leaves = new AtomicLong();
  private volatile boolean stopped;

  /** A path from the root: the choices (indices into the enabled actions), one node per step. */
  private record Path(Path parent, int choice, int depth) {
    List<Integer> choices() {
      Integer[] out = new Integer[depth];
      for (Path p = this; p != null && p.depth > 0; p = p.parent) {
        out[p.depth - 1] = p.choice;
      }
      return List.of(out);
    }
  }

  private static final Path ROOT = new Path(null, -1, 0);

  private record Final(Verdict verdict, List<Integer> choices) {}

  /**
   * A search.
   *
   * @param ts the model; its methods are called from several threads at once, on distinct states
   *     (states may share frozen parts)
   * @param options budgets
   * @param tally receives states, schedules, transitions and outcome classes
   * @param threads worker threads, at least 1
   */
  ParallelStatefulSearch(TransitionSystem<S, A> ts, ExploreOptions options, Tally tally, int threads) {
    this.ts = ts;
    this.options = options;
    this.tally = tally;
    this.threads = threads;
  }

  void run() {
    ForkJoinPool pool = new ForkJoinPool(threads);
    try {
      pool.invoke(new Visit(null, ts.initial(), new LinkedHashMap<>(), ROOT));
    } finally {
      pool.shutdownNow();
    }
    List<Final> found = new ArrayList<>(finals);
    Comparator<List<Integer>> lex = ParallelStatefulSearch::compareChoices;
    found.sort(Comparator.comparing((Final f) -> f.verdict().outcome()).thenComparing(Final::choices, lex));
    synchronized (tally) {
      tally.transitions = transitions.get();
      tally.maxDepth = Math.max(tally.maxDepth, maxDepth);
      tally.states = Math.min(states.get(), options.maxStates());
      tally.schedules = leaves.get();
      if (tally.stopped()) {
        tally.frontier = queued.get();
      }
      tally.visitedBytes = visited.bytes();
      for (Final f : found) {
        tally.outcome(f.verdict(), f.choices());
      }
    }
  }

  private static int compareChoices(List<Integer> a, List<Integer> b) {
    for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
      int c = Integer.compare(a.get(i), b.get(i));
      if (c != 0) {
        return c;
      }
    }
    return Integer.compare(a.size(), b.size());
  }

  /**
   * Counts a leaf. Every 1024th leaf, and the leaf that reaches the schedule budget, go through
   * {@link Tally#leaf} (progress, the time budget, the schedule budget) under the tally's lock; the
   * others only increment a counter, so the threads do not contend for the lock at every leaf.
   */
  private void leaf() {
    long n = leaves.incrementAndGet();
    if ((n & 0x3ff) == 0 || n >= options.scheduleBudget()) {
      synchronized (tally) {
        tally.states = states.get();
        tally.schedules = n - 1;
        if (!tally.leaf() || tally.stopped()) {
          stopped = true;
        }
      }
    }
  }

  /**
   * Counts a transition at a depth; every {@link Tally#POLL_INTERVAL}th goes through {@link
   * Tally#poll} (progress, the time and memory budgets) under the tally's lock.
   */
  private void poll(long n, int depth) {
    if (depth > maxDepth) {
      synchronized (this) {
        maxDepth = Math.max(maxDepth, depth);
      }
    }
    if (n % Tally.POLL_INTERVAL == 0) {
      synchronized (tally) {
        tally.states = Math.min(states.get(), options.maxStates());
        tally.transitions = n;
        tally.maxDepth = Math.max(tally.maxDepth, maxDepth);
        tally.poll();
        if (tally.stopped()) {
          stopped = true;
        }
      }
    }
  }

  private final class Visit extends CountedCompleter<Void> {
    private S state;
    private Map<A, Footprint> sleep;
    private final Path path;

    Visit(Visit parent, S state, Map<A, Footprint> sleep, Path path) {
      super(parent);
      this.state = state;
      this.sleep = sleep;
      this.path = path;
    }

    @Override
    public void compute() {
      queued.decrementAndGet();
      if (!stopped) {
        List<Visit> children = expand(state, sleep);
        state = null;
        sleep = null;
        if (children != null) {
          setPendingCount(children.size());
          queued.addAndGet(children.size());
          for (int i = children.size() - 1; i >= 0; i--) {
            children.get(i).fork();
          }
        }
      }
      tryComplete();
    }

    /** The serial search's {@code enter} and the executions of the frame it returns; null when nothing follows. */
    private List<Visit> expand(S s, Map<A, Footprint> z) {
      StateKey key = StateKey.of(ts, s);
      List<A> enabled = ts.enabled(s);
      int sleepMask = StatefulSearch.sleepMask(enabled, z);
      long stored = visited.visit(key.high(), key.low(), sleepMask);
      if (stored == VisitedTable.ABSENT && states.incrementAndGet() > options.maxStates()) {
        synchronized (tally) {
          tally.stop(Budget.STATES, tally.describe(Budget.STATES));
        }
        stopped = true;
        return null;
      }
      if (enabled.isEmpty()) {
        if (stored == VisitedTable.ABSENT) {
          finals.add(new Final(ts.verdict(s), path.choices()));
        }
        leaf();
        return null;
      }
      List<A> todo = new ArrayList<>();
      if (stored == VisitedTable.ABSENT) {
        for (A a : ts.persistentSet(s, enabled)) {
          if (!z.containsKey(a)) {
            todo.add(a);
          }
        }
      } else {
        int old = (int) stored;
        if ((old & ~sleepMask) == 0 && (old & StatefulSearch.OVERFLOW) == 0) {
          leaf();
          return null;
        }
        for (A a : ts.persistentSet(s, enabled)) {
          if (StatefulSearch.storedHas(old, enabled.indexOf(a)) && !z.containsKey(a)) {
            todo.add(a);
          }
        }
      }
      if (todo.isEmpty()) {
        leaf();
        return null;
      }
      if (path.depth() >= options.maxSteps()) {
        synchronized (tally) {
          tally.stepLimit(); // s is maxSteps steps deep and has a step left: a longer schedule
        }
        stopped = true;
        return null;
      }
      Map<A, Footprint> explored = new LinkedHashMap<>(z);
      List<Visit> children = new ArrayList<>(todo.size());
      for (A a : todo) {
        if (stopped) {
          break;
        }
        Footprint fp = new Footprint();
        S child = ts.execute(s, a, fp);
        poll(transitions.incrementAndGet(), path.depth() + 1);
        Map<A, Footprint> childSleep = new LinkedHashMap<>();
        for (Map.Entry<A, Footprint> e : explored.entrySet()) {
          if (!e.getValue().conflicts(fp)) {
            childSleep.put(e.getKey(), e.getValue());
          }
        }
        explored.put(a, fp);
        children.add(new Visit(this, child, childSleep, new Path(path, enabled.indexOf(a), path.depth() + 1)));
      }
      return children;
    }
  }
}
