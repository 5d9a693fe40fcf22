package dev.matchpoint.mpi.rank;

import dev.matchpoint.core.net.InFlight;
import dev.matchpoint.core.net.Packet;
import dev.matchpoint.mpi.ErrorClass;
import dev.matchpoint.mpi.Mpi;
import dev.matchpoint.mpi.RequestIds;
import dev.matchpoint.mpi.match.Envelopes;
import dev.matchpoint.mpi.program.Expr;
import dev.matchpoint.mpi.program.Instr;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.PartitionCalls;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Partitioned point-to-point communication (MPI-4.0 chapter 4).
 *
 * <ul>
 *   <li><b>Initialisation</b> (§4.2.1): MPI_Psend_init and MPI_Precv_init are local and create an
 *       inactive persistent request. They match "in the order in which partitioned communication
 *       initialization calls are made": the n-th MPI_Psend_init of rank s to rank d with a tag and
 *       communicator matches the n-th MPI_Precv_init of rank d from rank s with that tag and
 *       communicator, and only such a call. The model takes one source and one tag (no wildcards).
 *   <li><b>Epochs</b>: MPI_Start/MPI_Startall begins one communication on the request. "For
 *       send-side operations, neither initializing nor starting the operation enables transfer of
 *       any part of the user buffer": a send partition is transferred only once MPI_Pready,
 *       MPI_Pready_range or MPI_Pready_list marks it ready, as one PDATA packet (its bytes plus a
 *       header) on the network. A PDATA packet carries no order with the other packets of its link:
 *       in logical mode each one in flight is a delivery of its own, so partitions arrive in any
 *       order and the explorer tries the orders; in timed mode the network model costs it like any
 *       packet. The send completes once every partition has left; the receive once every partition
 *       has arrived (§4.2.2). A partition that arrives before its receive's epoch started waits at
 *       the receiving rank ({@link Partitioned.Table#ahead}).
 *   <li><b>Partial completion</b> (§4.2.2): MPI_Parrived sets its flag when the partition has
 *       arrived; the two sides may partition the same bytes differently (a receive partition has
 *       arrived once every send partition overlapping it has). On a null or inactive request it
 *       returns flag = true (MPI-4.1 §4.2.2 states this; MPI-4.0 left it unsaid).
 *   <li><b>Erroneous uses</b>, reported at the statement: MPI_Pready on a request that is not
 *       active, a partition marked ready twice in one epoch, send and receive buffers of different
 *       total sizes (§4.2.3: the partitions "make up the entire buffer to be transferred"), the two
 *       sides' datatypes not matching (MPI-3.1 §3.3.1), freeing or cancelling an active request
 *       whose operation has not completed (§4.2.1); MPI_ERR_REQUEST for a request of the wrong
 *       kind, MPI_ERR_ARG for a partition out of range.
 * </ul>
 *
 * <p>State: the request's {@link Partitioned} part, and the rank's {@link Partitioned.Table}
 * (initialisations counted, partitions arrived ahead), recorded in footprints as the rank's
 * binding state ({@link ObjectIds#binds}).
 */
final class Partitions {
  private Partitions() {}

  /** The packet kind of one partition. */
  static final String PDATA = "PDATA";

  static final String PREADY_INACTIVE = "MPI_Pready on a partitioned request that is not active (MPI-4.0 §4.2.1)";
  static final String PREADY_TWICE = "partition marked ready twice in one epoch (MPI-4.0 §4.2.1)";
  static final String SIZE_MISMATCH = "partitioned send and receive buffers differ in size (MPI-4.0 §4.2.3)";
  static final String FREE_ACTIVE = "freeing or cancelling an active partitioned request (MPI-4.0 §4.2.1)";

  static boolean exec(World w, ThreadState t, Instr.Call c, MpiOp.PartitionCall op) throws ProgramError {
    if (op instanceof PartitionCalls.PsendInit s) {
      init(w, t, c, true, s.dest(), s.tag(), s.partitions(), s.count(), s.type(), s.comm(), s.request());
    } else if (op instanceof PartitionCalls.PrecvInit r) {
      init(w, t, c, false, r.source(), r.tag(), r.partitions(), r.count(), r.type(), r.comm(), r.request());
    } else if (op instanceof PartitionCalls.Pready p) {
      pready(w, t, c, p);
    } else if (op instanceof PartitionCalls.Parrived p) {
      parrived(w, t, c, p);
    } else {
      throw new AssertionError(op);
    }
    return true;
  }

  private static void init(World w, ThreadState t, Instr.Call c, boolean sender, Expr peerExpr, Expr tagExpr,
      Expr partitionsExpr, Expr countExpr, dev.matchpoint.mpi.Datatype type, String comm, String var)
      throws ProgramError {
    int peer = Vars.eval(peerExpr, t, w.size);
    int tag = Vars.eval(tagExpr, t, w.size);
    int partitions = Vars.eval(partitionsExpr, t, w.size);
    int count = Vars.eval(countExpr, t, w.size);
    String name = c.op().mpiName();
    if (w.calls.check(t, c, peerExpr, peer, tagExpr, tag, count, !sender) != ErrorClass.MPI_SUCCESS) {
      Vars.setRequest(t, var, Vars.REQUEST_NULL);
      return;
    }
    if (partitions < 0) {
      w.error(t, name, ErrorClass.MPI_ERR_ARG, "partitions = " + partitions + " (a non-negative integer)", c.at());
      Vars.setRequest(t, var, Vars.REQUEST_NULL);
      return;
    }
    if (peer == Envelopes.ANY || tag == Envelopes.ANY || peer == Mpi.PROC_NULL) {
      w.erroneous(t.rank, t.thread, "partitioned communication with a wildcard or MPI_PROC_NULL is not modelled",
          name + " must name one peer rank and one tag (the model matches partitioned calls by their order)",
          c.at());
      Vars.setRequest(t, var, Vars.REQUEST_NULL);
      return;
    }
    int context = Communicators.context(w, t, comm);
    peer = w.calls.world(t, comm, peer);
    w.touchBinds(t.rank, true);
    int ordinal = w.rank(t.rank).partitionsForWrite().next(new Partitioned.Key(sender, peer, tag, context));
    w.touchThread(t);
    Request r = t.newRequest(RequestKind.PARTITIONED, true);
    r.persistent = true;
    r.part = new Partitioned(sender, partitions, (long) count * type.sizeBytes(), ordinal);
    if (sender) {
      r.dest = peer;
      r.tag = tag;
      r.sizeBytes = partitions * r.part.bytesPerPartition;
    } else {
      r.sourcePattern = peer;
      r.tagPattern = tag;
      r.capacityBytes = partitions * r.part.bytesPerPartition;
    }
    r.context = context;
    r.type = type;
    Persistent.inactive(r);
    Vars.setRequest(t, var, RequestIds.index(r.id) + 1);
  }

  /** MPI_Start of a partitioned request (already checked inactive): a new epoch. */
  static void start(World w, ThreadState t, Instr.Call c, Request r) {
    w.touchThread(t);
    Partitioned p = r.part;
    p.epochs++;
    p.ready.clear();
    p.injected = 0;
    p.arrived.clear();
    p.senderPartitions = -1;
    r.active = true;
    r.state = RequestState.POSTED;
    r.statusError = ErrorClass.MPI_SUCCESS;
    r.at = c.at();
    if (p.sender) {
      if (p.partitions == 0) {
        sendDone(w, r);
      }
      return;
    }
    w.touchBinds(t.rank, true);
    RankState rank = w.rank(t.rank);
    java.util.List<Partitioned.Ahead> ahead = rank.partitions().ahead;
    for (int i = 0; i < ahead.size(); ) {
      Partitioned.Ahead a = ahead.get(i);
      if (belongs(r, a.source(), a.data())) {
        ahead.remove(i);
        absorb(w, t, r, a.source(), a.data());
      } else {
        i++;
      }
    }
    if (p.partitions == 0 && !r.finished()) {
      r.complete(r.sourcePattern, r.tagPattern, 0, ErrorClass.MPI_SUCCESS);
      w.requestDone(r);
    }
  }

  /** Whether a partition belongs to the current epoch of this receive. */
  private static boolean belongs(Request r, int source, Partitioned.Data d) {
    return r.kind == RequestKind.PARTITIONED && !r.part.sender && r.active && r.sourcePattern == source
        && r.tagPattern == d.tag() && r.context == d.context() && r.part.ordinal == d.ordinal()
        && r.part.epochs - 1 == d.epoch();
  }

  private static void pready(World w, ThreadState t, Instr.Call c, PartitionCalls.Pready op) throws ProgramError {
    String name = op.mpiName();
    Request r = Calls.lookup(t, op.request());
    if (r == null || r == Calls.INVALID || r.kind != RequestKind.PARTITIONED || !r.part.sender) {
      w.error(t, name, ErrorClass.MPI_ERR_REQUEST, "'" + op.request() + "' is " + (r == null ? "MPI_REQUEST_NULL"
          : r == Calls.INVALID ? "not a live request" : "not a partitioned send request (MPI_Psend_init)"), c.at());
      return;
    }
    List<Integer> parts = new ArrayList<>();
    List<Integer> values = new ArrayList<>();
    for (Expr e : op.partitions()) {
      values.add(Vars.eval(e, t, w.size));
    }
    if (op.form() == PartitionCalls.ReadyForm.RANGE) {
      if (values.get(0) > values.get(1)) {
        w.error(t, name, ErrorClass.MPI_ERR_ARG, "partition_low " + values.get(0) + " > partition_high "
            + values.get(1), c.at());
        return;
      }
      for (int i = values.get(0); i <= values.get(1); i++) {
        parts.add(i);
      }
    } else {
      parts.addAll(values);
    }
    if (!r.active) {
      w.erroneous(t.rank, t.thread, PREADY_INACTIVE, "'" + op.request() + "' (" + RequestIds.format(r.id) + ") "
          + (r.part.epochs == 0 ? "was never started" : "was completed and not started again") + ": \"After the "
          + "partitioned communication operation is started, individual partitions of a message are indicated as "
          + "ready to be sent by MPI via the MPI_PREADY function\"", c.at());
      return;
    }
    w.touchThread(t);
    Partitioned p = r.part;
    for (int k : parts) {
      if (k < 0 || k >= p.partitions) {
        w.error(t, name, ErrorClass.MPI_ERR_ARG, "partition " + k + " of '" + op.request() + "', which has "
            + p.partitions + " partition(s)", c.at());
      } else if (p.ready.get(k)) {
        w.erroneous(t.rank, t.thread, PREADY_TWICE, "partition " + k + " of '" + op.request() + "' ("
            + RequestIds.format(r.id) + ") is already marked ready in epoch " + (p.epochs - 1), c.at());
      } else {
        p.ready.set(k);
        w.send(new Packet(PDATA, t.rank, r.dest, p.bytesPerPartition + w.protocol.headerBytes(),
            new Partitioned.Data(r.id, r.tag, r.context, p.ordinal, p.epochs - 1, k, p.partitions,
                p.bytesPerPartition, r.type, c.at())));
      }
    }
  }

  private static void parrived(World w, ThreadState t, Instr.Call c, PartitionCalls.Parrived op) throws ProgramError {
    Request r = Calls.lookup(t, op.request());
    int k = Vars.eval(op.partition(), t, w.size);
    if (r == Calls.INVALID || (r != null && (r.kind != RequestKind.PARTITIONED || r.part.sender))) {
      w.error(t, op.mpiName(), ErrorClass.MPI_ERR_REQUEST, "'" + op.request() + "' is " + (r == Calls.INVALID
          ? "not a live request" : "not a partitioned receive request (MPI_Precv_init)"), c.at());
      return;
    }
    if (r == null || !r.active) {
      Vars.setFlag(t, op.flag(), true);
      return;
    }
    if (k < 0 || k >= r.part.partitions) {
      w.error(t, op.mpiName(), ErrorClass.MPI_ERR_ARG, "partition " + k + " of '" + op.request() + "', which has "
          + r.part.partitions + " partition(s)", c.at());
      return;
    }
    Vars.setFlag(t, op.flag(), r.part.partitionArrived(k));
  }

  /** A PDATA packet left its NIC: once every partition of the epoch has, the send is complete. */
  static void injected(World w, InFlight f) {
    Partitioned.Data d = (Partitioned.Data) f.packet().payload();
    long id = d.sendRequest();
    w.after(f.injectedNs(), () -> {
      ThreadState owner = w.owner(id);
      Request r = owner.request(id);
      if (r == null || r.part == null || r.part.epochs - 1 != d.epoch()) {
        return;
      }
      w.touchThread(owner);
      r.part.injected++;
      if (r.part.injected == r.part.partitions) {
        sendDone(w, r);
      }
    }, () -> "partition " + d.partition() + " of " + RequestIds.format(id) + " injected");
  }

  private static void sendDone(World w, Request r) {
    r.complete(Mpi.ANY_SOURCE, Mpi.ANY_TAG, 0, ErrorClass.MPI_SUCCESS);
    w.requestDone(r);
  }

  /** A PDATA packet reached its rank: into its receive's epoch, or kept until that epoch starts. */
  static void arrived(World w, InFlight f) {
    Partitioned.Data d = (Partitioned.Data) f.packet().payload();
    int me = f.dest();
    int source = f.source();
    w.touchBinds(me, true);
    RankState rank = w.rank(me);
    for (ThreadState t : rank.threads) {
      for (Request r : t.requests.values()) {
        if (belongs(r, source, d)) {
          ThreadState owner = w.owner(r.id);
          absorb(w, owner, owner.request(r.id), source, d);
          return;
        }
      }
    }
    rank.partitionsForWrite().ahead.add(new Partitioned.Ahead(source, d));
  }

  private static void absorb(World w, ThreadState t, Request r, int source, Partitioned.Data d) {
    w.touchThread(t);
    Partitioned p = r.part;
    if (p.senderPartitions < 0) {
      p.senderPartitions = d.partitions();
      p.senderBytesPerPartition = d.bytesPerPartition();
      long sent = d.partitions() * d.bytesPerPartition();
      if (sent != r.capacityBytes) {
        w.erroneous(t.rank, t.thread, SIZE_MISMATCH, "the send initialised at " + d.sentAt() + " has "
            + d.partitions() + " partition(s) of " + d.bytesPerPartition() + " B (" + sent + " B), the receive "
            + RequestIds.format(r.id) + " " + p.partitions + " of " + p.bytesPerPartition + " B (" + r.capacityBytes
            + " B)", r.at);
      }
      Protocols.checkTypes(w, t, r.type, r.at, d.type(), sent, d.sentAt(),
          () -> "partitioned " + RequestIds.format(d.sendRequest()) + " epoch " + d.epoch());
    }
    p.arrived.set(d.partition());
    if (p.allArrived() && !r.finished()) {
      long sent = p.senderPartitions * p.senderBytesPerPartition;
      r.complete(source, r.tagPattern, Math.min(sent, r.capacityBytes),
          sent > r.capacityBytes ? ErrorClass.MPI_ERR_TRUNCATE : ErrorClass.MPI_SUCCESS);
      w.requestDone(r);
    }
  }

  /** Whether freeing or cancelling this request is erroneous (§4.2.1): active and not completed. */
  static boolean activeNotCompleted(Request r) {
    return r.kind == RequestKind.PARTITIONED && r.active && !r.finished();
  }

  /** Whether a partitioned call is reachable or partitioned state exists (persistent sets then give up). */
  /** The packet kinds the logical network may deliver out of link order: the partitions. */
  static final java.util.Set<String> ANY_ORDER = java.util.Set.of(PDATA);

  /** Whether some thread's program of {@code spec} makes a partitioned call. */
  static boolean used(ModelSpec spec) {
    for (dev.matchpoint.mpi.program.Code code : spec.distinctCodes()) {
      for (int pc = 0; pc < code.size(); pc++) {
        if (code.at(pc) instanceof dev.matchpoint.mpi.program.Instr.Call c && c.op() instanceof MpiOp.PartitionCall) {
          return true;
        }
      }
    }
    return false;
  }

  static boolean anyReachable(World w) {
    if (!w.partitioned()) {
      return false;
    }
    for (RankState r : w.ranks) {
      if (!r.partitions().isEmpty()) {
        return true;
      }
      for (ThreadState t : r.threads) {
        if (t.running() && w.reach(t).partitioned) {
          return true;
        }
      }
    }
    return false;
  }

  /** A partition that no receive epoch took, for the {@code complete-before-finalize} report. */
  static String unreceived(int rank, Partitioned.Ahead a) {
    Partitioned.Data d = a.data();
    return "partition " + d.partition() + " (epoch " + d.epoch() + ") of partitioned send "
        + RequestIds.format(d.sendRequest()) + " initialised at " + d.sentAt() + " was never received by rank " + rank
        + " (no matching MPI_Precv_init started that epoch)";
  }

  /** What a thread blocked on this request waits for, for deadlock reports. */
  static String waitingFor(Request r) {
    Partitioned p = r.part;
    String id = RequestIds.format(r.id);
    if (p.sender) {
      return "partitioned send " + id + " to rank " + r.dest + " (tag " + r.tag + "): " + p.ready.cardinality() + " of "
          + p.partitions + " partition(s) marked ready with MPI_Pready";
    }
    return "partitioned receive " + id + " from rank " + r.sourcePattern + " (tag " + r.tagPattern + "): "
        + p.arrived.cardinality() + " of " + (p.senderPartitions < 0 ? "the sender's" : p.senderPartitions)
        + " partition(s) arrived";
  }

  /** The call's arguments for reports ({@link OpText}). */
  static List<String> args(MpiOp.PartitionCall op, Function<Expr, String> value) {
    List<String> a = new ArrayList<>();
    if (op instanceof PartitionCalls.PsendInit s) {
      a.add("dest=" + value.apply(s.dest()));
      a.add("tag=" + value.apply(s.tag()));
      a.add("partitions=" + value.apply(s.partitions()));
      a.add("count=" + value.apply(s.count()) + " " + s.type().mpiName());
      a.add("comm=" + s.comm());
      a.add("request=" + s.request());
    } else if (op instanceof PartitionCalls.PrecvInit r) {
      a.add("source=" + value.apply(r.source()));
      a.add("tag=" + value.apply(r.tag()));
      a.add("partitions=" + value.apply(r.partitions()));
      a.add("count=" + value.apply(r.count()) + " " + r.type().mpiName());
      a.add("comm=" + r.comm());
      a.add("request=" + r.request());
    } else if (op instanceof PartitionCalls.Pready p) {
      List<String> parts = new ArrayList<>();
      p.partitions().forEach(e -> parts.add(value.apply(e)));
      a.add((p.form() == PartitionCalls.ReadyForm.RANGE ? "range=" : "partition=") + String.join(",", parts));
      a.add("request=" + p.request());
    } else if (op instanceof PartitionCalls.Parrived p) {
      a.add("request=" + p.request());
      a.add("partition=" + value.apply(p.partition()));
    }
    return a;
  }
}
