package dev.matchpoint.mpi.rank;

import dev.matchpoint.core.explore.Footprint;
import dev.matchpoint.core.net.InFlight;
import dev.matchpoint.core.net.Network;
import dev.matchpoint.core.net.Packet;
import dev.matchpoint.mpi.WildcardPolicy;
import dev.matchpoint.mpi.match.Message;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;

/**
 * Persistent sets of a logical-mode state (Godefroid 1996, Def. 4.1), computed from the state alone
 * by the conflicting-actors closure: start from one enabled actor; while some actor outside the set
 * may, on a path that avoids the set, touch an object that an action of the set touches (one of
 * them writing), add that actor if it is enabled, and give up if it is not. The actions of the
 * actors in the final set form a persistent set: any action on a path avoiding them belongs to an
 * actor outside the set, whose possible footprint does not conflict with theirs.
 *
 * <p>Actors are threads (their next MPI call, all its alternatives, both halves of an MPI_Sendrecv)
 * and links (their packets' deliveries). The footprints of the set's own actions are exact: each is run on a copy (the copy
 * is kept and reused when the explorer takes the action). The footprints of the other actors are
 * over-approximations of everything they may do on paths that avoid the set ({@link Reach} for a
 * thread's remaining code, the packets a link has or may carry), with two causal refinements: a
 * link carries rendezvous or eager traffic only if its source may still send on it (a thread outside
 * the set may, a packet waits for credit, or a rendezvous send awaits its CTS), and replies (CTS,
 * ACK, credit) only if messages from its destination to its source exist or may still be sent; a
 * receive's reply goes only to sources whose messages may still reach it. The first actor (in
 * canonical order) whose closure is a single actor wins; otherwise the smallest closure; otherwise
 * every enabled action.
 */
final class PersistentSets {
  private final World w;
  /** Per dense actor index ({@link #indexOf}): its enabled actions, or null when it has none. */
  private final List<Action>[] enabledByActor;
  /** The indices of the actors with enabled actions, in the order of their first enabled action. */
  private final int[] actors;
  private final StateInfo info;
  private final int[] threadBase;
  private final int threadCount;
  /**
   * The futures made so far: by the mask of the relevant threads ({@link #futuresFor}) when there
   * are at most 64 threads, in {@code futuresByMask} (a short list, searched in order), else by set.
   */
  private long[] futureMasks = new long[2];
  private Futures[] futuresByMask = new Futures[2];
  private int futureCount;
  private Map<BitSet, Futures> futures;
  /** Per actor index: the union of its enabled actions' exact footprints (the same in every closure). */
  private final Footprint[] current;
  /** The network's deliverable packets, listed on first use. */
  private List<InFlight> deliverable;

  private PersistentSets(World w, List<Action> enabled) {
    this.w = w;
    this.threadBase = new int[w.size];
    int n = 0;
    for (int r = 0; r < w.size; r++) {
      threadBase[r] = n;
      n += w.ranks[r].threads.length;
    }
    this.threadCount = n;
    this.info = new StateInfo();
    @SuppressWarnings("unchecked")
    List<Action>[] byActor = new List[n + w.size * w.size];
    this.enabledByActor = byActor;
    this.current = new Footprint[byActor.length];
    int[] order = new int[enabled.size()];
    int count = 0;
    for (Action a : enabled) {
      int i = indexOf(actor(a));
      if (byActor[i] == null) {
        byActor[i] = new ArrayList<>(2);
        order[count++] = i;
      }
      byActor[i].add(a);
    }
    this.actors = java.util.Arrays.copyOf(order, count);
  }

  static long actor(Action a) {
    return a.kind() == Action.Kind.STEP ? threadActor(a.rank(), a.thread()) : linkActor(a.source(), a.rank());
  }

  static long threadActor(int rank, int thread) {
    return ((long) rank << 20) | thread;
  }

  static long linkActor(int source, int dest) {
    return (1L << 50) | ((long) source << 24) | dest;
  }

  static List<Action> compute(World w, List<Action> enabled) {
    if (enabled.size() <= 1) {
      return enabled;
    }
    if ((w.collectiveOrShared && (Collectives.anyReachable(w) || SharedState.anyReachable(w)))
        || Partitions.anyReachable(w)) {
      // Conservative: a collective conflicts with everything on its communicator, and its return
      // depends on every member's calls; no reduction while any thread may still call one. The same
      // for partitioned communication (its packets, requests and ahead lists are not in the futures),
      // and while a thread may still touch a rank-shared variable (its steps may act on other threads').
      return enabled;
    }
    PersistentSets ps = new PersistentSets(w, enabled);
    int n = ps.actors.length;
    if (n == 1) {
      return enabled;
    }
    BitSet best = null;
    // Starts in order of likelyConflicts (0..3), canonical order within each: a stable bucket sort.
    int[] scores = new int[n];
    for (int i = 0; i < n; i++) {
      scores[i] = ps.likelyConflicts(ps.actors[i]);
    }
    int[] ordered = new int[n];
    int k = 0;
    for (int score = 0; score <= 3; score++) {
      for (int i = 0; i < n; i++) {
        if (scores[i] == score) {
          ordered[k++] = ps.actors[i];
        }
      }
    }
    for (int start : ordered) {
      BitSet closure = ps.closure(start, best == null ? n : best.cardinality());
      if (closure != null) {
        best = closure;
        if (best.cardinality() == 1) {
          break;
        }
      }
    }
    if (best == null) {
      return enabled;
    }
    List<Action> out = new ArrayList<>();
    for (Action a : enabled) {
      if (best.get(ps.indexOf(actor(a)))) {
        out.add(a);
      }
    }
    return out;
  }

  /**
   * How likely an actor's next action is to conflict with others, to try the likely singletons
   * first: 0 for links carrying only replies and data, 1 for threads about to call something that
   * touches no matching queue, 2 for other threads, 3 for links carrying messages. Only the order
   * of the search depends on it, never its result's soundness.
   */
  private int likelyConflicts(int actor) {
    Action a = enabledByActor[actor].get(0);
    if (a.kind() == Action.Kind.DELIVER) {
      if (deliverable == null) {
        deliverable = w.net.deliverable();
      }
      for (Action x : enabledByActor[actor]) {
        for (InFlight f : deliverable) {
          if (f.source() == x.source() && f.dest() == x.rank() && f.linkSeq() == x.linkSeq()
              && carriesMessage(f.packet())) {
            return 3;
          }
        }
      }
      return 0;
    }
    dev.matchpoint.mpi.program.MpiOp op = w.currentCall(a.rank(), a.thread());
    boolean queues = op instanceof dev.matchpoint.mpi.program.MpiOp.Recv
        || op instanceof dev.matchpoint.mpi.program.MpiOp.Irecv
        || op instanceof dev.matchpoint.mpi.program.MpiOp.Probe
        || op instanceof dev.matchpoint.mpi.program.MpiOp.Iprobe
        || op instanceof dev.matchpoint.mpi.program.MpiOp.Mprobe
        || op instanceof dev.matchpoint.mpi.program.MpiOp.Improbe
        || op instanceof dev.matchpoint.mpi.program.MpiOp.Sendrecv;
    return queues ? 2 : 1;
  }

  /** Dense index of an actor: threads first (rank by rank), then links (s * size + d). */
  private int indexOf(long actor) {
    if (actor >>> 50 == 0) {
      return threadBase[(int) (actor >>> 20)] + (int) (actor & 0xfffff);
    }
    int s = (int) ((actor >>> 24) & 0xffffff);
    int d = (int) (actor & 0xffffff);
    return threadCount + s * w.size + d;
  }

  private long actorAt(int index) {
    if (index < threadCount) {
      int r = 0;
      while (r + 1 < w.size && threadBase[r + 1] <= index) {
        r++;
      }
      return threadActor(r, index - threadBase[r]);
    }
    int link = index - threadCount;
    return linkActor(link / w.size, link % w.size);
  }

  /**
   * The closure of one start actor, or null when it reaches an actor that is not enabled or grows
   * to {@code bound} actors: only a closure smaller than the best so far (and than the set of every
   * enabled actor) can change the answer, and a closure only grows, so the rest of it is not
   * computed (nor the footprints it would need).
   */
  private BitSet closure(int start, int bound) {
    BitSet set = new BitSet();
    set.set(start);
    int members = 1;
    int[] work = new int[bound]; // a stack of the members still to expand: fewer than bound
    int top = 0;
    work[top++] = start;
    while (top > 0) {
      int actor = work[--top];
      Footprint current = this.current[actor];
      if (current == null) {
        current = footprintOf(actor);
        this.current[actor] = current;
      }
      Futures futures = futuresFor(set);
      for (RankState rank : w.ranks) {
        for (ThreadState t : rank.threads) {
          int q = threadBase[t.rank] + t.thread;
          if (set.get(q) || !t.running()) {
            continue;
          }
          if (futures.threadConflicts(t, current)) {
            if (enabledByActor[q] == null || ++members >= bound) {
              return null;
            }
            set.set(q);
            work[top++] = q;
          }
        }
      }
      BitSet dests = linkDestinations(current);
      for (int s = 0; s < w.size; s++) {
        for (int d = dests.nextSetBit(0); d >= 0 && d < w.size; d = dests.nextSetBit(d + 1)) {
          int q = threadCount + s * w.size + d;
          if (set.get(q)) {
            continue;
          }
          if (futures.linkConflicts(s, d, current)) {
            if (enabledByActor[q] == null || ++members >= bound) {
              return null;
            }
            set.set(q);
            work[top++] = q;
          }
        }
      }
    }
    return set;
  }

  /**
   * The destinations d such that a link s->d may touch an object of the footprint: {@code
   * Futures.linkAccess(s, d, ...)} answers NONE for every object whose rank (below) is not d, so
   * the other links cannot conflict and are skipped.
   */
  private static BitSet linkDestinations(Footprint current) {
    BitSet out = new BitSet();
    for (int i = 0; i < current.size(); i++) {
      long object = current.object(i);
      long rank = switch ((int) (object >>> 56)) {
        case 1, 10 -> (object >>> 24) & 0xffffffffL; // queue, Sendrecv half: their rank
        case 2 -> (object >>> 20) & 0xfffffffL; // thread: its rank
        case 3 -> (object >>> 24) & 0xffffffffL; // tail of d->s: its source
        case 4 -> object & 0xffffff; // head of s->d: its destination
        case 5, 6, 9 -> object & 0xffffffffL; // buffer, posted, binds: their rank
        default -> -1; // round-robin pointers and packets: never a link's
      };
      if (rank >= 0 && rank < Integer.MAX_VALUE) {
        out.set((int) rank);
      }
    }
    return out;
  }

  private Footprint footprintOf(int actor) {
    Footprint f = new Footprint();
    for (Action a : enabledByActor[actor]) {
      f.merge(w.dryRun(a).footprint());
    }
    return f;
  }

  /**
   * The futures of the actors outside {@code set}. Only the set's threads that may still send or
   * post receives change them, so sets that hold none of those share one instance.
   */
  private Futures futuresFor(BitSet set) {
    BitSet relevant = threadCount > 64 ? new BitSet() : null;
    long mask = 0;
    for (int i = set.nextSetBit(0); i >= 0 && i < threadCount; i = set.nextSetBit(i + 1)) {
      long a = actorAt(i);
      ThreadState t = w.ranks[(int) (a >>> 20)].threads[(int) (a & 0xfffff)];
      Reach re = w.reach(t);
      if (re.sendAny || !re.sendDests.isEmpty() || re.posts) {
        if (relevant != null) {
          relevant.set(i);
        } else {
          mask |= 1L << i;
        }
      }
    }
    if (relevant != null) {
      if (futures == null) {
        futures = new java.util.HashMap<>();
      }
      return futures.computeIfAbsent(relevant, Futures::new);
    }
    for (int i = 0; i < futureCount; i++) {
      if (futureMasks[i] == mask) {
        return futuresByMask[i];
      }
    }
    if (futureCount == futureMasks.length) {
      futureMasks = java.util.Arrays.copyOf(futureMasks, futureCount * 2);
      futuresByMask = java.util.Arrays.copyOf(futuresByMask, futureCount * 2);
    }
    Futures f = new Futures(BitSet.valueOf(new long[] {mask}));
    futureMasks[futureCount] = mask;
    futuresByMask[futureCount++] = f;
    return f;
  }

  /** Facts about the current state that every closure uses, computed once per state. */
  private final class StateInfo {
    static final int MESSAGE = 1;
    static final int DATA = 2;
    static final int REPLY = 4;
    static final int CONTROL = 8;
    /** Per link s*size+d: kinds of packets in flight. */
    final int[] inFlightKinds = new int[w.size * w.size];
    /** Per link: packets waiting for eager credit. */
    final boolean[] awaiting = new boolean[w.size * w.size];
    /** Per link: a rendezvous send from s to d waits for its CTS or its DATA. */
    final boolean[] pendingRendezvous = new boolean[w.size * w.size];
    /** Per rank r: sources with messages now on their way to r or waiting at r. */
    final BitSet[] messageSources = new BitSet[w.size];
    /** Per rank r: sources of messages held in matched-probe handles at r. */
    final BitSet[] handleSources = new BitSet[w.size];
    /** Per rank: whether a running thread of it may still run a control operation. */
    final boolean[] runningControl = new boolean[w.size];
    /**
     * {@link Futures#sources}, {@link Futures#activeSends} and {@link Futures#activeControl} when
     * no thread that may send or run a control operation is excluded (they are then the same
     * whatever else is excluded): made by the first such Futures, shared (read-only) by the others.
     */
    BitSet[] sources;
    BitSet[] sends;
    boolean[] control;

    StateInfo() {
      for (int r = 0; r < w.size; r++) {
        messageSources[r] = new BitSet();
        handleSources[r] = new BitSet();
        RankState rank = w.ranks[r];
        if (rank.engine.unexpectedDepth() > 0) {
          for (Message m : rank.engine.unexpectedMessages()) {
            messageSources[r].set(m.source());
          }
        }
        for (Message m : rank.engine.heldBackMessages()) {
          messageSources[r].set(m.source());
        }
        for (ThreadState t : rank.threads) {
          runningControl[r] |= t.running() && w.reach(t).control;
          if (!t.handles.isEmpty()) {
            for (Message m : t.handles.values()) {
              handleSources[r].set(m.source());
            }
          }
          if (!t.requests.isEmpty()) {
            for (Request q : t.requests.values()) {
              if (q.kind == RequestKind.SEND && q.rendezvous && !q.finished()) {
                pendingRendezvous[r * w.size + q.dest] = true;
              }
            }
          }
        }
      }
      for (InFlight f : w.net.inFlight()) {
        String k = f.packet().kind();
        int link = f.source() * w.size + f.dest();
        if (carriesMessage(f.packet())) {
          inFlightKinds[link] |= MESSAGE;
          messageSources[f.dest()].set(f.source());
        } else if (Payloads.DATA.equals(k)) {
          inFlightKinds[link] |= DATA;
        } else if (Payloads.CTS.equals(k) || Payloads.ACK.equals(k) || Network.CREDIT.equals(k)) {
          inFlightKinds[link] |= REPLY;
        } else {
          inFlightKinds[link] |= CONTROL;
        }
      }
      for (Packet p : w.net.awaitingCredit()) {
        awaiting[p.source() * w.size + p.dest()] = true;
        messageSources[p.dest()].set(p.source());
      }
    }
  }

  private static boolean carriesMessage(Packet p) {
    return Payloads.EAGER.equals(p.kind()) || Payloads.RTS.equals(p.kind());
  }

  /**
   * What actors outside a candidate set may touch on paths that avoid the set. Instead of building
   * their (large) footprints, it answers, object by object, whether an actor may read or write it.
   */
  private final class Futures {
    static final int NONE = 0;
    static final int READ = 1;
    static final int WRITE = 2;
    private final boolean[][] excluded;
    /** Per rank r: the sources whose messages may still reach r (now or later). */
    private final BitSet[] sources;
    /** Per rank s: the destinations an active thread of s may still send to. */
    private final BitSet[] activeSends;
    /** Per rank: whether an active thread of it may still run a control operation. */
    private final boolean[] activeControl;
    private final boolean roundRobin = w.spec.options().wildcard() == WildcardPolicy.ROUND_ROBIN;

    private final LinkTraffic[] traffic;
    private final boolean[] trafficKnown;
    /** Per rank: 0 unknown, 1 no receive may be posted, 2 one may (see {@link #postsPossible}). */
    private final byte[] posts;

    Futures(BitSet excludedThreads) {
      this.excluded = new boolean[w.size][];
      for (int r = 0; r < w.size; r++) {
        excluded[r] = new boolean[w.ranks[r].threads.length];
      }
      for (int i = excludedThreads.nextSetBit(0); i >= 0; i = excludedThreads.nextSetBit(i + 1)) {
        long a = actorAt(i);
        excluded[(int) (a >>> 20)][(int) (a & 0xfffff)] = true;
      }
      this.traffic = new LinkTraffic[w.size * w.size];
      this.trafficKnown = new boolean[w.size * w.size];
      this.posts = new byte[w.size];
      boolean excludedSenders = false;
      for (int i = excludedThreads.nextSetBit(0); i >= 0; i = excludedThreads.nextSetBit(i + 1)) {
        long a = actorAt(i);
        ThreadState t = w.ranks[(int) (a >>> 20)].threads[(int) (a & 0xfffff)];
        Reach re = w.reach(t);
        excludedSenders |= t.running() && (re.sendAny || !re.sendDests.isEmpty() || re.control);
      }
      if (!excludedSenders && info.sends != null) {
        // No excluded thread may send or run a control operation: the same as with none excluded.
        this.sources = info.sources;
        this.activeSends = info.sends;
        this.activeControl = info.control;
        return;
      }
      this.sources = new BitSet[w.size];
      this.activeSends = new BitSet[w.size];
      this.activeControl = new boolean[w.size];
      for (int r = 0; r < w.size; r++) {
        sources[r] = (BitSet) info.messageSources[r].clone();
        activeSends[r] = new BitSet();
      }
      for (RankState rank : w.ranks) {
        for (ThreadState t : rank.threads) {
          if (!active(t)) {
            continue;
          }
          Reach re = w.reach(t);
          for (int d = 0; d < w.size; d++) {
            if (re.maySendTo(d)) {
              sources[d].set(t.rank);
              activeSends[t.rank].set(d);
            }
          }
          activeControl[t.rank] |= re.control;
        }
      }
      if (!excludedSenders) {
        info.sources = sources;
        info.sends = activeSends;
        info.control = activeControl;
      }
    }

    private boolean active(ThreadState t) {
      return t.running() && !excluded[t.rank][t.thread];
    }

    /** Whether an actor outside the set may touch an object the footprint touches, one side writing. */
    boolean threadConflicts(ThreadState t, Footprint current) {
      for (int i = 0; i < current.size(); i++) {
        int access = threadAccess(t, current.object(i));
        if (access == WRITE || (access == READ && current.writes(i))) {
          return true;
        }
      }
      return false;
    }

    boolean linkConflicts(int s, int d, Footprint current) {
      int link = s * w.size + d;
      if (!trafficKnown[link]) {
        traffic[link] = traffic(s, d);
        trafficKnown[link] = true;
      }
      LinkTraffic traffic = this.traffic[link];
      if (traffic == null) {
        return false;
      }
      for (int i = 0; i < current.size(); i++) {
        int access = linkAccess(s, d, traffic, current.object(i));
        if (access == WRITE || (access == READ && current.writes(i))) {
          return true;
        }
      }
      return false;
    }

    private int threadAccess(ThreadState t, long object) {
      int kind = (int) (object >>> 56);
      int r = t.rank;
      Reach re = w.reach(t);
      switch (kind) {
        case 2: { // thread
          int rank = (int) ((object >>> 20) & 0xfffffffL);
          int thread = (int) (object & 0xfffff);
          if (rank == r && (thread == t.thread || re.buffered || re.bufferOps || re.control)) {
            return WRITE;
          }
          return NONE;
        }
        case 10: { // a half of a thread's Sendrecv: as the thread itself
          int rank = (int) ((object >>> 24) & 0xffffffffL);
          int thread = (int) ((object >>> 1) & 0x7fffff);
          if (rank == r && (thread == t.thread || re.buffered || re.bufferOps || re.control)) {
            return WRITE;
          }
          return NONE;
        }
        case 9: // channel state: written by its own rank's binds and starts, read by peers' send starts
          return !re.control ? NONE : (int) (object & 0xffffffffL) == r ? WRITE : READ;
        case 3: { // link tail
          int src = (int) ((object >>> 24) & 0xffffffffL);
          int dst = (int) (object & 0xffffff);
          if (src != r) {
            return NONE;
          }
          boolean replies = re.mayTakeFrom(dst) && sources[r].get(dst);
          boolean handle = false;
          if (re.mrecv && !t.handles.isEmpty()) {
            for (Message m : t.handles.values()) {
              handle |= m.source() == dst;
            }
          }
          return re.maySendTo(dst) || replies || handle || re.control ? WRITE : NONE;
        }
        case 1: { // queue
          int rank = (int) ((object >>> 24) & 0xffffffffL);
          int src = (int) (object & 0xffffff);
          if (rank != r) {
            return NONE;
          }
          if (src == ObjectIds.ALL_SOURCES) {
            return re.takeAny || !re.takeSources.isEmpty() ? WRITE
                : re.probeAny || !re.probeSources.isEmpty() ? READ : NONE;
          }
          return re.mayTakeFrom(src) ? WRITE : re.mayProbe(src) ? READ : NONE;
        }
        case 6: { // posted: written by its own rank's receives, read by ready sends to it
          int rank = (int) (object & 0xffffffffL);
          return rank == r && (re.posts || re.control) ? WRITE : re.mayReadySendTo(rank) ? READ : NONE;
        }
        case 7: // round-robin pointer
          return (int) (object & 0xffffffffL) == r && roundRobin && (re.takeAny || re.probeAny) ? WRITE : NONE;
        case 5: // buffer
          return (int) (object & 0xffffffffL) == r && (re.buffered || re.bufferOps) ? WRITE : NONE;
        default: // link heads and packets belong to links
          return NONE;
      }
    }

    /** What link s->d may still carry. */
    private record LinkTraffic(boolean message, boolean data, boolean replies, boolean control) {}

    private LinkTraffic traffic(int s, int d) {
      int link = s * w.size + d;
      int kinds = info.inFlightKinds[link];
      boolean message = (kinds & StateInfo.MESSAGE) != 0 || info.awaiting[link];
      boolean data = (kinds & StateInfo.DATA) != 0 || info.pendingRendezvous[link];
      boolean replies = (kinds & StateInfo.REPLY) != 0 || sources[s].get(d) || info.handleSources[s].get(d);
      if (!message && activeSends[s].get(d)) {
        message = true;
        data = true;
      }
      boolean control = (kinds & StateInfo.CONTROL) != 0 || activeControl[s] || info.runningControl[d];
      return message || data || replies || control ? new LinkTraffic(message, data, replies, control) : null;
    }

    private int linkAccess(int s, int d, LinkTraffic traffic, long object) {
      int kind = (int) (object >>> 56);
      boolean posts = traffic.message() && postsPossible(d);
      if (traffic.control()) {
        // Cancel requests and answers, binds, unbinds and channel data: everything at d on this pair.
        switch (kind) {
          case 1:
            return (int) ((object >>> 24) & 0xffffffffL) == d ? WRITE : NONE;
          case 2:
            return (int) ((object >>> 20) & 0xfffffffL) == d ? WRITE : NONE;
          case 10:
            return (int) ((object >>> 24) & 0xffffffffL) == d ? WRITE : NONE;
          case 3:
            return object == ObjectIds.linkTail(d, s) ? WRITE : NONE;
          case 5:
          case 6:
          case 9:
            return (int) (object & 0xffffffffL) == d ? WRITE : NONE;
          case 4:
            return object == ObjectIds.linkHead(s, d) ? WRITE : NONE;
          default:
            break;
        }
      }
      switch (kind) {
        case 4: // link head
          return object == ObjectIds.linkHead(s, d) ? WRITE : NONE;
        case 1: { // queue of d
          int rank = (int) ((object >>> 24) & 0xffffffffL);
          int src = (int) (object & 0xffffff);
          return traffic.message() && rank == d && (src == s || src == ObjectIds.ALL_SOURCES) ? WRITE : NONE;
        }
        case 6: // posted of d
          return traffic.message() && (int) (object & 0xffffffffL) == d ? (posts ? WRITE : READ) : NONE;
        case 2: { // a thread of d
          int rank = (int) ((object >>> 20) & 0xfffffffL);
          return rank == d && (posts || traffic.data() || traffic.replies()) ? WRITE : NONE;
        }
        case 10: { // a Sendrecv half of a thread of d
          int rank = (int) ((object >>> 24) & 0xffffffffL);
          return rank == d && (posts || traffic.data() || traffic.replies()) ? WRITE : NONE;
        }
        case 3: // tail of d->s
          return object == ObjectIds.linkTail(d, s) && (posts || traffic.replies()) ? WRITE : NONE;
        case 5: // buffer of d
          return (int) (object & 0xffffffffL) == d && traffic.replies() ? WRITE : NONE;
        default: // packets of this link exist only in flight; round-robin pointers are the threads'
          return NONE;
      }
    }

    private boolean postsPossible(int r) {
      if (posts[r] == 0) {
        boolean possible = w.ranks[r].engine.postedDepth() > 0;
        for (ThreadState t : w.ranks[r].threads) {
          possible |= active(t) && w.reach(t).posts;
        }
        posts[r] = (byte) (possible ? 2 : 1);
      }
      return posts[r] == 2;
    }
  }
}
