package dev.matchpoint.mpi.rank;

import dev.matchpoint.mpi.Mpi;
import dev.matchpoint.mpi.RequestIds;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.WildcardPolicy;
import dev.matchpoint.mpi.match.Envelopes;
import dev.matchpoint.mpi.match.MatchingEngine;
import dev.matchpoint.mpi.match.Message;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * The distinct ways one MPI_Start or MPI_Startall may run (MPI-3.1 §3.9): "A call to
 * MPI_STARTALL(count, array_of_requests) has the same effect as calls to MPI_START
 * (&array_of_requests[i]), executed for i=0 ,..., count-1, in some arbitrary order", and a started
 * receive is the MPI_Irecv it stands for, so under the {@code any} wildcard policy an MPI_ANY_SOURCE
 * receive may take any source's earliest matching message. Each {@link Plan} is one order together
 * with the source each such receive takes; the caller offers one action (logical mode) or one
 * scheduler choice (timed mode) per plan, so the call itself decides nothing.
 *
 * <p><b>Only orders whose effects can differ.</b> Two starts <em>conflict</em> when their order can
 * be observed: two receives whose patterns overlap (same context; sources and tags equal or
 * wildcards), since the earlier-posted one matches first (MPI-3.1 §3.5); two starts that put
 * packets on the same link (sends to one destination, whose order is the messages' order, eager
 * credit included; a receive's CTS, acknowledgement or eager credit to a source it takes a queued
 * message from); two buffered sends (one attached buffer); and a send to the caller's own rank with
 * a receive it could match. Orders that differ only by swapping adjacent starts that do not conflict
 * have the same effect (Mazurkiewicz traces), so the plans hold one order per acyclic orientation of
 * the conflict graph: its lexicographically least linearisation. Starts that conflict with nothing
 * therefore add no plan at all.
 */
final class StartPlans {
  private StartPlans() {}

  /**
   * One way to run the call.
   *
   * @param order indices into the call's startable requests, in start order
   * @param sources per position of {@code order}: the source an MPI_ANY_SOURCE receive takes under
   *     the {@code any} policy when several are possible, else -1
   */
  record Plan(int[] order, int[] sources) {
    boolean sameOrder(Plan o) {
      return java.util.Arrays.equals(order, o.order);
    }
  }

  /**
   * Every plan, in a canonical order (a function of the state): orders lexicographically, then
   * sources ascending.
   *
   * @param w the model
   * @param t the calling thread
   * @param starts the requests the call starts, erroneous ones left out
   * @return at least one plan
   */
  static List<Plan> of(World w, ThreadState t, List<Request> starts) {
    int n = starts.size();
    boolean[][] conflict = new boolean[n][n];
    Effect[] effects = new Effect[n];
    boolean choices = false;
    for (int i = 0; i < n; i++) {
      effects[i] = new Effect(w, t, starts.get(i));
      choices |= effects[i].wildcard;
    }
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        conflict[i][j] = i != j && starts.get(i) != starts.get(j) && effects[i].conflicts(effects[j], t.rank);
      }
    }
    List<Plan> out = new ArrayList<>();
    new Search(starts, conflict, choices, out).extend(new int[n], new int[n], 0, new boolean[n], new boolean[n],
        w.ranks[t.rank].engine);
    return out;
  }

  /** What one start may touch, for the conflict relation. */
  private static final class Effect {
    final Request r;
    /** Destinations of the links it may put packets on. */
    final BitSet links = new BitSet();
    final boolean receive;
    final boolean buffered;
    /** A receive with MPI_ANY_SOURCE under the {@code any} policy: its source may be a choice. */
    final boolean wildcard;

    Effect(World w, ThreadState t, Request r) {
      this.r = r;
      boolean procNull = r.kind == RequestKind.SEND ? r.dest == Mpi.PROC_NULL
          : r.kind == RequestKind.RECV && r.sourcePattern == Mpi.PROC_NULL;
      this.receive = r.kind == RequestKind.RECV && !procNull;
      this.buffered = r.kind == RequestKind.SEND && !procNull && r.mode == SendMode.BUFFERED;
      this.wildcard = receive && r.sourcePattern == Envelopes.ANY && w.spec.options().wildcard() == WildcardPolicy.ANY;
      if (r.kind == RequestKind.SEND && !procNull) {
        links.set(r.dest);
      } else if (r.kind == RequestKind.CHANNEL && r.channel.sender) {
        links.set(r.channel.peer);
      } else if (receive) {
        MatchingEngine e = w.ranks[t.rank].engine;
        if (r.sourcePattern == Envelopes.ANY) {
          for (int s : e.wildcardSources(r.tagPattern, r.context)) {
            links.set(s);
          }
        } else if (e.hasMatch(r.sourcePattern, r.tagPattern, r.context)) {
          links.set(r.sourcePattern);
        }
      }
    }

    boolean conflicts(Effect o, int me) {
      return links.intersects(o.links) || (buffered && o.buffered) || (receive && o.receive && overlaps(r, o.r))
          || receives(me, o) || o.receives(me, this);
    }

    /** Whether this is a send to the caller's own rank that receive {@code o} could match. */
    private boolean receives(int me, Effect o) {
      return r.kind == RequestKind.SEND && r.dest == me && o.receive
          && Envelopes.matches(o.r.sourcePattern, o.r.tagPattern, o.r.context, me, r.tag, r.context);
    }

    private static boolean overlaps(Request a, Request b) {
      return a.context == b.context
          && (a.sourcePattern == Envelopes.ANY || b.sourcePattern == Envelopes.ANY || a.sourcePattern == b.sourcePattern)
          && (a.tagPattern == Envelopes.ANY || b.tagPattern == Envelopes.ANY || a.tagPattern == b.tagPattern);
    }
  }

  /**
   * Depth-first generation of the least linearisation of every acyclic orientation of the conflict
   * graph, without dead ends. Placing {@code x} next orients its conflicts with the remaining starts
   * away from it, and makes it the least start with no remaining predecessor; so every smaller
   * remaining start that does not conflict with {@code x} must still get a predecessor: it is
   * <em>blocked</em> until a start it conflicts with is placed. {@code x} may be placed when it is
   * not blocked and every connected component of the remaining conflict graph keeps an unblocked
   * start (then the rest can be ordered; otherwise no completion exists).
   */
  private record Search(List<Request> starts, boolean[][] conflict, boolean choices, List<Plan> out) {
    void extend(int[] order, int[] sources, int placed, boolean[] done, boolean[] blocked, MatchingEngine engine) {
      int n = starts.size();
      if (placed == n) {
        out.add(new Plan(order.clone(), sources.clone()));
        return;
      }
      for (int x = 0; x < n; x++) {
        if (done[x] || blocked[x]) {
          continue;
        }
        boolean[] nextBlocked = blocked.clone();
        for (int y = 0; y < n; y++) {
          if (!done[y] && y != x) {
            nextBlocked[y] = conflict[x][y] ? false : y < x || blocked[y];
          }
        }
        done[x] = true;
        if (feasible(done, nextBlocked)) {
          order[placed] = x;
          place(order, sources, placed, done, nextBlocked, engine);
        }
        done[x] = false;
      }
    }

    /**
     * Places {@code order[placed]}. With choices to make (an MPI_ANY_SOURCE receive under {@code
     * any} somewhere in the call), a receive takes its message from a copy of the unexpected queue,
     * so the receives placed after it see what is left; an MPI_ANY_SOURCE receive with several
     * candidate sources branches on them.
     */
    private void place(int[] order, int[] sources, int placed, boolean[] done, boolean[] blocked,
        MatchingEngine engine) {
      Request r = starts.get(order[placed]);
      sources[placed] = -1;
      if (!choices || r.kind != RequestKind.RECV || r.sourcePattern == Mpi.PROC_NULL) {
        extend(order, sources, placed + 1, done, blocked, engine);
        return;
      }
      int[] candidates = r.sourcePattern == Envelopes.ANY ? engine.wildcardSources(r.tagPattern, r.context)
          : new int[0];
      if (candidates.length < 2) {
        Message m = engine.select(r.sourcePattern, r.tagPattern, r.context, -1, false);
        extend(order, sources, placed + 1, done, blocked, m == null ? engine : without(engine, m));
        return;
      }
      for (int s : candidates) {
        sources[placed] = s;
        Message m = engine.select(Envelopes.ANY, r.tagPattern, r.context, s, false);
        extend(order, sources, placed + 1, done, blocked, without(engine, m));
      }
    }

    /** A copy of the engine without {@code m} (the model's own engine is never changed). */
    private static MatchingEngine without(MatchingEngine engine, Message m) {
      MatchingEngine e = engine.copy();
      e.takeUnexpected(m);
      return e;
    }

    /** Whether every connected component of the remaining starts has an unblocked one. */
    private boolean feasible(boolean[] done, boolean[] blocked) {
      int n = starts.size();
      boolean[] seen = done.clone();
      int[] stack = new int[n];
      for (int root = 0; root < n; root++) {
        if (seen[root]) {
          continue;
        }
        boolean free = false;
        int top = 0;
        stack[top++] = root;
        seen[root] = true;
        while (top > 0) {
          int v = stack[--top];
          free |= !blocked[v];
          for (int u = 0; u < n; u++) {
            if (!seen[u] && conflict[v][u]) {
              seen[u] = true;
              stack[top++] = u;
            }
          }
        }
        if (!free) {
          return false;
        }
      }
      return true;
    }
  }

  /**
   * Describes a plan for schedules and reports, e.g. {@code "start b, a; a takes source 1"}.
   *
   * @param starts the startable requests
   * @param names their variables
   * @param plan the plan
   * @return the label
   */
  static String describe(List<Request> starts, List<String> names, Plan plan) {
    StringBuilder sb = new StringBuilder();
    if (plan.order().length > 1) {
      sb.append("start");
      for (int k = 0; k < plan.order().length; k++) {
        sb.append(k == 0 ? " " : ", ").append(names.get(plan.order()[k]));
      }
    }
    for (int k = 0; k < plan.order().length; k++) {
      if (plan.sources()[k] >= 0) {
        sb.append(sb.length() == 0 ? "" : "; ").append(names.get(plan.order()[k])).append(" (")
            .append(RequestIds.format(starts.get(plan.order()[k]).id)).append(") takes source ")
            .append(plan.sources()[k]);
      }
    }
    return sb.toString();
  }
}
