package dev.matchpoint.mpi.rank;

import dev.matchpoint.core.codec.StateCodec;
import dev.matchpoint.core.codec.StateReader;
import dev.matchpoint.core.codec.StateWriter;
import dev.matchpoint.mpi.CollectiveKind;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.ReduceOp;
import dev.matchpoint.mpi.RequestIds;
import dev.matchpoint.mpi.check.Check;
import dev.matchpoint.mpi.check.Checks;
import dev.matchpoint.mpi.match.AdaptivePostedQueue;
import dev.matchpoint.mpi.match.AdaptiveUnexpectedQueue;
import dev.matchpoint.mpi.match.MatchingEngine;
import dev.matchpoint.mpi.match.Message;
import dev.matchpoint.mpi.match.ReferencePostedQueue;
import dev.matchpoint.mpi.match.ReferenceUnexpectedQueue;
import dev.matchpoint.mpi.program.Code;
import dev.matchpoint.mpi.program.SourceLocation;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * The MPI model's compact state encoding (issue 13): a logical-mode {@link World} as a {@code byte[]}
 * of varints that decodes given only the model's immutable context (the initial state this codec
 * is made from: its programs, options and checks), and so can be held in a search's frontier or
 * shipped to another process. It writes every piece of state {@link World#hashInto} covers, plus
 * the stamps and counters that order the queues and the step; not what only reports read (packet
 * counts, packet times, the latest receive's time, the last queue search's length).
 *
 * <p>Layout, version {@value #VERSION}, all integers varints (zigzag where they may be negative):
 * the version byte; the step; the problems (count, then UTF-8 strings); each check of the initial
 * state's list ({@link Check#encodeInto}); each rank in order, after its length in bytes: its
 * matching engine ({@link MatchingEngine#encodeInto}), its threads (pc, life, block, next request
 * index, variables, internal
 * choices, collective, requests, matched-probe handles), send sequence numbers, attached buffer,
 * channel bind offers, ready-mode sends and collective log; then the network ({@link
 * dev.matchpoint.core.net.Network#encodeInto}) with packets by {@link WireCodec}. Requests are
 * written by {@link RequestCodec}; statement locations are indices into the programs' statements.
 * Engines, threads and ranks write a mask of their parts that differ from a new one's, then those.
 *
 * <p>{@link #encode} and {@link #decode} may be called from several threads at once: the codec is
 * immutable but for each thread's last decoded ranks.
 */
public final class WorldCodec implements StateCodec<World> {
  /** The layout's version. */
  public static final int VERSION = 2;
  private static final Datatype[] TYPES = Datatype.values();
  private static final BlockKind[] BLOCKS = BlockKind.values();
  private static final ThreadState.Life[] LIVES = ThreadState.Life.values();
  private static final CollectiveKind[] COLLECTIVES = CollectiveKind.values();
  private static final Communicators.Kind[] COMM_CALLS = Communicators.Kind.values();
  private static final ReduceOp[] OPS = ReduceOp.values();
  private static final ThreadLocal<StateWriter> WRITER = ThreadLocal.withInitial(StateWriter::new);
  private static final ThreadLocal<StateWriter> RANK_WRITER = ThreadLocal.withInitial(StateWriter::new);
  /** Per thread, the ranks it decoded last, by their bytes (see {@link #decode}). */
  private final ThreadLocal<RankState[]> lastRanks;

  private final World template;
  private final List<Check> checks;
  private final WireCodec wire;
  private final RequestCodec requests;

  /**
   * A codec for the states of one model.
   *
   * @param initial the model's initial state (logical mode), kept and never written: its spec,
   *     checks and sink are the context every encoding is decoded against
   */
  public WorldCodec(World initial) {
    this.template = initial;
    this.checks = initial.checks().checks();
    this.wire = new WireCodec(initial.spec());
    this.requests = new RequestCodec(wire);
    this.lastRanks = ThreadLocal.withInitial(() -> new RankState[initial.size]);
  }

  @Override
  public int version() {
    return VERSION;
  }

  @Override
  public byte[] encode(World w) {
    StateWriter out = WRITER.get().reset();
    out.putByte(VERSION).putVar(w.step);
    out.putVar(w.problems.size());
    w.problems.forEach(out::putString);
    List<Check> cs = w.checks.checks();
    for (Check c : cs) {
      c.encodeInto(out);
    }
    for (RankState r : w.ranks) {
      byte[] kept = r.encoding;
      if (kept != null) {
        out.putVar(kept.length).putBytes(kept, 0, kept.length);
      } else {
        StateWriter rw = RANK_WRITER.get().reset();
        putRank(r, rw);
        out.putVar(rw.size()).putBytes(rw);
      }
    }
    w.net.encodeInto(out, wire);
    return out.toByteArray();
  }

  /**
   * {@inheritDoc}
   *
   * <p>A rank whose bytes equal those of the same rank in the state this thread decoded last is
   * that rank, shared (frozen, copy-on-write, its fingerprint and encoding kept): the states of a
   * search level that share a parent mostly differ in one rank, so the others are neither decoded,
   * rehashed nor re-encoded again.
   */
  @Override
  public World decode(byte[] bytes) {
    StateReader in = new StateReader(bytes);
    int version = in.getByte();
    if (version != VERSION) {
      throw new IllegalArgumentException("encoded state of layout version " + version + ", expected " + VERSION);
    }
    long step = in.getVar();
    List<String> problems = new ArrayList<>();
    for (int n = in.getVarInt(); n > 0; n--) {
      problems.add(in.getString());
    }
    List<Check> cs = new ArrayList<>(checks.size());
    for (Check c : checks) {
      cs.add(c.decoded(in));
    }
    RankState[] ranks = new RankState[template.size];
    RankState[] last = lastRanks.get();
    for (int r = 0; r < ranks.length; r++) {
      int n = in.getVarInt();
      RankState kept = last[r];
      if (kept != null && kept.encoding.length == n && in.nextEquals(kept.encoding)) {
        in.skip(n);
        ranks[r] = kept;
        continue;
      }
      byte[] b = in.getBytes(n);
      StateReader rank = new StateReader(b);
      RankState decoded = getRank(r, rank);
      if (!rank.atEnd()) {
        throw new IllegalArgumentException("encoded rank " + r + " has bytes after its end");
      }
      decoded.freeze();
      decoded.encoding = b;
      ranks[r] = last[r] = decoded;
    }
    World w = new World(template, ranks, new Checks(cs), problems, step);
    w.net.decodeFrom(in, wire);
    if (!in.atEnd()) {
      throw new IllegalArgumentException("encoded state has bytes after its end");
    }
    return w;
  }

  private void putRank(RankState r, StateWriter w) {
    r.engine.encodeInto(w, wire::putMessage);
    for (ThreadState t : r.threads) {
      putThread(t, w);
    }
    TreeMap<Long, long[]> ready = r.readySends.pending;
    Collectives.Log log = r.collectives;
    boolean buffer = r.bufferAttachedBytes != -1 || r.bufferUsedBytes != 0 || r.bufferedInTransit != 0
        || r.bufferAttachedAt != dev.matchpoint.mpi.program.SourceLocation.unknown();
    int mask = (r.sendSeq.size() > 0 ? 1 : 0) | (buffer ? 2 : 0) | (r.bindOffers.isEmpty() ? 0 : 4)
        | (ready == null || ready.isEmpty() ? 0 : 8) | (log.nonblockingPending != 0 || !log.calls.isEmpty() ? 16 : 0)
        | (r.partitions().isEmpty() ? 0 : 32) | (r.comms().isEmpty() ? 0 : 64) | (r.shared == null ? 0 : SHARED);
    w.putVar(mask);
    if ((mask & 1) != 0) {
      r.sendSeq.encodeInto(w);
    }
    if (buffer) {
      w.putSigned(r.bufferAttachedBytes).putVar(r.bufferUsedBytes).putVar(r.bufferedInTransit);
      wire.putLocation(r.bufferAttachedAt, w);
    }
    if ((mask & 4) != 0) {
      w.putVar(r.bindOffers.size());
      r.bindOffers.forEach(o -> WireCodec.putBindOffer(o, w));
    }
    if ((mask & 8) != 0) {
      w.putVar(ready.size());
      ready.forEach((key, receives) -> {
        w.putId(key).putVar(receives.length);
        for (long id : receives) {
          w.putId(id);
        }
      });
    }
    if ((mask & 16) != 0) {
      w.putVar(log.nonblockingPending).putVar(log.calls.size());
      log.calls.forEach((ctx, calls) -> {
        w.putVar(ctx).putVar(calls.size());
        for (Collectives.Call c : calls) {
          w.putVar(WireCodec.putEnum(c.kind())).putBoolean(c.nonblocking()).putSigned(c.root()).putSigned(c.count())
              .putVar(WireCodec.putEnum(c.type())).putVar(WireCodec.putEnum(c.op()));
          wire.putLocation(c.at(), w);
          w.putVar(WireCodec.putEnum(c.comm() == null ? null : c.comm().kind()));
          if (c.comm() != null) {
            w.putSigned(c.comm().color()).putSigned(c.comm().key()).putSigned(c.comm().created());
          }
          w.putVar(c.counts() == null ? 0 : c.counts().size() + 1);
          if (c.counts() != null) {
            c.counts().forEach(w::putSigned);
          }
        }
      });
    }
    if ((mask & 32) != 0) {
      r.partitions().encodeInto(w, wire);
    }
    if ((mask & 64) != 0) {
      w.putVar(r.comms().groups.size());
      r.comms().groups.forEach((ctx, members) -> {
        w.putVar(ctx).putVar(members.length);
        for (int m : members) {
          w.putVar(m);
        }
      });
      for (long f : r.comms().freed) {
        w.putSigned(f);
      }
    }
    if ((mask & SHARED) != 0) {
      for (long v : r.shared) {
        w.putSigned(v);
      }
    }
  }

  /** A rank's mask bit: its shared variables' slots ({@link RankState#shared}) follow, not all unset. */
  private static final int SHARED = 1 << 10;

  private RankState getRank(int rank, StateReader in) {
    ModelSpec spec = template.spec;
    MatchingEngine engine = spec.options().queues() == ModelOptions.QueueKind.BUCKETED
        ? new MatchingEngine(spec.options().wildcard(), new AdaptivePostedQueue(), new AdaptiveUnexpectedQueue())
        : new MatchingEngine(spec.options().wildcard(), new ReferencePostedQueue(), new ReferenceUnexpectedQueue());
    engine.decodeFrom(in, wire::getMessage);
    List<Code> codes = spec.threads().get(rank);
    ThreadState[] threads = new ThreadState[codes.size()];
    for (int t = 0; t < threads.length; t++) {
      threads[t] = getThread(rank, t, codes.get(t), in);
    }
    RankState r = new RankState(rank, engine, threads);
    int mask = in.getVarInt();
    if ((mask & 1) != 0) {
      r.sendSeq.decodeFrom(in);
    }
    if ((mask & 2) != 0) {
      r.bufferAttachedBytes = in.getSigned();
      r.bufferUsedBytes = in.getVar();
      r.bufferedInTransit = in.getVarInt();
      r.bufferAttachedAt = wire.getLocation(in);
    }
    if ((mask & 4) != 0) {
      for (int n = in.getVarInt(); n > 0; n--) {
        r.bindOffers.add(WireCodec.getBindOffer(in));
      }
    }
    if ((mask & 8) != 0) {
      r.readySends.pending = new TreeMap<>();
      for (int n = in.getVarInt(); n > 0; n--) {
        long key = in.getId();
        long[] receives = new long[in.getVarInt()];
        for (int i = 0; i < receives.length; i++) {
          receives[i] = in.getId();
        }
        r.readySends.pending.put(key, receives);
      }
    }
    if ((mask & 16) != 0) {
      r.collectives.nonblockingPending = in.getVarInt();
      for (int n = in.getVarInt(); n > 0; n--) {
        int ctx = in.getVarInt();
        for (int k = in.getVarInt(); k > 0; k--) {
          CollectiveKind kind = WireCodec.getEnum(COLLECTIVES, in.getVarInt());
          boolean nonblocking = in.getBoolean();
          int root = in.getSignedInt();
          int count = in.getSignedInt();
          Datatype type = WireCodec.getEnum(TYPES, in.getVarInt());
          ReduceOp op = WireCodec.getEnum(OPS, in.getVarInt());
          SourceLocation at = wire.getLocation(in);
          Communicators.Kind commKind = WireCodec.getEnum(COMM_CALLS, in.getVarInt());
          Communicators.CommCall comm = commKind == null ? null
              : new Communicators.CommCall(commKind, in.getSignedInt(), in.getSignedInt(), in.getSignedInt());
          List<Integer> counts = null;
          int n1 = in.getVarInt();
          if (n1 > 0) {
            counts = new ArrayList<>(n1 - 1);
            for (int i = 1; i < n1; i++) {
              counts.add(in.getSignedInt());
            }
            counts = List.copyOf(counts);
          }
          r.collectives.add(ctx, new Collectives.Call(kind, nonblocking, root, count, type, op, at, comm, counts));
        }
      }
    }
    if ((mask & 32) != 0) {
      r.partitionsForWrite().decodeFrom(in, wire);
    }
    if ((mask & 64) != 0) {
      for (int n = in.getVarInt(); n > 0; n--) {
        int ctx = in.getVarInt();
        int[] members = new int[in.getVarInt()];
        for (int i = 0; i < members.length; i++) {
          members[i] = in.getVarInt();
        }
        r.commsForWrite().groups.put(ctx, members);
      }
      for (int i = 0; i < r.commsForWrite().freed.length; i++) {
        r.commsForWrite().freed[i] = in.getSigned();
      }
    }
    if ((mask & SHARED) != 0) {
      for (int i = 0; i < r.shared.length; i++) {
        r.shared[i] = in.getSigned();
      }
    }
    return r;
  }

  /** Which parts of a thread differ from a new thread's, one bit each: the thread writes those only. */
  private static final int PC = 1;
  private static final int LIFE = 2;
  private static final int NEXT = 4;
  private static final int VARS = 8;
  private static final int INTERNAL = 16;
  private static final int COLLECTIVE = 32;
  private static final int REQUESTS = 64;
  private static final int HANDLES = 128;

  private static boolean unset(long[] vars) {
    for (long v : vars) {
      if (v != -1) {
        return false;
      }
    }
    return true;
  }

  private void putThread(ThreadState t, StateWriter w) {
    int mask = (t.pc != 0 ? PC : 0) | (t.life != ThreadState.Life.RUNNING || t.block != BlockKind.NONE ? LIFE : 0)
        | (t.nextRequestIndex != 0 ? NEXT : 0) | (unset(t.vars) ? 0 : VARS) | (t.internal.length > 0 ? INTERNAL : 0)
        | (t.collective != null ? COLLECTIVE : 0) | (t.requests.isEmpty() ? 0 : REQUESTS)
        | (t.handles.isEmpty() && t.handleAt.isEmpty() ? 0 : HANDLES);
    w.putVar(mask);
    if ((mask & PC) != 0) {
      w.putVar(t.pc);
    }
    if ((mask & LIFE) != 0) {
      w.putVar(t.life.ordinal() * 16L + t.block.ordinal());
    }
    if ((mask & NEXT) != 0) {
      w.putVar(t.nextRequestIndex);
    }
    if ((mask & VARS) != 0) {
      for (long v : t.vars) {
        w.putSigned(v);
      }
    }
    if ((mask & INTERNAL) != 0) {
      w.putVar(t.internal.length);
      for (int i : t.internal) {
        w.putSigned(i);
      }
    }
    Collectives.Pending p = t.collective;
    if (p != null) {
      w.putVar(p.result() == null ? 1 : 2).putVar(p.context()).putVar(p.index()).putBoolean(p.sync());
      if (p.result() != null) {
        w.putString(p.result());
      }
    }
    if ((mask & REQUESTS) != 0) {
      w.putVar(t.requests.size());
      for (Request r : t.requests.values()) {
        requests.put(r, w);
      }
    }
    if ((mask & HANDLES) != 0) {
      w.putVar(t.handles.size());
      t.handles.values().forEach(m -> wire.putMessage(m, w));
      w.putVar(t.handleAt.size());
      t.handleAt.forEach((key, at) -> {
        w.putId(key);
        wire.putLocation(at, w);
      });
    }
  }

  private ThreadState getThread(int rank, int thread, Code code, StateReader in) {
    ThreadState t = new ThreadState(rank, thread, code);
    int mask = in.getVarInt();
    if ((mask & PC) != 0) {
      t.pc = in.getVarInt();
    }
    if ((mask & LIFE) != 0) {
      int lifeBlock = in.getVarInt();
      t.life = WireCodec.getEnum(LIVES, (lifeBlock >> 4) + 1);
      t.block = WireCodec.getEnum(BLOCKS, (lifeBlock & 15) + 1);
    }
    if ((mask & NEXT) != 0) {
      t.nextRequestIndex = in.getVarInt();
    }
    if ((mask & VARS) != 0) {
      for (int i = 0; i < t.vars.length; i++) {
        t.vars[i] = in.getSigned();
      }
    }
    t.internal = Calls.NO_INTERNAL;
    if ((mask & INTERNAL) != 0) {
      t.internal = new int[in.getVarInt()];
      for (int i = 0; i < t.internal.length; i++) {
        t.internal[i] = in.getSignedInt();
      }
    }
    if ((mask & COLLECTIVE) != 0) {
      int kind = in.getVarInt();
      t.collective = new Collectives.Pending(in.getVarInt(), in.getVarInt(), in.getBoolean(),
          kind == 2 ? in.getString() : null);
    }
    if ((mask & REQUESTS) != 0) {
      for (int n = in.getVarInt(); n > 0; n--) {
        Request r = requests.get(rank, thread, in);
        t.requests.put(RequestIds.index(r.id), r);
      }
    }
    if ((mask & HANDLES) != 0) {
      for (int n = in.getVarInt(); n > 0; n--) {
        Message m = wire.getMessage(in);
        t.handlesForWrite().put(m.key(), m);
      }
      for (int n = in.getVarInt(); n > 0; n--) {
        t.handleAtForWrite().put(in.getId(), wire.getLocation(in));
      }
    }
    return t;
  }
}
