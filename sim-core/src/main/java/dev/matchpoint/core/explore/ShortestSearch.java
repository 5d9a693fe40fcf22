package dev.matchpoint.core.explore;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The search for a shortest violating schedule, within the exploration's budgets (time, states per
 * search, memory). First a breadth-first search from the initial state for a violating final state
 * reached in at most as many steps as the schedule the search found: when it finishes, its first
 * violation is a shortest violating schedule, the same whichever strategy found one first. When a
 * budget cuts it short, the found schedule is shortened instead: for prefixes of it that leave 1,
 * 2, 4, 8... steps, a breadth-first search from the prefix's state looks for a shorter violating
 * ending, and the shortening stops at the first prefix whose search does not fit the budgets; the
 * result is labelled shortened, not shortest. The first search may use half the time left, the
 * shortening the rest; a search that has found a violation may use only the first {@value
 * Tally#SEARCH_PERCENT}% of the time budget, keeping the rest for this phase.
 *
 * <p><b>Reduction: persistent sets preserve the length of the shortest violation.</b> Each
 * breadth-first search follows only the model's persistent sets ({@link
 * TransitionSystem#persistentSet}, all enabled actions under {@code --no-reduction}). A verdict is
 * a property of a final state (no action enabled: a deadlock in Godefroid's terms), and Godefroid,
 * "Partial-Order Methods for the Verification of Concurrent Systems" (LNCS 1032, 1996), Theorem
 * 4.3, reaches every deadlock through a path of the same length: let w lead from s to a deadlock
 * d. The actions of a path from s that avoids the persistent set P(s) are independent of P(s)
 * (Def. 4.1), so they leave P(s)'s actions enabled; as nothing is enabled at d, w holds an action
 * t of P(s), and the first such t commutes with every action before it: t followed by w without
 * t also leads from s to d, a permutation of w, and its first step is in the reduced graph.
 * Induction on the length gives a path of the reduced graph from s to d with |w| steps. So a
 * breadth-first search of the reduced graph (a fixed graph: the persistent set is a function of
 * the state) finds violating final states at the same least depth as the full graph's.
 * (Persistent sets do not preserve shortest paths to intermediate states, which the reduced graph
 * may skip altogether; no verdict is judged there.) Sleep sets are not used here.
 * {@code ShortestSearchTest} and the property {@code shortestMatchesUnreducedBreadthFirst} check
 * the length against an unreduced breadth-first search. The sets of states the serial search
 * stored after its first violation are taken from its {@link PersistentSetLog} instead of being
 * computed again (the same sets: a persistent set is a function of the state).
 *
 * <p><b>Storage.</b> A state is stored as 96 bits of its fingerprint ({@link StateKey}) and a
 * 32-bit node number in an open-addressing table of 16-byte slots (as {@link VisitedTable}), and
 * per node its parent's number and the index of the action that reached it, 8 bytes: no object per
 * stored state, 27 to 36 bytes per state in all. Only the states of the level being expanded and
 * of the next level are held whole (with their enabled actions).
 */
final class ShortestSearch<S, A> {
  private static final String PHASE = "shortest violation";

  /** One breadth-first search: a shorter violating completion or null, and whether it finished. */
  private record Bfs(List<Integer> choices, Budget stoppedBy, long states, long frontier) {}

  private final TransitionSystem<S, A> ts;
  private final ExploreOptions options;
  private final Tally tally;
  private long transitions;

  ShortestSearch(TransitionSystem<S, A> ts, ExploreOptions options, Tally tally) {
    this.ts = ts;
    this.options = options;
    this.tally = tally;
  }

  /**
   * Shortens a violating schedule.
   *
   * @param found the choices of a violating schedule from the initial state
   * @return the shortest (or a shortened) schedule with its label
   */
  Counterexample run(List<Integer> found) {
    if (tally.outOfTime()) {
      return Explorer.replay(ts, found, Counterexample.Length.AS_FOUND,
          "as found, not shortened: the time budget ran out during the search");
    }
    long now = System.nanoTime();
    Bfs root = bfs(ts.initial(), found.size() + 1, now + (tally.deadline() - now) / 2);
    if (root.stoppedBy == null) {
      List<Integer> best = root.choices;
      if (best == null) {
        throw new IllegalStateException("the breadth-first search of the persistent sets missed the violating "
            + "schedule of " + found.size() + " steps the search found: a persistent set is not persistent");
      }
      return Explorer.replay(ts, best, Counterexample.Length.SHORTEST, "shortest: established by a breadth-first "
          + "search over " + root.states + " states");
    }
    String cut = "the breadth-first search from the initial state stopped at the " + (root.stoppedBy == Budget.TIME
        ? "time budget (its share: half the time left)" : root.stoppedBy.configName() + " budget") + " after "
        + root.states + " states with " + root.frontier + " left in its queue";
    List<Integer> best = found;
    for (int back = 1; back <= best.size(); back *= 2) {
      int k = best.size() - back;
      S state = ts.initial();
      for (int i = 0; i < k; i++) {
        state = ts.execute(state, ts.enabled(state).get(best.get(i)), new Footprint());
      }
      Bfs r = bfs(state, back, tally.deadline());
      if (r.choices != null) {
        List<Integer> shorter = new ArrayList<>(best.subList(0, k));
        shorter.addAll(r.choices);
        best = shorter;
      }
      if (r.stoppedBy != null) {
        break;
      }
    }
    if (best.size() < found.size()) {
      return Explorer.replay(ts, best, Counterexample.Length.SHORTENED, "shortened from " + found.size() + " to "
          + best.size() + " steps, not proven shortest: " + cut);
    }
    return Explorer.replay(ts, best, Counterexample.Length.AS_FOUND, "as found, not proven shortest: " + cut
        + ", and no shorter ending of the schedule was found");
  }

  /**
   * Level-by-level breadth-first search of the persistent-set graph from a state for a violating
   * final state fewer than {@code bound} steps away, until a deadline ({@link System#nanoTime}
   * terms). The first violating final state generated is at the least depth: the levels are
   * generated in order, and it is checked when generated.
   */
  private Bfs bfs(S start, int bound, long deadlineNanos) {
    tally.newPhase();
    Nodes nodes = new Nodes();
    FingerprintSink sink = new FingerprintSink();
    ts.hashInto(start, sink.reset());
    nodes.add(sink.high(), sink.low(), -1, -1);
    long[] levelKeys = {sink.high(), sink.low()};
    List<A> startEnabled = ts.enabled(start);
    if (startEnabled.isEmpty()) {
      return new Bfs(ts.verdict(start).violation() ? List.of() : null, null, 1, 0);
    }
    List<S> level = new ArrayList<>();
    List<List<A>> levelEnabled = new ArrayList<>();
    int[] levelIds = {0};
    level.add(start);
    levelEnabled.add(startEnabled);
    long steps = 0;
    for (int depth = 0; depth + 1 < bound && !level.isEmpty(); depth++) {
      List<S> next = new ArrayList<>();
      List<List<A>> nextEnabled = new ArrayList<>();
      int[] nextIds = new int[16];
      long[] nextKeys = new long[32];
      for (int j = 0; j < level.size(); j++) {
        S s = level.get(j);
        List<A> enabled = levelEnabled.get(j);
        level.set(j, null);
        levelEnabled.set(j, null);
        List<A> persistent = tally.persistentSets.get(levelKeys[2 * j], levelKeys[2 * j + 1], enabled);
        for (A a : persistent != null ? persistent : ts.persistentSet(s, enabled)) {
          S child = ts.execute(s, a, new Footprint());
          transitions++;
          if (++steps % Tally.POLL_INTERVAL == 0) {
            tally.progress(PHASE, nodes.size(), transitions, depth + 1);
            Budget over = tally.exceeded(deadlineNanos, steps);
            if (over != null) {
              return new Bfs(null, over, nodes.size(), level.size() - j + next.size());
            }
          }
          ts.hashInto(child, sink.reset());
          if (nodes.contains(sink.high(), sink.low())) {
            continue;
          }
          if (nodes.size() >= options.maxStates()) {
            return new Bfs(null, Budget.STATES, nodes.size(), level.size() - j + next.size());
          }
          int id = nodes.add(sink.high(), sink.low(), levelIds[j], enabled.indexOf(a));
          List<A> childEnabled = ts.enabled(child);
          if (childEnabled.isEmpty()) {
            if (ts.verdict(child).violation()) {
              return new Bfs(nodes.path(id), null, nodes.size(), 0);
            }
            continue;
          }
          if (next.size() == nextIds.length) {
            nextIds = Arrays.copyOf(nextIds, nextIds.length * 2);
            nextKeys = Arrays.copyOf(nextKeys, nextKeys.length * 2);
          }
          nextIds[next.size()] = id;
          nextKeys[2 * next.size()] = sink.high();
          nextKeys[2 * next.size() + 1] = sink.low();
          next.add(child);
          nextEnabled.add(childEnabled);
        }
      }
      level = next;
      levelEnabled = nextEnabled;
      levelIds = nextIds;
      levelKeys = nextKeys;
    }
    return new Bfs(null, null, nodes.size(), 0);
  }

  /**
   * The states a breadth-first search stored: an open-addressing table (linear probing) of 16-byte
   * slots, 96 bits of a state's fingerprint and its node number, grown by a quarter when 84% full
   * as {@link VisitedTable} (19 to 24 bytes per state); and per node, in order of discovery, its
   * parent's node number and the index of the action (in {@code enabled(parent)}) that reached it,
   * packed in one long (8 to 12 bytes per state, the array growing by half).
   */
  private static final class Nodes {
    private final VisitedTable table = new VisitedTable();
    private long[] links = new long[64];
    private int size;

    boolean contains(long high, long low) {
      return table.contains(high, low);
    }

    /** Stores an absent fingerprint as a new node; returns its number. */
    int add(long high, long low, int parent, int choice) {
      int id = size++;
      table.putIfAbsent(high, low, id);
      if (id == links.length) {
        links = Arrays.copyOf(links, links.length + links.length / 2);
      }
      links[id] = ((long) parent << 32) | (choice & 0xffff_ffffL);
      return id;
    }

    int size() {
      return size;
    }

    /** The action indices from the root to a node. */
    List<Integer> path(int id) {
      List<Integer> out = new ArrayList<>();
      for (int n = id; links[n] >> 32 >= 0; n = (int) (links[n] >> 32)) {
        out.add((int) links[n]);
      }
      java.util.Collections.reverse(out);
      return out;
    }
  }
}
