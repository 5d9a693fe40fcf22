package dev.matchpoint.mpi.rank;

import com.google.common.hash.PrimitiveSink;
import dev.matchpoint.mpi.ErrorClass;
import dev.matchpoint.mpi.Mpi;
import dev.matchpoint.mpi.match.Envelopes;
import dev.matchpoint.mpi.match.Message;
import dev.matchpoint.mpi.match.PostedReceive;
import dev.matchpoint.mpi.program.CommOp;
import dev.matchpoint.mpi.program.Instr;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.VarLayout;
import dev.matchpoint.mpi.program.VarType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Communicators at run time (MPI-3.1 chapter 6): MPI_Comm_dup, MPI_Comm_split, MPI_Comm_free,
 * MPI_Comm_rank, MPI_Comm_size and MPI_COMM_NULL.
 *
 * <ul>
 *   <li>A communicator is a context id and a group. The scenario's communicators (MPI_COMM_WORLD,
 *       context 0, and the declared duplicates, 1..n-1) span every rank in world order; each rank
 *       keeps a {@link Table} of the communicators created at run time that it is a member of:
 *       context id to members (world ranks, in the order of their ranks in the communicator). A
 *       communicator variable holds the context id + 1, or 0 for MPI_COMM_NULL.
 *   <li>Comm_dup and Comm_split are collective over the parent (MPI-3.1 §6.4.2: "This is a
 *       collective call"), logged and matched with the parent's other collectives ({@link Collectives}:
 *       the same order, a mismatch reported with both locations), and every member returns once all
 *       members have called. The new communicator's context id is chosen by the member whose call
 *       completes the operation: the lowest id above the scenario's that no member of the parent
 *       uses or still refers to (a request, a queued message or a message in flight in it: {@link
 *       #referenced}) and on which they have logged as many collectives ({@link #choose}). Every
 *       member binds the id the completing member chose; it depends on the schedule only when a
 *       freed communicator's traffic is still outstanding. All groups of one split share the id,
 *       as they share no member (the call "partitions the group associated with comm into
 *       disjoint subgroups", §6.4.2), so a message of one group never reaches another, and "A
 *       message sent in one context cannot be received in another context" (§6.2.2).
 *   <li>Comm_split groups the members by colour, ranked by key, then by rank in the parent
 *       (§6.4.2: "Within each subgroup, the processes are ranked in the order defined by the value
 *       of the argument key, with ties broken according to their rank in the old group"); the
 *       colour MPI_UNDEFINED binds MPI_COMM_NULL.
 *   <li>Comm_free marks the communicator freed at the calling rank and sets a variable argument to
 *       MPI_COMM_NULL (§6.4.3); it is ordered with the communicator's collectives but waits for no
 *       other member. Its context id may be chosen again once no member of a new communicator's
 *       parent uses it or refers to it (§6.4.3: "the object is actually deallocated only if there
 *       are no other active references to it").
 *   <li>A freed communicator, MPI_COMM_NULL, or freeing MPI_COMM_WORLD is MPI_ERR_COMM at the call
 *       ({@link #invalid}); the call returns with its output handles null.
 * </ul>
 */
final class Communicators {
  private Communicators() {}

  /** The communicator calls that are collective over their communicator. */
  enum Kind {
    DUP("MPI_Comm_dup"),
    SPLIT("MPI_Comm_split"),
    FREE("MPI_Comm_free");

    final String mpiName;

    Kind(String mpiName) {
      this.mpiName = mpiName;
    }
  }

  /**
   * The communicator arguments of one member's call of Comm_dup, Comm_split or Comm_free, logged
   * with the parent's collectives.
   *
   * @param kind the call
   * @param color the colour (Comm_split), {@link Mpi#UNDEFINED} for MPI_UNDEFINED; 0 otherwise
   * @param key the key (Comm_split); 0 otherwise
   * @param created the context id chosen for the new communicator when this call completed the
   *     operation, -2 when no id was free, else -1
   */
  record CommCall(Kind kind, int color, int key, int created) {
    void hashInto(PrimitiveSink sink) {
      sink.putInt(kind.ordinal()).putInt(color).putInt(key).putInt(created);
    }
  }

  /** A rank's communicators created at run time. Copied with its rank. */
  static final class Table {
    /** The table of a rank that has none: read only. */
    static final Table EMPTY = new Table();
    /** Context id to members (world ranks, in communicator rank order). */
    final TreeMap<Integer, int[]> groups = new TreeMap<>();
    /** Context ids freed at this rank, one bit each (a scenario's communicator stays freed). */
    final long[] freed = new long[4];

    Table copy() {
      Table c = new Table();
      c.groups.putAll(groups); // member arrays are never written
      System.arraycopy(freed, 0, c.freed, 0, freed.length);
      return c;
    }

    boolean isFreed(int context) {
      return (freed[context >>> 6] & (1L << context)) != 0;
    }

    void setFreed(int context, boolean value) {
      if (value) {
        freed[context >>> 6] |= 1L << context;
      } else {
        freed[context >>> 6] &= ~(1L << context);
      }
    }

    boolean isEmpty() {
      return groups.isEmpty() && freed[0] == 0 && freed[1] == 0 && freed[2] == 0 && freed[3] == 0;
    }

    void hashInto(PrimitiveSink sink) {
      sink.putInt(groups.size());
      for (Map.Entry<Integer, int[]> e : groups.entrySet()) {
        sink.putInt(e.getKey()).putInt(e.getValue().length);
        for (int m : e.getValue()) {
          sink.putInt(m);
        }
      }
      for (long f : freed) {
        sink.putLong(f);
      }
    }
  }

  // ---- resolution ----------------------------------------------------------------------------

  /** The variable slot value of MPI_COMM_NULL. */
  static final long COMM_NULL = 0;

  /** Whether {@code name} is a communicator variable of the thread's program (else a scenario's name). */
  private static boolean isVariable(ThreadState t, String name) {
    VarLayout.Var v = t.code.layout().vars().get(name);
    return v != null && v.type() == VarType.COMM;
  }

  /**
   * The context id a communicator argument names, or -1 for MPI_COMM_NULL.
   *
   * @throws ProgramError when a variable is read before any call set it
   */
  /**
   * Whether some thread's program of {@code spec} makes a communicator call or names a
   * communicator that is not one of the scenario's (a variable, or MPI_COMM_NULL).
   */
  static boolean used(ModelSpec spec) {
    for (dev.matchpoint.mpi.program.Code code : spec.distinctCodes()) {
      for (int pc = 0; pc < code.size(); pc++) {
        if (code.at(pc) instanceof dev.matchpoint.mpi.program.Instr.Call c) {
          String comm = commOf(c.op());
          if (c.op() instanceof MpiOp.Comm || (comm != null && !spec.communicators().containsKey(comm))) {
            return true;
          }
        }
      }
    }
    return false;
  }

  private static int lookup(World w, ThreadState t, String name) throws ProgramError {
    if (name.equals(w.lastDeclaredComm)) {
      return w.lastDeclaredContext;
    }
    Integer fixed = w.spec.communicators().get(name);
    if (fixed != null) {
      w.lastDeclaredComm = name;
      w.lastDeclaredContext = fixed;
      return fixed;
    }
    if (name.equals(CommOp.NULL)) {
      return -1;
    }
    long v = t.vars[t.code.layout().var(name).slot()];
    if (v < 0) {
      throw new ProgramError("communicator '" + name + "' is read before any call set it");
    }
    return (int) v - 1;
  }

  /**
   * Why a communicator argument is not a valid communicator of the calling rank (MPI_ERR_COMM,
   * MPI-3.1 §8.4), or null when it is.
   *
   * @throws ProgramError when a variable is read before any call set it
   */
  static String invalid(World w, ThreadState t, String name) throws ProgramError {
    w.touchComms(t.rank, false);
    int ctx = lookup(w, t, name);
    if (ctx < 0) {
      return (name.equals(CommOp.NULL) ? "" : "communicator '" + name + "' is ") + "MPI_COMM_NULL";
    }
    Table comms = w.ranks[t.rank].comms();
    if (comms.isFreed(ctx) || (ctx >= statics(w) && !comms.groups.containsKey(ctx))) {
      return "communicator '" + name + "' was freed";
    }
    return null;
  }

  /** The number of the scenario's communicators: context ids below it are theirs. */
  private static int statics(World w) {
    return w.spec.communicators().size();
  }

  /**
   * The context id of a valid communicator argument ({@link #invalid} said null).
   *
   * @throws ProgramError when a variable is read before any call set it
   */
  static int context(World w, ThreadState t, String name) throws ProgramError {
    return lookup(w, t, name);
  }

  /**
   * The members of a communicator of {@code rank}: world ranks in communicator rank order, or null
   * when it spans the world in world order (a scenario's communicator).
   */
  static int[] members(World w, int rank, int context) {
    return !w.runtimeComms() || context < statics(w) ? null : w.ranks[rank].comms().groups.get(context);
  }

  /** The size of a communicator of {@code rank}. */
  static int size(World w, int rank, int context) {
    int[] m = members(w, rank, context);
    return m == null ? w.size : m.length;
  }

  /** The rank of world rank {@code worldRank} in a communicator of {@code rank}, or -1 when no member. */
  static int rankIn(World w, int rank, int context, int worldRank) {
    int[] m = members(w, rank, context);
    if (m == null) {
      return worldRank;
    }
    for (int i = 0; i < m.length; i++) {
      if (m[i] == worldRank) {
        return i;
      }
    }
    return -1;
  }

  /** The world rank of rank {@code commRank} (in range) of a communicator of {@code rank}. */
  static int worldRank(World w, int rank, int context, int commRank) {
    int[] m = members(w, rank, context);
    return m == null ? commRank : m[commRank];
  }

  /** Whether a call of {@code code} names a communicator variable (which may be a split communicator). */
  static boolean onVariable(dev.matchpoint.mpi.program.Code code, MpiOp op) {
    String comm = commOf(op);
    VarLayout.Var v = comm == null ? null : code.layout().vars().get(comm);
    return v != null && v.type() == VarType.COMM;
  }

  /** The communicator argument of a call, or null when it has none. */
  static String commOf(MpiOp op) {
    if (op instanceof MpiOp.Send s) {
      return s.comm();
    } else if (op instanceof MpiOp.Isend s) {
      return s.comm();
    } else if (op instanceof MpiOp.Recv r) {
      return r.comm();
    } else if (op instanceof MpiOp.Irecv r) {
      return r.comm();
    } else if (op instanceof MpiOp.Probe p) {
      return p.comm();
    } else if (op instanceof MpiOp.Iprobe p) {
      return p.comm();
    } else if (op instanceof MpiOp.Mprobe p) {
      return p.comm();
    } else if (op instanceof MpiOp.Improbe p) {
      return p.comm();
    } else if (op instanceof MpiOp.Sendrecv s) {
      return s.comm();
    } else if (op instanceof MpiOp.SendInit s) {
      return s.comm();
    } else if (op instanceof MpiOp.RecvInit r) {
      return r.comm();
    } else if (op instanceof MpiOp.Collective x) {
      return x.comm();
    } else if (op instanceof MpiOp.Comm x) {
      return x.comm();
    } else if (op instanceof MpiOp.PartitionCall x) {
      return x.comm();
    } else if (op instanceof dev.matchpoint.mpi.program.PointToPointOps.SendrecvReplace x) {
      return x.comm();
    } else if (op instanceof dev.matchpoint.mpi.program.PointToPointOps.Isendrecv x) {
      return x.exchange().comm();
    }
    return null;
  }

  /**
   * Checks a call's communicator before the call runs: an invalid one is MPI_ERR_COMM, reported at
   * the statement; the call then returns with its output handles set to their null values (its
   * request, message or communicator) and its flag false.
   *
   * @return whether the call was erroneous (and has returned)
   * @throws ProgramError when a communicator variable is read before any call set it
   */
  static boolean rejects(World w, ThreadState t, Instr.Call c) throws ProgramError {
    MpiOp op = c.op();
    String comm = commOf(op);
    String why = comm == null ? null : invalid(w, t, comm);
    if (why == null && op instanceof CommOp.Free f && f.comm().equals(MpiOp.WORLD)) {
      why = "MPI_COMM_WORLD cannot be freed";
    }
    if (why == null) {
      return false;
    }
    w.error(t, op.mpiName(), ErrorClass.MPI_ERR_COMM, why, c.at());
    String request = op instanceof MpiOp.Isend s ? s.request() : op instanceof MpiOp.Irecv r ? r.request()
        : op instanceof MpiOp.SendInit s ? s.request() : op instanceof MpiOp.RecvInit r ? r.request()
        : op instanceof MpiOp.Collective x ? x.request() : null;
    if (request != null) {
      Vars.setRequest(t, request, Vars.REQUEST_NULL);
    }
    if (op instanceof MpiOp.Iprobe p) {
      Vars.setFlag(t, p.flag(), false);
    } else if (op instanceof MpiOp.Improbe p) {
      Vars.setFlag(t, p.flag(), false);
      Vars.setMessage(t, p.message(), Vars.MESSAGE_NULL);
    } else if (op instanceof MpiOp.Mprobe p) {
      Vars.setMessage(t, p.message(), Vars.MESSAGE_NULL);
    } else if (op instanceof CommOp.Dup d) {
      setComm(t, d.into(), COMM_NULL);
    } else if (op instanceof CommOp.Split s) {
      setComm(t, s.into(), COMM_NULL);
    }
    return true;
  }

  private static void setComm(ThreadState t, String name, long value) {
    t.vars[t.code.layout().var(name).slot()] = value;
  }

  /** What a communicator call bound, e.g. {@code newcomm=context 2}, {@code rank=1}; empty for Comm_free. */
  static String result(MpiOp.Comm x, ThreadState t) {
    String into = x instanceof CommOp.Dup d ? d.into() : x instanceof CommOp.Split s ? s.into() : null;
    if (into != null) {
      long v = t.vars[t.code.layout().var(into).slot()];
      return "newcomm=" + (v <= COMM_NULL ? "MPI_COMM_NULL" : "context " + (v - 1));
    } else if (x instanceof CommOp.Rank r) {
      return "rank=" + Vars.intValue(t, r.into());
    } else if (x instanceof CommOp.Size s) {
      return "size=" + Vars.intValue(t, s.into());
    }
    return "";
  }

  // ---- local calls ---------------------------------------------------------------------------

  /** MPI_Comm_rank and MPI_Comm_size (MPI-3.1 §6.4.1): local; MPI_ERR_COMM for an invalid communicator. */
  static void local(World w, ThreadState t, MpiOp.Comm x, dev.matchpoint.mpi.program.SourceLocation at)
      throws ProgramError {
    String why = invalid(w, t, x.comm());
    if (why != null) {
      w.error(t, x.mpiName(), ErrorClass.MPI_ERR_COMM, why, at);
      return;
    }
    int ctx = context(w, t, x.comm());
    if (x instanceof CommOp.Rank r) {
      Vars.setInt(t, r.into(), rankIn(w, t.rank, ctx, t.rank));
    } else if (x instanceof CommOp.Size s) {
      Vars.setInt(t, s.into(), size(w, t.rank, ctx));
    }
  }

  // ---- collective calls ------------------------------------------------------------------------

  /**
   * Runs a step of Comm_dup, Comm_split or Comm_free (the communicator argument is valid, {@link
   * #rejects}): its start, logged with the parent's collectives, or the return of a blocked
   * Comm_dup or Comm_split once every member has called.
   *
   * @return whether the call returns now
   */
  static boolean exec(World w, ThreadState t, Instr.Call c, MpiOp.Comm x) throws ProgramError {
    int parent = context(w, t, x.comm());
    if (t.collective == null) {
      Kind kind = x instanceof CommOp.Dup ? Kind.DUP : x instanceof CommOp.Split ? Kind.SPLIT : Kind.FREE;
      int color = 0;
      int key = 0;
      if (x instanceof CommOp.Split s) {
        color = s.color() == null ? Mpi.UNDEFINED : Vars.eval(s.color(), t, w.size);
        key = Vars.eval(s.key(), t, w.size);
        if (color < 0 && s.color() != null) {
          // Still the member's part, as MPI_UNDEFINED, so that the other members are not left waiting.
          w.error(t, x.mpiName(), ErrorClass.MPI_ERR_OTHER, "colour " + color + " is negative (expected a colour of "
              + "at least 0, or undefined for MPI_UNDEFINED)", c.at());
          color = Mpi.UNDEFINED;
        }
      }
      int created = kind != Kind.FREE && completes(w, t.rank, parent) ? choose(w, t.rank, parent) : -1;
      if (created == -2) {
        w.error(t, x.mpiName(), ErrorClass.MPI_ERR_OTHER, "no context id is free at every member (a model has at "
            + "most " + ModelSpec.MAX_CONTEXTS + " communicators per rank)", c.at());
      }
      Collectives.Call call = Collectives.Call.of(new CommCall(kind, color, key, created), c.at());
      int index = Collectives.append(w, t, c, x.comm(), parent, call);
      if (kind == Kind.FREE) {
        free(w, t, x.comm(), parent);
        return true;
      }
      return Collectives.await(w, t, parent, index, true, () -> bind(w, t, x, parent));
    }
    return Collectives.resume(w, t, () -> bind(w, t, x, parent));
  }

  /** Whether the calling rank's call completes the operation: every other member has called it. */
  private static boolean completes(World w, int rank, int parent) {
    int index = w.ranks[rank].collectives.count(parent);
    for (int m : all(w, rank, parent)) {
      if (m != rank && w.ranks[m].collectives.count(parent) <= index) {
        return false;
      }
    }
    return true;
  }

  /** The members of a communicator of {@code rank}, as world ranks. */
  static int[] all(World w, int rank, int context) {
    int[] m = members(w, rank, context);
    if (m == null) {
      m = new int[w.size];
      Arrays.setAll(m, i -> i);
    }
    return m;
  }

  /**
   * The lowest context id above the scenario's that no member of the parent uses or refers to
   * ({@link #referenced}) and on which all members have logged as many collectives (a freed id's
   * log goes on: the new communicator's k-th collective must be the k-th new entry at every
   * member); -2 when none is free.
   */
  private static int choose(World w, int rank, int parent) {
    int[] members = all(w, rank, parent);
    for (int id = statics(w); id < ModelSpec.MAX_CONTEXTS; id++) {
      boolean free = true;
      int logged = w.ranks[members[0]].collectives.count(id);
      for (int m : members) {
        w.touchComms(m, false);
        w.touchCollective(id, false);
        if (w.ranks[m].comms().groups.containsKey(id) || w.ranks[m].collectives.count(id) != logged
            || referenced(w, m, id)) {
          free = false;
          break;
        }
      }
      if (free) {
        return id;
      }
    }
    return -2;
  }

  /**
   * Whether rank {@code m} still refers to context {@code id} (MPI-3.1 §6.4.3: "Any pending
   * operations that use this communicator will complete normally; the object is actually
   * deallocated only if there are no other active references to it"): a request of one of its
   * threads in that context (pending, or persistent and inactive), a posted receive or an
   * unexpected message in it, or a message some rank sent to {@code m} in it that has not reached
   * {@code m}'s matching engine yet. While it does, the id is not chosen again, so that "A message
   * sent in one context cannot be received in another context" (§6.2.2) holds for a communicator
   * freed with its traffic outstanding. Reads what it scans (the rank's threads, queues and every
   * link to it), so that a reduced search orders this choice with the steps that change it.
   */
  private static boolean referenced(World w, int m, int id) {
    RankState rank = w.ranks[m];
    if (!rank.comms().isFreed(id)) {
      return false; // never a communicator of m's: m has nothing in it (its table was read by choose)
    }
    w.touchQueue(m, Envelopes.ANY, false);
    w.touchPosted(m, false);
    for (Message u : rank.engine.unexpectedMessages()) {
      if (u.context() == id) {
        return true;
      }
    }
    for (PostedReceive p : rank.engine.postedReceives()) {
      if (p.context() == id) {
        return true;
      }
    }
    for (int t = 0; t < rank.threads.length; t++) {
      w.touchObject(ObjectIds.thread(m, t), false);
      w.touchObject(ObjectIds.sendrecvHalf(m, t, Action.Half.SEND), false);
      w.touchObject(ObjectIds.sendrecvHalf(m, t, Action.Half.RECEIVE), false);
      for (Request r : rank.threads[t].requests.values()) {
        if (r.context == id) {
          return true;
        }
      }
    }
    for (int s = 0; s < w.size; s++) {
      w.touchObject(ObjectIds.linkTail(s, m), false);
      w.touchObject(ObjectIds.linkHead(s, m), false);
      if (w.ranks[s].sent(m, id) > rank.engine.released(s, id)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Binds the new communicator of a completed Comm_dup or Comm_split: the context id the completing
   * member chose, the members of the caller's colour ordered by (key, rank in the parent).
   */
  private static void bind(World w, ThreadState t, MpiOp.Comm x, int parent) {
    int index = t.collective.index();
    int[] parentMembers = all(w, t.rank, parent);
    CommCall mine = w.ranks[t.rank].collectives.get(parent, index).comm();
    int created = -1;
    List<int[]> group = new ArrayList<>(); // {key, parent rank, world rank}
    for (int p = 0; p < parentMembers.length; p++) {
      CommCall other = w.ranks[parentMembers[p]].collectives.get(parent, index).comm();
      if (other == null || other.kind() != mine.kind()) {
        continue; // a mismatched call, reported as such ({@link Collectives#RULE}): no member here
      }
      if (other.created() != -1) {
        created = other.created();
      }
      if (other.color() == mine.color()) {
        group.add(new int[] {other.key(), p, parentMembers[p]});
      }
    }
    String into = x instanceof CommOp.Dup d ? d.into() : ((CommOp.Split) x).into();
    if (created < 0 || mine.color() == Mpi.UNDEFINED) {
      setComm(t, into, COMM_NULL);
      return;
    }
    group.sort((a, b) -> a[0] != b[0] ? Integer.compare(a[0], b[0]) : Integer.compare(a[1], b[1]));
    int[] members = new int[group.size()];
    for (int i = 0; i < members.length; i++) {
      members[i] = group.get(i)[2];
    }
    w.touchComms(t.rank, true);
    Table table = w.rank(t.rank).commsForWrite();
    table.groups.put(created, members);
    table.setFreed(created, false);
    setComm(t, into, created + 1L);
  }

  /** Comm_free at the calling rank: the communicator is freed here; a variable becomes MPI_COMM_NULL. */
  private static void free(World w, ThreadState t, String name, int context) {
    w.touchComms(t.rank, true);
    Table table = w.rank(t.rank).commsForWrite();
    table.groups.remove(context);
    table.setFreed(context, true);
    if (isVariable(t, name)) {
      setComm(t, name, COMM_NULL);
    }
  }
}
