package dev.matchpoint.properties;

import static dev.matchpoint.mpi.program.ProgramBuilder.anySource;
import static dev.matchpoint.mpi.program.ProgramBuilder.anyTag;
import static dev.matchpoint.mpi.program.ProgramBuilder.count;
import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.procNull;
import static dev.matchpoint.mpi.program.ProgramBuilder.source;
import static dev.matchpoint.mpi.program.ProgramBuilder.tagOf;

import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.DatatypeRef;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.program.CommOp;
import dev.matchpoint.mpi.program.Cond;
import dev.matchpoint.mpi.program.Expr;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.PointToPointOps;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.program.ProgramBuilder;
import dev.matchpoint.mpi.program.TypeOps;
import dev.matchpoint.properties.SwarmMessage.Completion;
import dev.matchpoint.properties.SwarmMessage.ReceiveKind;
import dev.matchpoint.properties.SwarmMessage.SendKind;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Writes one thread of a {@link SwarmProgram}: its messages' sends and receives in order, the
 * completion of the requests they leave outstanding, the frees, and on thread 0 rank-wide buffer
 * attach/detach and the calls of the communicator created at run time ({@link SwarmComm}).
 * Variables are named after the message and round: {@code s3_1} is message 3's send request in
 * round 1, {@code st3_1} its receive status, {@code t3} its send type and {@code rt3} its receive
 * type.
 */
final class SwarmThread {
  /** The duplicate of MPI_COMM_WORLD some messages use. */
  static final String DUP = "dup";
  /** The communicator of the "go" messages. */
  static final String CTL = "ctl";
  /** The communicator variable that thread 0 of every rank binds at run time ({@link SwarmComm}). */
  static final String C = "c";

  private final SwarmProgram p;
  private final int rank;
  private final ProgramBuilder b = ProgramBuilder.program();
  private final Map<Completion, List<String>> outstanding = new EnumMap<>(Completion.class);
  private final List<String> frees = new ArrayList<>();
  /** Derived types of persistent requests, freed after the requests. */
  private final List<String> typeFrees = new ArrayList<>();
  /** Persistent requests waiting for one MPI_Startall, and the go messages to send after it. */
  private final List<String> batch = new ArrayList<>();
  private final List<Integer> goAfterBatch = new ArrayList<>();

  private SwarmThread(SwarmProgram p, int rank) {
    this.p = p;
    this.rank = rank;
  }

  /** One message's side in a thread. */
  private record Side(int order, int message, boolean send) {}

  static Program program(SwarmProgram p, int rank, int thread) {
    return new SwarmThread(p, rank).build(thread);
  }

  private Program build(int thread) {
    List<Side> sides = new ArrayList<>();
    for (int i = 0; i < p.messages().size(); i++) {
      SwarmMessage m = p.messages().get(i);
      if (m.sender() == rank && m.sendThread() == thread) {
        sides.add(new Side(m.sendOrder(), i, true));
      } else if (m.receiver() == rank && m.receiveThread() == thread) {
        sides.add(new Side(m.receiveOrder(), i, false));
      }
    }
    sides.sort(Comparator.comparingInt(Side::order).thenComparingInt(Side::message));
    boolean comms = thread == 0 && p.comm() != null;
    if (comms) {
      createComm(p.comm());
    }
    long buffer = thread == 0 ? bufferBytes() : 0;
    if (buffer > 0) {
      b.call(new MpiOp.BufferAttach(lit((int) buffer)));
    }
    for (Side s : sides) {
      SwarmMessage m = p.messages().get(s.message());
      if (!s.send() && m.probeable() && p.features().contains(Feature.QUEUED)) {
        add(new MpiOp.Probe(peer(m, m.sender()), lit(m.tag()), comm(m), "q" + s.message()));
      }
    }
    for (int k = 0; k < sides.size(); k++) {
      Side s = sides.get(k);
      SwarmMessage m = p.messages().get(s.message());
      if (!batchable(m, s.send())) {
        flushBatch();
      }
      if (!s.send()) {
        receive(s.message(), m);
      } else if (m.send().exchange() && k + 1 < sides.size() && fuses(m, sides.get(k + 1))) {
        sendrecv(s.message(), m, sides.get(k + 1).message());
        k++;
      } else {
        send(s.message(), m);
      }
    }
    flushBatch();
    complete();
    frees.forEach(r -> b.call(new MpiOp.RequestFree(r)));
    typeFrees.forEach(t -> b.call(new TypeOps.Free(t)));
    if (buffer > 0) {
      b.call(new MpiOp.BufferDetach());
    }
    if (comms) {
      freeComm(p.comm());
    }
    return b.build();
  }

  /**
   * MPI_Comm_dup or MPI_Comm_split of MPI_COMM_WORLD into {@code c}, collective: every rank's
   * thread 0 calls it first; then MPI_Comm_rank and MPI_Comm_size of {@code c} unless the split
   * gave MPI_COMM_NULL.
   */
  private void createComm(SwarmComm c) {
    add(c.split() ? new CommOp.Split(MpiOp.WORLD, c.member(rank) ? lit(c.colour(rank)) : null, lit(c.key(rank)), C)
        : new CommOp.Dup(MpiOp.WORLD, C));
    if (c.member(rank)) {
      add(new CommOp.Rank(C, "crank"));
      add(new CommOp.Size(C, "csize"));
    }
  }

  /** MPI_Comm_free of {@code c} by its members, last; then rank 0's send on it if the program uses it freed. */
  private void freeComm(SwarmComm c) {
    if (c.free() && c.member(rank)) {
      add(new CommOp.Free(C));
    }
    if (c.useAfterFree() && rank == 0) {
      add(new MpiOp.Send(SendMode.STANDARD, lit(0), lit(0), lit(0), Datatype.BYTE, C));
    }
  }

  /** Attached bytes rank {@code rank} needs for all its buffered sends, each sent twice if it may be cancelled. */
  private long bufferBytes() {
    long sum = 0;
    for (SwarmMessage m : p.messages()) {
      if (m.sender() == rank && m.mode() == SendMode.BUFFERED) {
        sum += (long) bytes(m) * m.rounds() * (m.cancelSend() ? 2 : 1);
      }
    }
    return sum;
  }

  /** Whether the side's one start joins the thread's next MPI_Startall. */
  private static boolean batchable(SwarmMessage m, boolean send) {
    return m.startAll() && m.rounds() == 1 && m.slack() == 0 && (send ? m.send() == SendKind.SEND_INIT
        && !m.cancelSend() : m.receive() == ReceiveKind.RECV_INIT && !m.cancelReceive());
  }

  /**
   * Whether an exchange's receive half can be the next side: a plain receive on the same
   * communicator (of as many bytes, for the replace forms, whose halves share count and datatype).
   */
  private boolean fuses(SwarmMessage m, Side next) {
    SwarmMessage r = p.messages().get(next.message());
    return !next.send() && r.receive() == ReceiveKind.RECV && r.slack() == 0 && !r.handshake()
        && r.comm() == m.comm() && r.rounds() == m.rounds() && (!m.send().replace() || bytes(r) == bytes(m));
  }

  // ---- the message's envelope as this thread names it ----------------------------------------

  private static int bytes(SwarmMessage m) {
    return m.large() ? SwarmProgram.LARGE_BYTES : SwarmProgram.SMALL_BYTES;
  }

  private static String comm(SwarmMessage m) {
    return m.comm() == 1 ? DUP : m.comm() == 2 ? C : MpiOp.WORLD;
  }

  /** A rank of MPI_COMM_WORLD as the message's communicator numbers it. */
  private Expr peer(SwarmMessage m, int worldRank) {
    return lit(m.comm() == 2 ? p.comm().rankIn(worldRank, p.worldSize()) : worldRank);
  }

  private Expr dest(SwarmMessage m) {
    return m.procNull() ? procNull() : peer(m, m.receiver());
  }

  private Expr src(SwarmMessage m) {
    return m.procNull() ? procNull() : m.anySource() ? anySource() : peer(m, m.sender());
  }

  private static Expr tagPattern(SwarmMessage m) {
    return m.anyTag() ? anyTag() : lit(m.tag());
  }

  /** A receive's capacity: the largest message its rank receives, so no wildcard truncates. */
  private Expr capacity() {
    return lit(capacityBytes());
  }

  private int capacityBytes() {
    int max = 0;
    for (SwarmMessage m : p.messages()) {
      if (m.receiver() == rank) {
        max = Math.max(max, bytes(m));
      }
    }
    return max;
  }

  // ---- derived datatypes -----------------------------------------------------------------------

  /** Builds and commits message {@code i}'s send type ({@link SwarmMessage.TypeUse}); the type its sends name. */
  private DatatypeRef sendType(int i, SwarmMessage m) {
    String t = "t" + i;
    int n = bytes(m);
    switch (m.types()) {
      case BYTES -> {
        return Datatype.BYTE;
      }
      case VECTOR -> add(new TypeOps.Vector(lit(2), lit(n / 2), lit(n / 2 + 1), Datatype.BYTE, t));
      case MISMATCH -> add(new TypeOps.Contiguous(lit(n / Datatype.INT.sizeBytes()), Datatype.INT, t));
      default -> add(new TypeOps.Contiguous(lit(n), Datatype.BYTE, t));
    }
    add(new TypeOps.Commit(t));
    if (m.types() == SwarmMessage.TypeUse.FREED) {
      add(new TypeOps.Free(t));
    }
    return new DatatypeRef.Variable(t);
  }

  /** Elements a send of message {@code m} names: its bytes, or one of its derived type. */
  private static Expr sendCount(SwarmMessage m) {
    return lit(m.types() == SwarmMessage.TypeUse.BYTES ? bytes(m) : 1);
  }

  /** Builds and commits message {@code i}'s receive type (a contiguous type of its bytes, {@code VECTOR} only). */
  private DatatypeRef receiveType(int i, SwarmMessage m) {
    if (m.types() != SwarmMessage.TypeUse.VECTOR) {
      return Datatype.BYTE;
    }
    String t = "rt" + i;
    add(new TypeOps.Contiguous(lit(bytes(m)), Datatype.BYTE, t));
    add(new TypeOps.Commit(t));
    return new DatatypeRef.Variable(t);
  }

  /** A receive's capacity in elements of its type: {@link #capacity()} bytes. */
  private Expr receiveCount(SwarmMessage m, DatatypeRef type) {
    return type == Datatype.BYTE ? capacity() : lit(capacityBytes() / bytes(m));
  }

  /**
   * Frees a derived type after the message's last call: at once (pending calls complete normally,
   * MPI-3.1 §4.1.9), or for a persistent request after the request is freed; not a type already
   * freed ({@code FREED}).
   */
  private void freeType(SwarmMessage m, DatatypeRef type, boolean persistent) {
    if (type instanceof DatatypeRef.Variable v && m.types() != SwarmMessage.TypeUse.FREED) {
      if (persistent) {
        typeFrees.add(v.name());
      } else {
        add(new TypeOps.Free(v.name()));
      }
    }
  }

  private void add(MpiOp op) {
    b.call(op);
  }

  private void keep(Completion c, String request) {
    outstanding.computeIfAbsent(c, x -> new ArrayList<>()).add(request);
  }

  /** The sender takes message {@code i}'s go before a start. */
  private void awaitGo(int i, SwarmMessage m) {
    if (m.handshake()) {
      add(new MpiOp.Recv(lit(m.receiver()), lit(i), lit(0), Datatype.BYTE, CTL, null));
    }
  }

  /** The receiver says go once its receive for message {@code i}, round {@code r}, is posted. */
  private void sayGo(int i, int r, SwarmMessage m) {
    if (m.handshake()) {
      String g = "g" + i + "_" + r;
      add(new MpiOp.Isend(SendMode.STANDARD, lit(m.sender()), lit(i), lit(0), Datatype.BYTE, CTL, g));
      keep(Completion.WAITALL, g);
    }
  }

  private void flushBatch() {
    if (batch.isEmpty()) {
      return;
    }
    add(new MpiOp.Start(List.copyOf(batch), true));
    for (int i : goAfterBatch) {
      sayGo(i, 0, p.messages().get(i));
    }
    batch.clear();
    goAfterBatch.clear();
  }

  /** Starts a persistent request in its last round: joins the Startall batch or starts it alone. */
  private void startLast(SwarmMessage m, String request, boolean send) {
    if (batchable(m, send)) {
      batch.add(request);
    } else {
      add(new MpiOp.Start(List.of(request), false));
    }
    keep(m.completion(), request);
  }

  /** Wait on a cancelled request, ask whether the cancel won, and if so run {@code again}. */
  private void cancelled(String request, String suffix, Consumer<ProgramBuilder> again) {
    String st = "cs" + suffix;
    String flag = "c" + suffix;
    add(new MpiOp.Cancel(request));
    b.waitFor(request, st).call(new MpiOp.TestCancelled(st, flag)).ifElse(new Cond.Flag(flag), again, x -> { });
  }

  // ---- sends -----------------------------------------------------------------------------------

  private MpiOp blockingSend(SwarmMessage m, DatatypeRef type) {
    return new MpiOp.Send(m.mode(), dest(m), lit(m.tag()), sendCount(m), type, comm(m));
  }

  private void send(int i, SwarmMessage m) {
    if (m.slack() > 0) {
      channel(i, m, true);
      return;
    }
    DatatypeRef type = sendType(i, m);
    String ps = "ps" + i;
    if (m.send() == SendKind.SEND_INIT) {
      add(new MpiOp.SendInit(m.mode(), dest(m), lit(m.tag()), sendCount(m), type, comm(m), ps));
      frees.add(ps);
    }
    for (int r = 0; r < m.rounds(); r++) {
      String suffix = i + "_" + r;
      awaitGo(i, m);
      boolean last = r == m.rounds() - 1;
      switch (m.send()) {
        case SEND -> add(blockingSend(m, type));
        case SENDRECV, SENDRECV_REPLACE, ISENDRECV, ISENDRECV_REPLACE -> exchange(m, type, procNull(), lit(0),
            lit(0), "st" + suffix, suffix);
        case ISEND -> {
          String s = "s" + suffix;
          add(new MpiOp.Isend(m.mode(), dest(m), lit(m.tag()), sendCount(m), type, comm(m), s));
          if (m.cancelSend()) {
            cancelled(s, "s" + suffix, again -> again.call(blockingSend(m, type)));
          } else if (m.free()) {
            add(new MpiOp.RequestFree(s));
          } else {
            keep(m.completion(), s);
          }
        }
        case SEND_INIT -> {
          if (m.cancelSend()) {
            add(new MpiOp.Start(List.of(ps), false));
            cancelled(ps, "s" + suffix, again -> again.call(new MpiOp.Start(List.of(ps), false))
                .waitFor(ps, "ws" + suffix));
          } else if (!last) {
            add(new MpiOp.Start(List.of(ps), false));
            b.waitFor(ps, "ws" + suffix);
          } else {
            startLast(m, ps, true);
          }
        }
      }
    }
    freeType(m, type, m.send() == SendKind.SEND_INIT);
  }

  /** Message {@code i}'s exchanges, whose receive halves receive message {@code j}. */
  private void sendrecv(int i, SwarmMessage m, int j) {
    SwarmMessage recv = p.messages().get(j);
    DatatypeRef type = sendType(i, m);
    for (int r = 0; r < m.rounds(); r++) {
      exchange(m, type, src(recv), tagPattern(recv), capacity(), "st" + j + "_" + r, i + "_" + r);
    }
    freeType(m, type, false);
  }

  /**
   * One send-receive call sending message {@code m}: its receive half takes {@code source} and
   * {@code tag} into {@code capacity} bytes (the replace forms: into the send's count and type); the
   * blocking forms set {@code status}, the nonblocking ones bind request {@code s<suffix>}, completed
   * as the message's completion says.
   */
  private void exchange(SwarmMessage m, DatatypeRef type, Expr source, Expr tag, Expr capacity, String status,
      String suffix) {
    String s = "s" + suffix;
    switch (m.send()) {
      case SENDRECV -> add(new MpiOp.Sendrecv(dest(m), lit(m.tag()), sendCount(m), type, source, tag, capacity,
          Datatype.BYTE, comm(m), status));
      case SENDRECV_REPLACE -> add(new PointToPointOps.SendrecvReplace(dest(m), lit(m.tag()), source, tag,
          sendCount(m), type, comm(m), status, null));
      case ISENDRECV -> add(new PointToPointOps.Isendrecv(new MpiOp.Sendrecv(dest(m), lit(m.tag()), sendCount(m), type,
          source, tag, capacity, Datatype.BYTE, comm(m), null), s));
      case ISENDRECV_REPLACE -> add(new PointToPointOps.SendrecvReplace(dest(m), lit(m.tag()), source, tag,
          sendCount(m), type, comm(m), null, s));
      default -> throw new IllegalArgumentException("not an exchange: " + m.send());
    }
    if (m.send() == SendKind.ISENDRECV || m.send() == SendKind.ISENDRECV_REPLACE) {
      keep(m.completion(), s);
    }
  }

  // ---- receives --------------------------------------------------------------------------------

  private MpiOp blockingReceive(SwarmMessage m, DatatypeRef type, String st) {
    return new MpiOp.Recv(src(m), tagPattern(m), receiveCount(m, type), type, comm(m), st);
  }

  /** With a derived receive type, MPI_Get_elements of a blocking receive's status. */
  private void elements(DatatypeRef type, String st) {
    if (type instanceof DatatypeRef.Variable) {
      add(new TypeOps.GetElements(st, type, "e" + st));
    }
  }

  private void receive(int i, SwarmMessage m) {
    if (m.slack() > 0) {
      channel(i, m, false);
      return;
    }
    DatatypeRef type = receiveType(i, m);
    Expr cap = receiveCount(m, type);
    String pr = "pr" + i;
    if (m.receive() == ReceiveKind.RECV_INIT) {
      add(new MpiOp.RecvInit(src(m), tagPattern(m), cap, type, comm(m), pr));
      frees.add(pr);
    }
    for (int r = 0; r < m.rounds(); r++) {
      String suffix = i + "_" + r;
      String st = "st" + suffix;
      String probed = "p" + suffix;
      String msg = "m" + suffix;
      String flag = "f" + suffix;
      String req = "r" + suffix;
      boolean last = r == m.rounds() - 1;
      switch (m.receive()) {
        case RECV -> {
          sayGo(i, r, m);
          add(blockingReceive(m, type, st));
          elements(type, st);
        }
        case IRECV -> {
          add(new MpiOp.Irecv(src(m), tagPattern(m), cap, type, comm(m), req));
          sayGo(i, r, m);
          if (m.cancelReceive()) {
            cancelled(req, "r" + suffix, again -> again.call(blockingReceive(m, type, st)));
          } else {
            keep(m.completion(), req);
          }
        }
        case PROBE_RECV -> b.call(new MpiOp.Probe(src(m), tagPattern(m), comm(m), probed)).call(new MpiOp.Recv(
            source(probed), tagOf(probed), count(probed, Datatype.BYTE), Datatype.BYTE, comm(m), st));
        case IPROBE_RECV -> {
          add(new MpiOp.Iprobe(src(m), tagPattern(m), comm(m), flag, probed));
          b.ifElse(new Cond.Flag(flag), found -> found.call(new MpiOp.Recv(source(probed), tagOf(probed), cap, type,
              comm(m), st)), none -> none.call(blockingReceive(m, type, st)));
          elements(type, st);
        }
        case MPROBE_MRECV -> {
          b.call(new MpiOp.Mprobe(src(m), tagPattern(m), comm(m), msg, probed)).call(new MpiOp.Mrecv(msg, cap, type,
              st));
          elements(type, st);
        }
        case IMPROBE_MRECV -> {
          add(new MpiOp.Improbe(src(m), tagPattern(m), comm(m), flag, msg, probed));
          b.ifElse(new Cond.Not(new Cond.Flag(flag)), none -> none.call(new MpiOp.Mprobe(src(m), tagPattern(m),
              comm(m), msg, probed)), found -> { });
          add(new MpiOp.Mrecv(msg, cap, type, st));
          elements(type, st);
        }
        case MPROBE_IMRECV -> {
          add(new MpiOp.Mprobe(src(m), tagPattern(m), comm(m), msg, probed));
          add(new MpiOp.Imrecv(msg, cap, type, req));
          keep(m.completion(), req);
        }
        case RECV_INIT -> {
          if (m.cancelReceive()) {
            add(new MpiOp.Start(List.of(pr), false));
            sayGo(i, r, m);
            cancelled(pr, "r" + suffix, again -> again.call(new MpiOp.Start(List.of(pr), false)).waitFor(pr, st));
          } else if (!last) {
            add(new MpiOp.Start(List.of(pr), false));
            sayGo(i, r, m);
            b.waitFor(pr, st);
          } else if (batchable(m, false)) {
            startLast(m, pr, false);
            if (m.handshake()) {
              goAfterBatch.add(i);
            }
          } else {
            startLast(m, pr, false);
            sayGo(i, r, m);
          }
        }
      }
    }
    freeType(m, type, m.receive() == ReceiveKind.RECV_INIT);
  }

  // ---- channels (seed 003) ---------------------------------------------------------------------

  /**
   * One end of message {@code i}'s channel: create and bind the persistent request (nonblocking
   * bind: then Wait on it), start the endpoint once per round (K starts outstanding at most, each
   * send start after its go), wait, unbind (nonblocking: then Wait on the endpoint).
   */
  private void channel(int i, SwarmMessage m, boolean sendSide) {
    String request = (sendSide ? "ps" : "pr") + i;
    String ch = "ch" + i;
    add(sendSide
        ? new MpiOp.SendInit(SendMode.STANDARD, lit(m.receiver()), lit(m.tag()), lit(bytes(m)), Datatype.BYTE, comm(m),
            request)
        : new MpiOp.RecvInit(lit(m.sender()), tagPattern(m), capacity(), Datatype.BYTE, comm(m), request));
    boolean nonblocking = m.startAll();
    add(new MpiOp.BindChannel(List.of(request), List.of(ch), List.of(m.slack()), nonblocking, m.slack() > 1));
    if (nonblocking) {
      b.waitFor(request, null);
    }
    for (int first = 0; first < m.rounds(); first += m.slack()) {
      int last = Math.min(m.rounds(), first + m.slack());
      for (int r = first; r < last; r++) {
        if (sendSide) {
          awaitGo(i, m);
        }
        add(new MpiOp.Start(List.of(ch), false));
        if (!sendSide) {
          sayGo(i, r, m);
        }
      }
      for (int r = first; r < last; r++) {
        b.waitFor(ch, (sendSide ? "ws" : "st") + i + "_" + r);
      }
    }
    add(new MpiOp.UnbindChannel(List.of(ch), nonblocking));
    if (nonblocking) {
      b.waitFor(ch, null);
    }
    frees.add(request);
  }

  // ---- completion ------------------------------------------------------------------------------

  /** Completes the outstanding requests, kind by kind. */
  private void complete() {
    for (Map.Entry<Completion, List<String>> e : outstanding.entrySet()) {
      List<String> reqs = List.copyOf(e.getValue());
      String k = e.getKey().name().toLowerCase(Locale.ROOT).replace("_", "");
      switch (e.getKey()) {
        case WAITALL -> add(new MpiOp.Waitall(reqs, List.of()));
        case WAIT -> reqs.forEach(r -> b.waitFor(r, "w" + r));
        case TEST_THEN_WAIT -> {
          reqs.forEach(r -> b.test(r, "t" + r, "tst" + r));
          reqs.forEach(r -> b.waitFor(r, "w" + r));
        }
        case WAITANY, WAITSOME -> {
          for (int n = 0; n < reqs.size(); n++) {
            add(e.getKey() == Completion.WAITANY ? new MpiOp.Waitany(reqs, k + n, k + "st" + n)
                : new MpiOp.Waitsome(reqs, k + n));
          }
        }
        case GET_STATUS -> {
          for (String r : reqs) {
            b.until(new Cond.Flag("gs" + r), poll -> poll.call(new PointToPointOps.RequestGetStatus(r, "gs" + r,
                "gst" + r)));
          }
          reqs.forEach(r -> b.waitFor(r, "w" + r));
        }
        case TESTALL, TESTANY, TESTSOME -> {
          add(switch (e.getKey()) {
            case TESTALL -> new MpiOp.Testall(reqs, k);
            case TESTANY -> new MpiOp.Testany(reqs, k + "flag", k, k + "st");
            default -> new MpiOp.Testsome(reqs, k);
          });
          add(new MpiOp.Waitall(reqs, List.of()));
        }
      }
    }
  }
}
