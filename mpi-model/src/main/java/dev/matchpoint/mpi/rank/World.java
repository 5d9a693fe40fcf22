package dev.matchpoint.mpi.rank;

import com.google.common.hash.PrimitiveSink;
import dev.matchpoint.core.StateHashable;
import dev.matchpoint.core.explore.Footprint;
import dev.matchpoint.core.kernel.Kernel;
import dev.matchpoint.core.kernel.Spares;
import dev.matchpoint.core.net.InFlight;
import dev.matchpoint.core.net.Network;
import dev.matchpoint.core.net.NetworkListener;
import dev.matchpoint.core.net.Packet;
import dev.matchpoint.core.net.ProtocolOptions;
import dev.matchpoint.core.random.RandomStreams;
import dev.matchpoint.core.sched.ChoiceKind;
import dev.matchpoint.core.sched.SchedulerSeam;
import dev.matchpoint.mpi.ErrorClass;
import dev.matchpoint.mpi.RequestIds;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.check.Checks;
import dev.matchpoint.mpi.check.CompleteBeforeFinalize;
import dev.matchpoint.mpi.check.RunEnd;
import dev.matchpoint.mpi.match.AdaptivePostedQueue;
import dev.matchpoint.mpi.match.AdaptiveUnexpectedQueue;
import dev.matchpoint.mpi.match.MatchingEngine;
import dev.matchpoint.mpi.match.ReferencePostedQueue;
import dev.matchpoint.mpi.match.ReferenceUnexpectedQueue;
import dev.matchpoint.mpi.program.Instr;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.SourceLocation;
import dev.matchpoint.mpi.trace.TraceEvent;
import dev.matchpoint.mpi.trace.TraceSink;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;

/**
 * The whole model at one moment: every rank (matching engine, threads, requests, handles, buffer
 * space) and the network. The same code runs in both modes of DESIGN §3:
 *
 * <ul>
 *   <li><b>Logical mode</b> ({@link #logical}): {@link #enabled()} lists the actions that may run
 *       next — each runnable thread's next MPI call (one action per permitted alternative when the
 *       call has several, e.g. the sources an MPI_ANY_SOURCE receive may take under the {@code any}
 *       policy; one per half of an MPI_Sendrecv, see {@link Sendrecvs}; the orders MPI_Startall
 *       may start its requests in) and each deliverable packet — and {@link #execute} runs the one
 *       the scheduler chose.
 *       {@link #copy()} and {@link #hashInto} support exploration.
 *   <li><b>Timed mode</b> ({@link #timed}): threads' calls and packet deliveries are kernel events;
 *       alternatives inside a call go through the scheduler seam as {@link ChoiceKind#WILDCARD},
 *       {@link ChoiceKind#COMPLETION} and {@link ChoiceKind#ORDER} points.
 * </ul>
 *
 * <p>In both modes a call decides nothing by itself: its alternatives are listed from state that
 * {@link #hashInto} covers (never from what the fingerprint leaves out, such as the arrival order
 * across sources under the {@code any} policy), and it executes the one it is given; the matching
 * engine refuses an MPI_ANY_SOURCE selection that needs a choice and got none.
 *
 * <p>A thread blocked in a call is resumed by the event that completes it (a delivery completing
 * its receive, an injection completing its send). A thread blocked in Probe or Mprobe becomes
 * runnable again when a matching message is queued, and its retry is an action of its own.
 */
public final class World implements NetworkListener, StateHashable {
  final ModelSpec spec;
  final int size;
  final ProtocolOptions protocol;
  /**
   * The ranks. Read freely; write only through {@link #rank(int)}: after {@link #copy()} the copy
   * and the original share every rank (copy-on-write), and a rank is copied by the first of them to
   * write it.
   */
  final RankState[] ranks;
  /** Per rank, whether {@code ranks[r]} is this world's own (writable); null when all are. */
  private boolean[] owned;
  Network net;
  Checks checks;
  private TraceSink sink;
  final boolean fullTrace;
  /** Whether request-completion events are built: with the full trace, or for a check that reads them. */
  private final boolean completionEvents;
  /**
   * Whether some thread's program makes a partitioned call (MPI-4.0 chapter 4): only then may the
   * logical network deliver partitions out of link order, which costs a scan of each busy link.
   */
  private final boolean partitioned;
  /**
   * The scenario communicator {@link Communicators} looked up last and its context id: a cache of
   * {@code spec.communicators()} (the same answer whatever the state), compared by identity.
   */
  String lastDeclaredComm;
  int lastDeclaredContext;
  /**
   * Whether some thread's program makes a communicator call or names a communicator variable or
   * MPI_COMM_NULL (MPI-3.1 chapter 6): otherwise every communicator is one of the scenario's, spans
   * the world in world order and stays valid, and calls skip the checks and rank translations of
   * {@link Communicators}.
   */
  private final boolean runtimeComms;
  /**
   * Whether anything reads the events every run emits (a check or a sink): when nothing does, the
   * per-message events (sent, posted, matched) are not built at all.
   */
  final boolean listened;
  long step;
  /**
   * Back edges of {@code while} and {@code until} loops taken so far; not state (not hashed or
   * copied): {@link Polling} reads how much one step adds.
   */
  long loopBackEdges;
  /** Errors and erroneous uses, one line each, in detection order: part of the outcome. */
  final List<String> problems;
  /** Timed mode: when the latest receive completed, -1 before any (a report, never read by the model). */
  private long lastReceiveNs = -1;
  /** Packets injected, by kind: counts for the run's summary (not model state). */
  private final PacketCounts packets;

  private final Kernel kernel;
  private final SchedulerSeam seam;
  /** Timed mode: fired {@link Protocols.SendInjected} actions kept for reuse (null in logical mode; not state). */
  final Spares<Protocols.SendInjected> injectedSpares;
  /** The shared objects the current action touches, when exploration asks for them. */
  private Footprint footprint;
  /**
   * Per rank and thread, what each program counter may still reach; shared by all copies, and so
   * by the threads of a parallel search: filled in the constructor and read-only afterwards. Only
   * logical mode reads it (persistent sets, polling); in timed mode it stays empty.
   */
  private final Reach[][][] reach;
  /**
   * Whether some thread's code, from its start, may call a collective or communicator operation or
   * touch a rank-shared variable (its {@link #reach} at program counter 0): only then may {@link
   * PersistentSets} have to give up on reduction for them. Shared by all copies, like {@code reach}.
   */
  final boolean collectiveOrShared;
  /** Successors computed by {@link #dryRun}, kept until the explorer takes them (never copied). */
  private Map<Action, Successor> dryRuns;

  /**
   * A successor state with the footprint of the action that led to it.
   *
   * @param world the successor
   * @param footprint the action's reads and writes
   */
  public record Successor(World world, Footprint footprint) {}
  final Calls calls;
  /**
   * The rank whose matching engine is releasing arrived messages (set around {@link
   * MatchingEngine#arrive} by {@link Protocols#delivered}, restored after, as deliveries may nest),
   * and the two callbacks that engine calls, made once per world instead of once per message.
   */
  RankState arriving;
  final java.util.function.Consumer<dev.matchpoint.mpi.match.Message> arrived =
      m -> Protocols.arrived(this, arriving, m);
  final java.util.function.Consumer<dev.matchpoint.mpi.match.Message> droppedOnArrival =
      m -> Cancels.dropped(this, arriving.rank, m);

  private World(ModelSpec spec, Kernel kernel, RandomStreams streams, SchedulerSeam seam, TraceSink sink,
      Checks checks, boolean fullTrace, boolean completionEvents) {
    this.spec = spec;
    this.size = spec.worldSize();
    this.protocol = spec.options().network().protocol();
    this.kernel = kernel;
    this.seam = seam;
    this.injectedSpares = kernel == null ? null : new Spares<>(1 << 16);
    this.sink = sink;
    this.checks = checks;
    this.fullTrace = fullTrace;
    this.completionEvents = completionEvents;
    this.listened = !checks.isEmpty() || sink != TraceSink.NONE;
    this.problems = new ArrayList<>();
    this.packets = new PacketCounts();
    this.calls = new Calls(this);
    this.ranks = new RankState[size];
    this.reach = new Reach[size][][];
    for (int r = 0; r < size; r++) {
      List<dev.matchpoint.mpi.program.Code> codes = spec.threads().get(r);
      ThreadState[] threads = new ThreadState[codes.size()];
      for (int t = 0; t < threads.length; t++) {
        threads[t] = new ThreadState(r, t, codes.get(t));
      }
      MatchingEngine engine = spec.options().queues() == ModelOptions.QueueKind.BUCKETED
          ? new MatchingEngine(spec.options().wildcard(), new AdaptivePostedQueue(), new AdaptiveUnexpectedQueue())
          : new MatchingEngine(spec.options().wildcard(), new ReferencePostedQueue(), new ReferenceUnexpectedQueue());
      ranks[r] = new RankState(r, engine, threads);
      if (kernel == null) {
        reach[r] = new Reach[threads.length][];
        for (int t = 0; t < threads.length; t++) {
          reach[r][t] = Reach.of(codes.get(t), r, t, size);
        }
      }
    }
    this.net = kernel == null ? Network.logical(size, spec.options().network(), this)
        : Network.timed(size, spec.options().network(), streams, kernel, this);
    this.partitioned = Partitions.used(spec);
    this.runtimeComms = Communicators.used(spec);
    boolean any = false;
    if (kernel == null) {
      for (Reach[][] rank : reach) {
        for (Reach[] thread : rank) {
          any |= thread[0].collectives || thread[0].shared;
        }
      }
    }
    this.collectiveOrShared = any;
    if (partitioned) {
      net.deliverInAnyOrder(Partitions.ANY_ORDER); // MPI-4.0 §4: partitions arrive in any order
    }
    for (RankState rank : ranks) {
      for (ThreadState t : rank.threads) {
        runLocal(t);
      }
    }
  }

  /** Whether communicators may be created, freed or named by variables at run time ({@link #runtimeComms}). */
  boolean runtimeComms() {
    return runtimeComms;
  }

  /** Whether some thread's program makes a partitioned call ({@link #partitioned}). */
  boolean partitioned() {
    return partitioned;
  }

  private World(World o, TraceSink sink) {
    this.spec = o.spec;
    this.size = o.size;
    this.protocol = o.protocol;
    this.kernel = null;
    this.seam = null;
    this.injectedSpares = null;
    this.sink = sink;
    this.fullTrace = o.fullTrace && sink != TraceSink.NONE;
    this.completionEvents = fullTrace;
    this.checks = o.checks.copy();
    this.listened = !checks.isEmpty() || sink != TraceSink.NONE;
    this.problems = new ArrayList<>(o.problems);
    this.packets = o.packets.copy();
    this.calls = new Calls(this);
    this.reach = o.reach;
    this.collectiveOrShared = o.collectiveOrShared;
    this.ranks = o.ranks.clone();
    for (RankState r : ranks) {
      r.freeze();
    }
    this.owned = new boolean[size];
    o.owned = new boolean[size];
    this.net = o.net.copy(this);
    this.partitioned = o.partitioned;
    this.runtimeComms = o.runtimeComms;
    this.step = o.step;
  }

  /**
   * For {@link WorldCodec}: a logical-mode state from decoded parts, sharing the template's
   * immutable context (spec, reachability tables) and its sink; its network is empty, for the codec
   * to fill.
   */
  World(World template, RankState[] ranks, Checks checks, List<String> problems, long step) {
    this.spec = template.spec;
    this.size = template.size;
    this.protocol = template.protocol;
    this.kernel = null;
    this.seam = null;
    this.injectedSpares = null;
    this.sink = template.sink;
    this.fullTrace = template.fullTrace;
    this.completionEvents = template.completionEvents;
    this.checks = checks;
    this.listened = !checks.isEmpty() || sink != TraceSink.NONE;
    this.problems = new ArrayList<>(problems);
    this.packets = new PacketCounts();
    this.calls = new Calls(this);
    this.reach = template.reach;
    this.collectiveOrShared = template.collectiveOrShared;
    this.ranks = ranks;
    this.owned = new boolean[size]; // the codec's ranks are frozen: copied before written
    this.net = Network.logical(size, spec.options().network(), this);
    this.partitioned = template.partitioned;
    this.runtimeComms = template.runtimeComms;
    if (partitioned) {
      net.deliverInAnyOrder(Partitions.ANY_ORDER);
    }
    this.step = step;
  }

  /**
   * A logical-mode model at its initial state.
   *
   * @param spec the programs and options
   * @param sink where events go ({@link TraceSink#NONE} to keep none)
   * @param checks the oracles, fed every event and carried in the state
   * @param fullTrace true to emit every event (calls, packets); false for only the events checks
   *     judge (sends, posts, matches, errors), which exploration uses
   * @return the model
   */
  public static World logical(ModelSpec spec, TraceSink sink, Checks checks, boolean fullTrace) {
    return new World(spec, null, null, null, sink, checks, fullTrace, fullTrace);
  }

  /**
   * A timed-mode model; call {@link #start()} then run the kernel. Every event goes to {@code sink}
   * and the checks; when the sink does not read every event ({@link TraceSink#readsEveryEvent()}) the
   * model builds only the events it always emits (no call, packet or arrival events, whose text costs
   * most of a step, and request completions only for a check that reads them).
   *
   * @param spec the programs and options
   * @param kernel the simulation's kernel
   * @param streams the run's random streams
   * @param seam the scheduler seam for ties, wildcard and completion choices
   * @param sink where events go
   * @param checks the oracles
   * @return the model
   */
  public static World timed(ModelSpec spec, Kernel kernel, RandomStreams streams, SchedulerSeam seam,
      TraceSink sink, Checks checks) {
    // Checks read no call, packet or arrival events, and only cancel-either-or reads completions (it
    // forgets a request when it completes); a sink says whether it reads everything.
    boolean full = sink.readsEveryEvent();
    return new World(spec, kernel, streams, seam, sink, checks, full, full || checks.readsCompletions());
  }

  /**
   * A deep copy of a logical-mode model, for exploration. The copy sends its events to {@code sink}.
   *
   * @param sink the copy's sink
   * @return the copy
   * @throws IllegalStateException for a timed-mode model
   */
  public World copy(TraceSink sink) {
    if (kernel != null) {
      throw new IllegalStateException("only a logical-mode model can be copied");
    }
    return new World(this, sink);
  }

  /**
   * A deep copy that keeps no events.
   *
   * @return the copy
   */
  public World copy() {
    return copy(TraceSink.NONE);
  }

  /**
   * The model's programs and options.
   *
   * @return the spec
   */
  public ModelSpec spec() {
    return spec;
  }

  /**
   * The current step: actions executed (logical) or model events fired (timed).
   *
   * @return the step
   */
  public long step() {
    return step;
  }

  /**
   * The oracles carried in this state.
   *
   * @return the checks
   */
  public Checks checks() {
    return checks;
  }

  /**
   * Logical mode: the state after {@code action}, computed on a copy; this state is not changed.
   * A successor already computed for {@link #persistentSet} is handed over (once) instead of being
   * computed again.
   *
   * @param action an enabled action
   * @return the successor and the action's footprint
   */
  public Successor successor(Action action) {
    if (dryRuns != null) {
      Successor s = dryRuns.remove(action);
      if (s != null) {
        return s;
      }
    }
    World next = copy();
    Footprint fp = new Footprint();
    next.execute(action, fp);
    return new Successor(next, fp);
  }

  Successor dryRun(Action action) {
    if (dryRuns == null) {
      dryRuns = new java.util.HashMap<>();
    }
    return dryRuns.computeIfAbsent(action, a -> {
      World next = copy();
      Footprint fp = new Footprint();
      next.execute(a, fp);
      return new Successor(next, fp);
    });
  }

  /**
   * Logical mode: a persistent set of this state's enabled actions (see {@link PersistentSets});
   * a function of the state alone.
   *
   * @param enabled {@link #enabled()}
   * @return a non-empty subset of {@code enabled} in its order (all of it when nothing smaller is
   *     provably persistent)
   */
  public List<Action> persistentSet(List<Action> enabled) {
    return PersistentSets.compute(this, enabled);
  }

  /**
   * The actor of an action, for DPOR: its thread, each half of a thread's MPI_Sendrecv (the two
   * concurrent threads of MPI-3.1 §3.10), or its link.
   *
   * @param action the action
   * @return a stable id
   */
  public static long actorOf(Action action) {
    long actor = PersistentSets.actor(action);
    return action.half() == Action.Half.NONE ? actor : actor | ((long) action.half().ordinal() << 46);
  }

  /** Logical mode only (persistent sets, polling): what a thread's program counter may still reach. */
  Reach reach(ThreadState t) {
    return reach[t.rank][t.thread][Math.min(t.pc, t.code.size())];
  }

  long now() {
    return kernel == null ? step : kernel.nowNs();
  }

  boolean timed() {
    return kernel != null;
  }

  // ---- events ------------------------------------------------------------------------------

  void emit(TraceEvent e) {
    checks.emit(e);
    sink.emit(e);
  }

  void error(ThreadState t, String call, ErrorClass error, String detail, SourceLocation at) {
    problems.add(error + " from " + call + " at " + t.name());
    if (fullTrace && t.code.at(t.pc) instanceof Instr.Call c && c.at() == at) {
      t.raised = error;
    }
    emit(new TraceEvent.ErrorRaised(step, now(), t.rank, t.thread, call, error, detail, at));
  }

  void erroneous(int rank, int thread, String rule, String detail, SourceLocation at) {
    problems.add("erroneous: " + rule + " at r" + rank + (thread >= 0 ? ".t" + thread : ""));
    emit(new TraceEvent.ErroneousUse(step, now(), rank, thread, rule, detail, at));
  }

  // ---- logical mode ------------------------------------------------------------------------

  /**
   * Logical mode: the actions that may run next, in canonical order: thread steps by (rank,
   * thread, alternative), then deliveries by (source, destination, position on the link). A thread
   * whose loop would only spin back to this state has no step at its loop's back edge ({@link
   * Polling}).
   *
   * @return the actions; empty when the run has ended (finished or deadlocked)
   */
  public List<Action> enabled() {
    List<Action> out = new ArrayList<>();
    for (RankState rank : ranks) {
      for (ThreadState t : rank.threads) {
        if (!threadEnabled(t) || (kernel == null && Polling.spins(this, t))) {
          continue;
        }
        if (Sendrecvs.splits(this, t)) {
          Sendrecvs.actions(this, t, out);
          continue;
        }
        int[] variants = calls.variants(t);
        if (variants.length == 0) {
          out.add(Action.step(t.rank, t.thread, -1));
        } else {
          for (int v : variants) {
            out.add(Action.step(t.rank, t.thread, v));
          }
        }
      }
    }
    for (InFlight f : net.deliverable()) {
      out.add(Action.deliver(f.source(), f.dest(), f.linkSeq()));
    }
    return out;
  }

  /**
   * Logical mode: the threads whose next step exists but is not enabled because another actor may
   * have disabled it, each with the objects that decide whether it is (as reads; see {@link
   * ObjectIds}): a blocking MPI_Probe or MPI_Mprobe that finds no matching message (the queues it
   * probes), and a polling loop's step that would only spin ({@link Polling}; what its iteration
   * touches). Another thread's receive or matched probe that takes a message may have disabled
   * either; no other step, once enabled, is disabled by another actor. Source-DPOR races these steps
   * against the earlier steps that wrote those objects.
   *
   * @return actor id ({@link #actorOf}) to footprint, in thread order
   */
  public Map<Long, Footprint> waiting() {
    Map<Long, Footprint> out = new java.util.LinkedHashMap<>();
    for (RankState rank : ranks) {
      for (ThreadState t : rank.threads) {
        if (kernel != null || !t.running() || t.pc >= t.code.size()) {
          continue;
        }
        if (threadEnabled(t)) {
          if (Polling.spins(this, t)) {
            out.put(actorOf(Action.step(t.rank, t.thread, -1)), Polling.waits(this, t));
          }
          continue;
        }
        if (!(t.block == BlockKind.PROBE || (t.block == BlockKind.NONE && !Sendrecvs.splits(this, t)
            && calls.isBlockingProbe(t)))) {
          continue;
        }
        Footprint fp = new Footprint();
        footprint = fp;
        try {
          calls.probeWaits(t);
        } finally {
          footprint = null;
        }
        out.put(actorOf(Action.step(t.rank, t.thread, -1)), fp);
      }
    }
    return out;
  }

  boolean threadEnabled(ThreadState t) {
    if (!t.running() || t.pc >= t.code.size()) {
      return false;
    }
    return switch (t.block) {
      // Logical mode: a blocking Probe or Mprobe that would find nothing is not enabled; it runs once
      // a matching message is queued. (Timed mode calls it, blocks, and retries on arrivals.)
      case NONE -> kernel != null || (Sendrecvs.splits(this, t) ? Sendrecvs.enabled(t)
          : !calls.isBlockingProbe(t) || calls.probeReady(t));
      case PROBE -> calls.probeReady(t);
      case COLLECTIVE -> Collectives.ready(this, t);
      case REQUESTS, DETACH, COMPUTE -> false;
    };
  }

  /**
   * Logical mode: runs one action from {@link #enabled()}.
   *
   * @param action the action
   * @throws IllegalArgumentException when the action is not enabled
   */
  public void execute(Action action) {
    execute(action, null);
  }

  /**
   * Logical mode: runs one action and records the shared objects it read and wrote (see {@link
   * ObjectIds}), for the explorer's independence relation.
   *
   * @param action the action
   * @param footprint filled with the action's reads and writes, or null to record nothing
   * @throws IllegalArgumentException when the action is not enabled
   */
  public void execute(Action action, Footprint footprint) {
    this.footprint = footprint;
    try {
      run(action);
    } finally {
      this.footprint = null;
    }
  }

  private void run(Action action) {
    step++;
    if (action.kind() == Action.Kind.STEP) {
      ThreadState t = thread(action.rank(), action.thread());
      if (!threadEnabled(t) || (action.half() != Action.Half.NONE && t.halfRan(action.half()))) {
        throw new IllegalArgumentException("thread " + t.name() + " is not enabled");
      }
      if (action.half() != Action.Half.NONE) {
        // One half of an MPI_Sendrecv reads the thread (its arguments) and writes only its own part.
        if (footprint != null) {
          footprint.read(ObjectIds.thread(t.rank, t.thread));
        }
        touchHalf(t, action.half());
        Sendrecvs.half(this, t, action.half(), action.variant());
        return;
      }
      touchThread(t);
      SharedState.touch(this, t, t.pc);
      if (Sendrecvs.started(t)) {
        Sendrecvs.join(this, t);
      } else {
        calls.step(t, action.variant());
      }
    } else {
      if (footprint != null) {
        footprint.write(ObjectIds.linkHead(action.source(), action.rank()));
        footprint.write(ObjectIds.packet(action.source(), action.rank(), action.linkSeq()));
      }
      net.deliver(action.source(), action.rank(), action.linkSeq(), now());
    }
  }

  void touchThread(ThreadState t) {
    if (footprint != null) {
      footprint.write(ObjectIds.thread(t.rank, t.thread));
    }
  }

  void touchHalf(ThreadState t, Action.Half half) {
    if (footprint != null) {
      footprint.write(ObjectIds.sendrecvHalf(t.rank, t.thread, half));
    }
  }

  /** Records a change to a request: its half of an MPI_Sendrecv, or else its thread. */
  void touchRequest(ThreadState owner, Request r) {
    if (owner.isHalfRequest(r)) {
      touchHalf(owner, owner.halfIndex(Action.Half.SEND) == RequestIds.index(r.id) ? Action.Half.SEND
          : Action.Half.RECEIVE);
    } else {
      touchThread(owner);
    }
  }

  /**
   * Records access to one source's messages at a rank, or every source's when {@code source} is
   * MPI_ANY_SOURCE ({@link dev.matchpoint.mpi.match.Envelopes#ANY}).
   */
  void touchQueue(int rank, int source, boolean write) {
    if (footprint == null) {
      return;
    }
    if (source == dev.matchpoint.mpi.match.Envelopes.ANY
        || spec.options().wildcard() == dev.matchpoint.mpi.WildcardPolicy.ARRIVAL) {
      if (spec.options().wildcard() == dev.matchpoint.mpi.WildcardPolicy.ARRIVAL) {
        touch(ObjectIds.queue(rank, ObjectIds.ALL_SOURCES), write);
      } else {
        for (int s = 0; s < size; s++) {
          touch(ObjectIds.queue(rank, s), write);
        }
      }
    } else {
      touch(ObjectIds.queue(rank, source), write);
    }
  }

  void touchPosted(int rank, boolean write) {
    if (footprint != null) {
      touch(ObjectIds.posted(rank), write);
    }
  }

  void touchRoundRobin(int rank) {
    if (footprint != null && spec.options().wildcard() == dev.matchpoint.mpi.WildcardPolicy.ROUND_ROBIN) {
      footprint.write(ObjectIds.roundRobin(rank));
    }
  }

  /** Records access to an object (see {@link ObjectIds}), when a footprint is being recorded. */
  void touchObject(long object, boolean write) {
    if (footprint != null) {
      touch(object, write);
    }
  }

  private void touch(long object, boolean write) {
    if (write) {
      footprint.write(object);
    } else {
      footprint.read(object);
    }
  }

  void touchLinkTail(int source, int dest) {
    if (footprint != null) {
      footprint.write(ObjectIds.linkTail(source, dest));
    }
  }

  void touchBinds(int rank, boolean write) {
    if (footprint != null) {
      touch(ObjectIds.binds(rank), write);
    }
  }

  void touchCollective(int context, boolean write) {
    if (footprint != null) {
      touch(ObjectIds.collective(context), write);
    }
  }

  void touchComms(int rank, boolean write) {
    if (footprint != null) {
      touch(ObjectIds.comms(rank), write);
    }
  }

  void touchBuffer(int rank) {
    if (footprint != null) {
      footprint.write(ObjectIds.buffer(rank));
    }
  }

  /** Injects a packet that needs no eager credit; writes the tail of its link. */
  void send(Packet p) {
    if (footprint != null) {
      footprint.write(ObjectIds.linkTail(p.source(), p.dest()));
    }
    net.send(p, now());
  }

  /** Injects an eager packet against credit; writes the tail of its link (credit and queue included). */
  void sendEager(Packet p, long creditBytes) {
    if (footprint != null) {
      footprint.write(ObjectIds.linkTail(p.source(), p.dest()));
    }
    net.sendEager(p, creditBytes, now());
  }

  boolean hasEagerCredit(int source, int dest, long bytes) {
    if (footprint != null) {
      footprint.read(ObjectIds.linkTail(source, dest));
    }
    return net.hasEagerCredit(source, dest, bytes);
  }

  /**
   * The receiver returns eager buffer space to a sender; writes the tail of the return link, or,
   * without credit packets, the tail of the data link whose credit it restores.
   */
  void returnEagerCredit(int receiver, int sender, long bytes) {
    if (footprint != null) {
      footprint.write(protocol.creditPackets() ? ObjectIds.linkTail(receiver, sender)
          : ObjectIds.linkTail(sender, receiver));
    }
    net.returnEagerCredit(receiver, sender, bytes, now());
  }

  /**
   * A short label of an action for schedules and reports, e.g. {@code r2.t0 MPI_Probe [source 1]}
   * or {@code deliver EAGER 0->2 #0}.
   *
   * @param action an action of {@link #enabled()}
   * @return the label
   */
  public String describe(Action action) {
    if (action.kind() == Action.Kind.STEP) {
      ThreadState t = ranks[action.rank()].threads[action.thread()];
      String variant = action.variant() >= 0 ? calls.describeVariant(t, action.variant()) : null;
      String detail = switch (action.half()) {
        case SEND -> "send half";
        case RECEIVE -> "receive half" + (variant == null ? "" : ", " + variant);
        case NONE -> Sendrecvs.started(t) ? "return" : variant;
      };
      return t.name() + " " + calls.describeNext(t) + (detail == null ? "" : " [" + detail + "]");
    }
    for (InFlight f : net.deliverable()) {
      if (f.source() == action.source() && f.dest() == action.rank() && f.linkSeq() == action.linkSeq()) {
        return "deliver " + f.packet().kind() + " " + f.source() + "->" + f.dest() + " #" + f.linkSeq()
            + describePayload(f.packet());
      }
    }
    return "deliver ? " + action.source() + "->" + action.rank() + " #" + action.linkSeq();
  }

  private static String describePayload(Packet p) {
    if (p.payload() instanceof dev.matchpoint.mpi.match.Message m) {
      return " (message " + dev.matchpoint.mpi.match.MessageIds.format(m.key()) + ", tag " + m.tag() + ")";
    }
    return "";
  }

  /**
   * Writes the canonical state: ranks, network, check states and the problems found so far.
   *
   * @param sink the hasher
   */
  @Override
  public void hashInto(PrimitiveSink sink) {
    for (RankState r : ranks) {
      r.hashInto(sink);
    }
    net.hashInto(sink);
    checks.hashInto(sink);
    // Problems found by independent actions may be reported in either order: hash them sorted.
    List<String> sorted = problems;
    if (sorted.size() > 1) {
      sorted = new ArrayList<>(problems);
      java.util.Collections.sort(sorted);
    }
    sink.putInt(sorted.size());
    for (String p : sorted) {
      sink.putUnencodedChars(p);
    }
  }

  // ---- timed mode --------------------------------------------------------------------------

  /** Timed mode: schedules every runnable thread's first call at time 0. */
  public void start() {
    for (RankState rank : ranks) {
      for (ThreadState t : rank.threads) {
        wake(t);
      }
    }
  }

  void wake(ThreadState t) {
    if (kernel == null || t.stepScheduled || !threadEnabled(t)) {
      return;
    }
    t.stepScheduled = true;
    if (t.wake == null) {
      t.wake = new Wake(t);
    }
    kernel.schedule(spec.options().callCostNs(), t.wake);
  }

  /**
   * A thread's next step, made once per thread and scheduled again each time ({@link #wake}): it is
   * pending at most once, as {@link ThreadState#stepScheduled} says.
   */
  private final class Wake implements Kernel.Action, Runnable {
    private final ThreadState t;

    Wake(ThreadState t) {
      this.t = t;
    }

    @Override
    public void fire() {
      // The thread runs on its rank's CPU: under LogGP it waits for the CPU (LogGopsTiming).
      net.onCpu(t.rank, this);
    }

    @Override
    public void run() {
      t.stepScheduled = false;
      timedStep(t);
    }

    @Override
    public String describe() {
      return t.name() + " " + calls.describeNext(t);
    }
  }

  private void timedStep(ThreadState t) {
    if (!threadEnabled(t)) {
      return;
    }
    int[] variants = calls.variants(t);
    int variant = -1;
    if (variants.length > 0) {
      ChoiceKind kind = calls.variantKind(t);
      variant = variants[seam.choose(kind, variants.length, i -> calls.describeVariant(t, variants[i]))];
    }
    step++;
    calls.step(t, variant);
    wake(t);
  }

  void wakeProbers(RankState rank) {
    if (kernel == null) {
      return;
    }
    for (ThreadState t : rank.threads) {
      if (t.block == BlockKind.PROBE) {
        wake(t);
      }
    }
  }

  /** As {@link #after(long, Later)}, for work and label given apart. */
  void after(long timeNs, Runnable r, java.util.function.Supplier<String> label) {
    after(timeNs, new Later(this) {
      @Override
      void run() {
        r.run();
      }

      @Override
      public String describe() {
        return label.get();
      }
    });
  }

  /**
   * Timed mode: work that {@link #after(long, Later)} runs at a later simulated time, as one object
   * (the kernel action and its label); the step counts as a model event.
   */
  abstract static class Later implements Kernel.Action {
    final World w;

    Later(World w) {
      this.w = w;
    }

    @Override
    public final void fire() {
      w.step++;
      run();
    }

    /** The work. */
    abstract void run();
  }

  /**
   * Timed mode: runs {@code later} at simulated time {@code timeNs} (ns) as a kernel event, or at
   * once when that time is not in the future (and in logical mode, which has no kernel).
   */
  void after(long timeNs, Later later) {
    if (kernel == null || timeNs <= kernel.nowNs()) {
      later.run();
      return;
    }
    kernel.scheduleAt(timeNs, later);
  }

  /** Timed mode: a compute step on the rank's CPU (shared with its message overheads under LogGP). */
  void computeFor(ThreadState t, long durationNs) {
    net.compute(t.rank, durationNs, () -> {
      step++;
      returnFromCall(t);
      wake(t);
    });
  }

  // ---- threads -----------------------------------------------------------------------------

  /**
   * A rank to write: copied first when it is shared with another world (see {@link #ranks}).
   *
   * @param r the rank
   * @return this world's own state of rank {@code r}
   */
  RankState rank(int r) {
    if (owned != null && !owned[r]) {
      ranks[r] = ranks[r].copy();
      owned[r] = true;
    }
    return ranks[r];
  }

  /** A thread to write (its rank is made this world's own). */
  ThreadState thread(int rank, int thread) {
    return rank(rank).thread(thread);
  }

  /** The thread that owns a request, to write. */
  ThreadState owner(long requestId) {
    return rank(RequestIds.rank(requestId)).thread(RequestIds.thread(requestId));
  }

  /** The call finished: move past it and through the thread-local instructions that follow. */
  void advance(ThreadState t) {
    t.pc++;
    runLocal(t);
  }

  /** A call returns (at once, or when the event that unblocks it happens): report it and move on. */
  void returnFromCall(ThreadState t) {
    if (footprint != null) {
      SharedState.touch(this, t, t.pc);
    }
    t.block = BlockKind.NONE;
    t.internal = Calls.NO_INTERNAL;
    if (fullTrace && t.code.at(t.pc) instanceof Instr.Call c) {
      emit(new TraceEvent.CallReturned(step, now(), t.rank, t.thread, c.op().mpiName(), OpText.result(c.op(), t),
          returned(c, t)));
    }
    t.collective = null;
    advance(t);
  }

  /**
   * The error class a returning call reports: the one it raised at its statement (an argument
   * error, returned as under MPI_ERRORS_RETURN, MPI-3.1 §8.3), else its status's, else MPI_SUCCESS.
   */
  private static ErrorClass returned(Instr.Call c, ThreadState t) {
    ErrorClass e = t.raised != null ? t.raised : OpText.error(c.op(), t);
    t.raised = null;
    return e;
  }

  /**
   * Backward jumps (iterations of {@code while} and {@code until} loops) one thread may take without
   * an MPI call that is not local: such iterations read only variables that no local call changes
   * between them, so a loop that takes this many is taken to spin forever.
   */
  static final int LOCAL_SPIN_LIMIT = 1 << 16;

  /**
   * Runs thread-local instructions (control flow, Get_count, Compute in logical mode) up to the next
   * call. A {@code while} or {@code until} loop that iterates {@link #LOCAL_SPIN_LIMIT} times without
   * reaching such a call is a program error at the loop, not a hang of the simulator.
   */
  void runLocal(ThreadState t) {
    int backJumps = 0;
    try {
      while (t.pc < t.code.size()) {
        Instr in = t.code.at(t.pc);
        if (in instanceof Instr.Call c) {
          if (!calls.isLocal(c.op())) {
            return;
          }
          if (footprint != null) {
            SharedState.touch(this, t, t.pc);
          }
          if (fullTrace && !(c.op() instanceof MpiOp.Compute)) {
            // Local MPI calls (MPI_Get_count, MPI_Test_cancelled) take no step of their own; they
            // are traced within the step that reached them, so their results show.
            emit(new TraceEvent.CallStarted(step, now(), t.rank, t.thread, c.op().mpiName(),
                OpText.arguments(c.op(), t, size), c.at()));
            calls.local(t, c.op());
            emit(new TraceEvent.CallReturned(step, now(), t.rank, t.thread, c.op().mpiName(),
                OpText.result(c.op(), t), returned(c, t)));
          } else {
            calls.local(t, c.op());
          }
          t.pc++;
        } else if (in instanceof Instr.Jump j) {
          // A while loop's back edge, to the test at its head (where a spin is reported).
          if (j.target() <= t.pc) {
            backJumps++;
            loopBackEdges++;
          }
          t.pc = j.target();
          spinCheck(backJumps);
        } else if (in instanceof Instr.BranchIfFalse b) {
          if (footprint != null) {
            SharedState.touch(this, t, t.pc);
          }
          int next = Vars.test(b.cond(), t, size) ? t.pc + 1 : b.target();
          if (next <= t.pc) {
            // An until loop's back edge, from the test at its end (where a spin is reported).
            loopBackEdges++;
            spinCheck(++backJumps);
          }
          t.pc = next;
        } else if (in instanceof Instr.LoopEnter l) {
          if (footprint != null) {
            SharedState.touch(this, t, t.pc);
          }
          int times = Vars.eval(l.times(), t, size);
          Vars.setIntSlot(t, l.counterSlot(), times);
          if (l.indexSlot() >= 0) {
            Vars.setIntSlot(t, l.indexSlot(), 0);
          }
          t.pc = times > 0 ? t.pc + 1 : l.exit();
        } else if (in instanceof Instr.LoopNext l) {
          long left = Vars.intSlot(t, l.counterSlot()) - 1;
          Vars.setIntSlot(t, l.counterSlot(), left);
          if (l.indexSlot() >= 0) {
            Vars.setIntSlot(t, l.indexSlot(), Vars.intSlot(t, l.indexSlot()) + 1);
          }
          t.pc = left > 0 ? l.bodyStart() : t.pc + 1;
        } else {
          throw new AssertionError(in);
        }
      }
      t.life = ThreadState.Life.FINISHED;
      t.dropSpares();
      emit(new TraceEvent.ThreadFinished(step, now(), t.rank, t.thread));
    } catch (ProgramError e) {
      abort(t, e.getMessage());
    }
  }

  private static void spinCheck(int backJumps) throws ProgramError {
    if (backJumps >= LOCAL_SPIN_LIMIT) {
      throw new ProgramError("this loop iterated " + LOCAL_SPIN_LIMIT + " times without an MPI call that"
          + " could change its condition: it never ends");
    }
  }

  void abort(ThreadState t, String why) {
    SourceLocation at = location(t, t.pc);
    erroneous(t.rank, t.thread, "program error", why, at);
    t.life = ThreadState.Life.ABORTED;
    t.block = BlockKind.NONE;
  }

  static SourceLocation location(ThreadState t, int pc) {
    Instr in = t.code.at(pc);
    if (in instanceof Instr.Call c) {
      return c.at();
    } else if (in instanceof Instr.BranchIfFalse b) {
      return b.at();
    } else if (in instanceof Instr.LoopEnter l) {
      return l.at();
    }
    return SourceLocation.unknown();
  }

  /** A request's operation completed: report it, free it if asked, and resume its waiting thread. */
  void requestDone(Request r) {
    ThreadState t = owner(r.id);
    if ((r.kind == RequestKind.RECV || r.kind == RequestKind.MRECV) && !r.statusCancelled) {
      lastReceiveNs = Math.max(lastReceiveNs, now());
    }
    touchRequest(t, r);
    if (completionEvents) {
      emit(new TraceEvent.RequestCompleted(step, now(), t.rank, t.thread, r.id, r.statusSource, r.statusTag,
          r.statusBytes, r.statusError, r.statusCancelled));
    }
    if (r.exchangeHalf >= 0 && r.kind == RequestKind.SEND) {
      PointToPointCalls.sendHalfDone(this, t, r);
    }
    if (r.freed) {
      t.dropRequest(r);
    }
    resume(t);
    SharedState.resumeWaiters(this, t.rank, t.thread);
  }

  void resume(ThreadState t) {
    if (t.running() && t.block == BlockKind.REQUESTS
        && (SharedState.blockedConcurrently(this, t) || calls.tryFinish(t))) {
      returnFromCall(t);
      wake(t);
    }
  }

  // ---- network listener --------------------------------------------------------------------

  @Override
  public void onInjected(InFlight f) {
    if (footprint != null) {
      footprint.write(ObjectIds.packet(f.source(), f.dest(), f.linkSeq()));
    }
    packets.add(f.packet().kind());
    if (fullTrace) {
      emit(new TraceEvent.PacketSent(step, f.injectedNs(), f.source(), -1, f.dest(), f.packet().kind(),
          f.packet().sizeBytes(), f.linkSeq(), f.availableNs()));
    }
    Protocols.injected(this, f);
  }

  @Override
  public void onDelivered(InFlight f, long nowNs) {
    if (kernel != null) {
      step++;
    }
    if (fullTrace) {
      emit(new TraceEvent.PacketDelivered(step, nowNs, f.dest(), -1, f.source(), f.packet().kind(),
          f.packet().sizeBytes(), f.linkSeq()));
    }
    Protocols.delivered(this, f);
  }

  // ---- end of run --------------------------------------------------------------------------

  /**
   * Threads that have not finished, as {@code rN.tM MPI_Call}, in (rank, thread) order.
   *
   * @return the names; empty when every thread finished or aborted
   */
  public List<String> blockedThreads() {
    List<String> out = new ArrayList<>();
    for (RankState r : ranks) {
      for (ThreadState t : r.threads) {
        if (t.running()) {
          out.add(t.name() + " " + calls.describeNext(t));
        }
      }
    }
    return out;
  }

  /**
   * Ends the run for the checks and returns how it ended. Each program ends where its process would
   * call MPI_Finalize: when the run ended normally (every thread finished, none stopped by a program
   * error, no budget reached) and the checks include {@link CheckKind#COMPLETE_BEFORE_FINALIZE}, the
   * work still outstanding is reported first, each piece as an erroneous use of rule {@link
   * CompleteBeforeFinalize#RULE} at the statement that started it (MPI-3.1 §8.7). A deadlocked run is
   * not judged so: its deadlock report shows what is outstanding.
   *
   * @param budgetExhausted whether a budget stopped the run
   * @return the end
   */
  public RunEnd end(boolean budgetExhausted) {
    RunEnd end = new RunEnd(step, blockedThreads(), budgetExhausted);
    if (!budgetExhausted && end.blockedThreads().isEmpty() && !anyAborted()
        && checks.contains(CheckKind.COMPLETE_BEFORE_FINALIZE)) {
      for (Finalize.Outstanding o : Finalize.of(this)) {
        erroneous(o.rank(), o.thread(), CompleteBeforeFinalize.RULE, o.detail(), o.at());
      }
    }
    checks.end(end);
    return end;
  }

  private boolean anyAborted() {
    for (RankState r : ranks) {
      for (ThreadState t : r.threads) {
        if (t.life == ThreadState.Life.ABORTED) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * The errors and erroneous uses found so far, one line each, in detection order.
   *
   * @return a copy
   */
  public List<String> problems() {
    return List.copyOf(problems);
  }

  /**
   * A report of the current state for deadlocks: every unfinished thread with its call and what it
   * waits for, each rank's posted receives and unexpected messages, and the packets in flight or
   * waiting for eager credit.
   *
   * @return the report
   */
  public StateReport report() {
    return StateReport.of(this);
  }

  /**
   * When the latest receive completed (any receive, matched receive or persistent receive; in timed
   * mode in ns, in logical mode the step): what LogGOPSim reports as a schedule's end when its last
   * operations are receives.
   *
   * @return the time, or -1 when no receive completed
   */
  public long lastReceiveNs() {
    return lastReceiveNs;
  }

  /**
   * Packets injected so far, by kind.
   *
   * @return kind (EAGER, RTS, CTS, DATA, ACK, CREDIT, ...) to count, in kind order
   */
  public SortedMap<String, Long> packetCounts() {
    return packets.toMap();
  }

  /**
   * The largest posted receive and unexpected message queue depths seen at each rank.
   *
   * @return per rank {@code [maxPosted, maxUnexpected]}
   */
  public int[][] queueMaxima() {
    int[][] out = new int[size][2];
    for (int r = 0; r < size; r++) {
      out[r][0] = ranks[r].engine.maxPostedDepth();
      out[r][1] = ranks[r].engine.maxUnexpectedDepth();
    }
    return out;
  }

  /**
   * Whether the op at a thread's pc is the given MPI call (for tests and reports).
   *
   * @param rank the rank
   * @param thread the thread
   * @return the MPI function the thread is in or about to call, or null when finished
   */
  public MpiOp currentCall(int rank, int thread) {
    ThreadState t = ranks[rank].threads[thread];
    return t.pc < t.code.size() && t.code.at(t.pc) instanceof Instr.Call c ? c.op() : null;
  }
}
