package dev.matchpoint.core.explore;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Stateless depth-first search with dynamic partial-order reduction by source sets and sleep sets:
 * Algorithm 1 ("Source-DPOR") of Abdulla, Aronis, Jonsson and Sagonas, "Optimal Dynamic Partial
 * Order Reduction", POPL 2014. Processes are the transition system's actors; happens-before is the
 * transitive closure of actor order and footprint conflicts, kept as vector clocks per event.
 *
 * <p>Races: an executed event e and the next event e' of actor p race when their actors differ,
 * their footprints conflict, and no event between them happens after e and before e'. For each race
 * the algorithm makes sure some initial of {@code notdep(e, E).e'} (an actor whose first event in
 * that sequence depends on no earlier one of it) is in the backtrack set of the state before e.
 *
 * <p>Local nondeterminism: an actor whose next step has alternatives (a wildcard receive that may
 * take several sources, Waitany with several completed requests) is explored with all of them
 * whenever the actor is explored; sleep sets hold actors with the union of their alternatives'
 * footprints. Enabling must be visible as dependency: the model makes a packet's delivery conflict
 * with the event that injected it. Should an initial not be enabled at the backtrack state anyway,
 * every enabled actor there is added (sound, and counted in no statistic because it should not
 * happen).
 *
 * <p>Disabling. The paper's races are between two events of one explored execution. Its argument
 * needs every initial q of an unexplored execution from a state s to have its event in the explored
 * execution from s, where the race that reverses it is seen; that holds when no action disables
 * another (an actor enabled at s then stays enabled until it runs, and an explored execution is
 * maximal). Here actions do disable others: in logical mode a blocking MPI_Probe or MPI_Mprobe is
 * enabled only while a matching message is queued, so another thread's receive or matched probe
 * that takes the message disables it again, and a wildcard call loses the alternative of a source
 * whose last message was taken. Then q's event may never occur, and its race with the disabler,
 * though a real dependency (the disabler writes the queue the probe reads), is never seen. Example:
 * r1.t0 runs MPI_Mprobe(0, MPI_ANY_TAG) and r1.t1 MPI_Probe(0, 0); once the tag-0 message is
 * queued both are enabled, and after t0's Mprobe takes it t1 is blocked for good, so no explored
 * execution contains t1's probe and every outcome where t1 probes first was lost. So, as for a
 * failed lock attempt and the lock that blocked it: when the step of actor p at state s removes an
 * action that another actor q had enabled at s, that action of q and p's event are a race whose
 * reversal from s is q itself (nothing lies between them), and q is added to the backtrack set of s
 * unless it sleeps there (then an execution starting with q from s was explored already). In the
 * argument, the step that matters is the first after s to remove one of q's actions (every earlier
 * one left q enabled, as q was at s); once q's event is in an explored execution, the ordinary races
 * reorder it against the events it depends on. An action is lost when it is not in q's list after
 * the step, by equality (the action identity of {@link TransitionSystem}). The cost is at most one
 * backtrack entry per disabling step (about 2% more schedules on generated probe workloads).
 *
 * <p>That rule sees only actions enabled at the state the disabling step runs in. q's action may
 * instead lie behind steps of q that are independent of the disabler: rank 0's thread 1 runs
 * MPI_Probe(2, 1) then MPI_Mprobe(1, 1), thread 0 MPI_Mprobe(1, 1); when thread 0 takes rank 1's
 * message before thread 1 has passed its Probe, thread 1's Mprobe is never enabled, its Probe
 * commutes with thread 0's Mprobe, and no execution in which thread 1 takes the message is explored
 * (a miss StrategyEquivalenceProperties found, seed 3646346667023192335). In the paper's terms the
 * explored execution is maximal but q's next event is missing from it, so its race with the
 * disabler is never seen. So at the end of every maximal execution the model reports each actor
 * left waiting on an action another actor may have disabled ({@link TransitionSystem#waiting}), with
 * what the action's enabledness reads, and that action is raced as a pending last event of q (see
 * {@link #waiting}).
 */
final class SourceDpor<S, A> {
  private final TransitionSystem<S, A> ts;
  private final ExploreOptions options;
  private final Tally tally;
  private final Map<Long, Integer> actorIndex = new LinkedHashMap<>();
  private final List<Node> nodes = new ArrayList<>();

  private static final class Event {
    final int actor;
    final Footprint footprint;
    final int[] vc;
    final int choice;

    Event(int actor, Footprint footprint, int[] vc, int choice) {
      this.actor = actor;
      this.footprint = footprint;
      this.vc = vc;
      this.choice = choice;
    }

    int clock() {
      return vc[actor];
    }
  }

  private final class Node {
    final S state;
    final List<A> enabled;
    final Map<Integer, List<A>> byActor = new LinkedHashMap<>();
    final Set<Integer> backtrack = new LinkedHashSet<>();
    final Map<Integer, Footprint> sleep;
    Event event;

    Node(S state, Map<Integer, Footprint> sleep) {
      this.state = state;
      this.enabled = ts.enabled(state);
      this.sleep = sleep;
      for (A a : enabled) {
        byActor.computeIfAbsent(index(ts.actor(a)), k -> new ArrayList<>()).add(a);
      }
    }
  }

  SourceDpor(TransitionSystem<S, A> ts, ExploreOptions options, Tally tally) {
    this.ts = ts;
    this.options = options;
    this.tally = tally;
  }

  private int index(long actor) {
    return actorIndex.computeIfAbsent(actor, k -> actorIndex.size());
  }

  void run() {
    nodes.add(new Node(ts.initial(), new LinkedHashMap<>()));
    explore(0);
  }

  private void explore(int depth) {
    Node n = nodes.get(depth);
    if (n.enabled.isEmpty()) {
      waiting(n, depth);
      tally.outcome(ts.verdict(n.state), choices(depth));
      tally.leaf();
      return;
    }
    if (depth >= options.maxSteps()) {
      tally.stepLimit();
      return;
    }
    for (int p : n.byActor.keySet()) {
      if (!n.sleep.containsKey(p)) {
        n.backtrack.add(p);
        break;
      }
    }
    if (n.backtrack.isEmpty()) {
      tally.leaf();
      return;
    }
    while (!tally.stopped()) {
      int p = -1;
      for (int q : n.backtrack) {
        if (!n.sleep.containsKey(q)) {
          p = q;
          break;
        }
      }
      if (p < 0) {
        return;
      }
      Footprint union = new Footprint();
      for (A a : n.byActor.get(p)) {
        Footprint fp = new Footprint();
        S next = ts.execute(n.state, a, fp);
        tally.transition(depth + 1);
        int[] vc = clockOf(p, fp, depth);
        races(p, fp, vc, depth);
        Map<Integer, Footprint> sleep = new LinkedHashMap<>();
        for (Map.Entry<Integer, Footprint> e : n.sleep.entrySet()) {
          if (!e.getValue().conflicts(fp)) {
            sleep.put(e.getKey(), e.getValue());
          }
        }
        n.event = new Event(p, fp, vc, n.enabled.indexOf(a));
        Node child = new Node(next, sleep);
        disabled(n, p, child);
        if (nodes.size() > depth + 1) {
          nodes.set(depth + 1, child);
        } else {
          nodes.add(child);
        }
        explore(depth + 1);
        union.merge(fp);
        if (tally.stopped()) {
          return;
        }
      }
      n.sleep.put(p, union);
    }
  }

  /**
   * Races with events that never ran: every other actor q that had an action enabled at n which p's
   * step removed (a blocked probe whose message another thread took) is added to n's backtrack set,
   * unless it sleeps there. p's event disables q's, so the two are dependent, and q is the only
   * initial of the reversal at n.
   */
  private void disabled(Node n, int p, Node child) {
    for (Map.Entry<Integer, List<A>> e : n.byActor.entrySet()) {
      int q = e.getKey();
      if (q == p || n.sleep.containsKey(q)) {
        continue;
      }
      List<A> after = child.byActor.get(q);
      if (after == null || !after.containsAll(e.getValue())) {
        n.backtrack.add(q);
      }
    }
  }

  /**
   * Races with actions that never ran because they were disabled for good: at the end of a maximal
   * execution, each actor q that the model reports waiting ({@link TransitionSystem#waiting}) is given
   * a pending event with the footprint of what its enabledness reads, and for every earlier event e
   * of another actor that wrote some of it, an initial of {@code notdep(e, E).q} that is enabled
   * before e is added to the backtrack set there (unless one already is). Every conflicting event is
   * taken, not only the last: a later write that only enabled nothing (a message of another tag
   * arriving) must not hide the step that disabled q. An initial not enabled before e means e did
   * not disable q's action there (q's own action at that state is then the one that waits), so
   * nothing is added.
   */
  private void waiting(Node leaf, int depth) {
    for (Map.Entry<Long, Footprint> w : ts.waiting(leaf.state).entrySet()) {
      int q = index(w.getKey());
      Footprint fp = w.getValue();
      int[] vc = clockOf(q, fp, depth);
      for (int i = 0; i < depth; i++) {
        Event e = nodes.get(i).event;
        if (e.actor == q || !e.footprint.conflicts(fp)) {
          continue;
        }
        Node before = nodes.get(i);
        List<Integer> initials = initials(e, i, q, vc, depth);
        if (initials.stream().anyMatch(before.backtrack::contains)) {
          continue;
        }
        for (int r : initials) {
          if (before.byActor.containsKey(r)) {
            before.backtrack.add(r);
            break;
          }
        }
      }
    }
  }

  /** Vector clock of a new event of actor p at position depth. */
  private int[] clockOf(int p, Footprint fp, int depth) {
    int[] vc = new int[actorIndex.size()];
    int own = 0;
    for (int i = 0; i < depth; i++) {
      Event e = nodes.get(i).event;
      if (e.actor == p || e.footprint.conflicts(fp)) {
        for (int k = 0; k < e.vc.length; k++) {
          vc[k] = Math.max(vc[k], e.vc[k]);
        }
      }
      if (e.actor == p) {
        own = e.clock();
      }
    }
    vc[p] = own + 1;
    return vc;
  }

  private static boolean happensBefore(Event a, int[] bvc) {
    return a.actor < bvc.length && bvc[a.actor] >= a.clock();
  }

  private void races(int p, Footprint fp, int[] vc, int depth) {
    for (int i = 0; i < depth; i++) {
      Event e = nodes.get(i).event;
      if (e.actor == p || !e.footprint.conflicts(fp)) {
        continue;
      }
      boolean immediate = true;
      for (int j = i + 1; j < depth && immediate; j++) {
        Event x = nodes.get(j).event;
        if ((x.actor == p || x.footprint.conflicts(fp)) && happensBefore(e, x.vc)) {
          immediate = false;
        }
      }
      if (!immediate) {
        continue;
      }
      List<Integer> initials = initials(e, i, p, vc, depth);
      Node before = nodes.get(i);
      boolean covered = false;
      for (int q : initials) {
        if (before.backtrack.contains(q)) {
          covered = true;
          break;
        }
      }
      if (covered) {
        continue;
      }
      boolean added = false;
      for (int q : initials) {
        if (before.byActor.containsKey(q)) {
          before.backtrack.add(q);
          added = true;
          break;
        }
      }
      if (!added) {
        before.backtrack.addAll(before.byActor.keySet());
      }
    }
  }

  /** Initials of notdep(e, E).e' after pre(E, e): actors whose first event there has no predecessor in it. */
  private List<Integer> initials(Event e, int i, int p, int[] vcNew, int depth) {
    List<Event> v = new ArrayList<>();
    List<int[]> clocks = new ArrayList<>();
    for (int k = i + 1; k < depth; k++) {
      Event x = nodes.get(k).event;
      if (!happensBefore(e, x.vc)) {
        v.add(x);
        clocks.add(x.vc);
      }
    }
    List<Integer> out = new ArrayList<>();
    Set<Integer> seen = new LinkedHashSet<>();
    for (int k = 0; k < v.size(); k++) {
      Event x = v.get(k);
      if (!seen.add(x.actor)) {
        continue;
      }
      boolean initial = true;
      for (int m = 0; m < k && initial; m++) {
        if (happensBefore(v.get(m), clocks.get(k))) {
          initial = false;
        }
      }
      if (initial) {
        out.add(x.actor);
      }
    }
    if (!seen.contains(p)) {
      boolean initial = true;
      for (Event y : v) {
        if (happensBefore(y, vcNew)) {
          initial = false;
          break;
        }
      }
      if (initial) {
        out.add(p);
      }
    }
    return out;
  }

  private List<Integer> choices(int depth) {
    List<Integer> out = new ArrayList<>(depth);
    for (int i = 0; i < depth; i++) {
      out.add(nodes.get(i).event.choice);
    }
    return out;
  }
}
