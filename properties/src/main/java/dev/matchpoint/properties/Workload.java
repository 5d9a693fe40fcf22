package dev.matchpoint.properties;

import static dev.matchpoint.mpi.program.ProgramBuilder.anySource;
import static dev.matchpoint.mpi.program.ProgramBuilder.anyTag;
import static dev.matchpoint.mpi.program.ProgramBuilder.count;
import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.source;
import static dev.matchpoint.mpi.program.ProgramBuilder.tagOf;

import dev.matchpoint.core.net.NetworkOptions;
import dev.matchpoint.core.net.ProtocolOptions;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.WildcardPolicy;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.program.Expr;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.program.ProgramBuilder;
import dev.matchpoint.mpi.program.Stmt;
import dev.matchpoint.mpi.rank.ModelOptions;
import dev.matchpoint.mpi.rank.ModelSpec;
import dev.matchpoint.mpi.rank.OpText;
import dev.matchpoint.mpi.run.RunOptions;
import dev.matchpoint.scenario.Mode;
import dev.matchpoint.scenario.Scenario;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A generated MPI program for several ranks and threads, given as the list of its messages: each
 * message has one send on its sender's thread and one receive on its receiver's thread, so the
 * program is balanced by construction and shrinking (removing messages, moving them to thread 0,
 * rank 0 or 1, tag 0, the smallest size) keeps it well formed. {@link #spec()} compiles it into a
 * {@link ModelSpec}; {@link #toString()} lists every thread's calls, one per line, for readable
 * counterexamples:
 *
 * <pre>
 * workload: 2 ranks, 2 messages; wildcard any; network per-pair-fifo, eager below 4096 B, 16384 B/peer, wait
 *   r0.t0  MPI_Send(dest=1, tag=0, count=0 MPI_BYTE)                      m0
 *          MPI_Send(dest=1, tag=0, count=0 MPI_BYTE)                      m1
 *   r1.t0  MPI_Probe(source=MPI_ANY_SOURCE, tag=0) -> st0                 m0
 *          MPI_Recv(source=st0.source, tag=st0.tag, count=st0.count MPI_BYTE)  m0
 *   r1.t1  MPI_Recv(source=0, tag=0, count=0 MPI_BYTE)                    m1
 * </pre>
 *
 * <p>Each thread runs its calls by ascending order key ({@link MessagePlan#sendOrder()}, {@link
 * MessagePlan#receiveOrder()}), ties in message order; nonblocking calls are completed by one {@code
 * MPI_Waitall} at the end of the thread. A receive's capacity is the largest message its rank
 * receives, so a wildcard receive that takes another message is not also truncated.
 *
 * @param messages the messages, in order
 * @param worldSize number of ranks; ranks no message names run one empty thread
 * @param minThreads threads each rank runs at least; threads no message names run empty programs
 * @param wildcard the model's policy for MPI_ANY_SOURCE (DESIGN §4)
 * @param network the network and protocol options
 */
public record Workload(List<MessagePlan> messages, int worldSize, int minThreads, WildcardPolicy wildcard,
    NetworkOptions network) {
  /**
   * Copies and validates.
   *
   * @throws IllegalArgumentException when a message names a rank outside the world or the world has
   *     fewer than one rank
   */
  public Workload {
    messages = List.copyOf(messages);
    Objects.requireNonNull(wildcard, "wildcard");
    Objects.requireNonNull(network, "network");
    if (worldSize < 1 || minThreads < 1) {
      throw new IllegalArgumentException("a workload has at least one rank and one thread per rank");
    }
    for (MessagePlan m : messages) {
      if (m.sender() >= worldSize || m.receiver() >= worldSize) {
        throw new IllegalArgumentException(m + " names a rank outside a world of " + worldSize);
      }
    }
  }

  /**
   * A workload whose threads are renumbered densely: on each rank, the threads its messages name
   * become {@code 0, 1, ...} in ascending order, so a generated thread index shrinks the number of
   * threads, not just their names. The world has {@code max(minRanks, highest rank named + 1)} ranks.
   *
   * @param messages the messages, with any non-negative thread indices
   * @param minRanks ranks at least
   * @param minThreads threads per rank at least
   * @param wildcard the MPI_ANY_SOURCE policy
   * @param network the network options
   * @return the workload
   */
  public static Workload normalized(List<MessagePlan> messages, int minRanks, int minThreads, WildcardPolicy wildcard,
      NetworkOptions network) {
    int highest = -1;
    TreeMap<Integer, TreeSet<Integer>> used = new TreeMap<>();
    for (MessagePlan m : messages) {
      highest = Math.max(highest, Math.max(m.sender(), m.receiver()));
      used.computeIfAbsent(m.sender(), k -> new TreeSet<>()).add(m.sendThread());
      used.computeIfAbsent(m.receiver(), k -> new TreeSet<>()).add(m.receiveThread());
    }
    List<MessagePlan> out = new ArrayList<>(messages.size());
    for (MessagePlan m : messages) {
      out.add(m.onThreads(used.get(m.sender()).headSet(m.sendThread()).size(),
          used.get(m.receiver()).headSet(m.receiveThread()).size()));
    }
    return new Workload(out, Math.max(minRanks, highest + 1), minThreads, wildcard, network);
  }

  /**
   * Number of threads of a rank: one more than the highest thread its messages name, and at least
   * {@link #minThreads()}.
   *
   * @param rank the rank
   * @return the thread count
   */
  public int threads(int rank) {
    int n = minThreads;
    for (MessagePlan m : messages) {
      if (m.sender() == rank) {
        n = Math.max(n, m.sendThread() + 1);
      }
      if (m.receiver() == rank) {
        n = Math.max(n, m.receiveThread() + 1);
      }
    }
    return n;
  }

  /**
   * The largest number of threads of any rank.
   *
   * @return the count
   */
  public int maxThreads() {
    int n = 1;
    for (int r = 0; r < worldSize; r++) {
      n = Math.max(n, threads(r));
    }
    return n;
  }

  /**
   * The number of threads of {@code rank} that receive at least one message.
   *
   * @param rank the rank
   * @return the count
   */
  public int receivingThreads(int rank) {
    TreeSet<Integer> threads = new TreeSet<>();
    for (MessagePlan m : messages) {
      if (m.receiver() == rank) {
        threads.add(m.receiveThread());
      }
    }
    return threads.size();
  }

  /**
   * The distinct ranks that send to {@code rank}.
   *
   * @param rank the receiver
   * @return the senders, ascending
   */
  public List<Integer> sendersTo(int rank) {
    TreeSet<Integer> senders = new TreeSet<>();
    for (MessagePlan m : messages) {
      if (m.receiver() == rank) {
        senders.add(m.sender());
      }
    }
    return List.copyOf(senders);
  }

  /**
   * Whether some receive or probe uses MPI_ANY_SOURCE (a {@link ReceiveCall#PROBE_RECV_ANY_SOURCE}
   * receive always does).
   *
   * @return true when a source wildcard occurs
   */
  public boolean usesAnySource() {
    return messages.stream().anyMatch(m -> m.anySource() || m.receive() == ReceiveCall.PROBE_RECV_ANY_SOURCE);
  }

  /**
   * Whether some receive starts with a probe or a matched probe.
   *
   * @return true when a probe occurs
   */
  public boolean usesProbes() {
    return messages.stream().anyMatch(m -> m.receive() != ReceiveCall.RECV && m.receive() != ReceiveCall.IRECV);
  }

  /**
   * A copy with other network options.
   *
   * @param n the options
   * @return the copy
   */
  public Workload withNetwork(NetworkOptions n) {
    return new Workload(messages, worldSize, minThreads, wildcard, n);
  }

  /**
   * A copy with another eager threshold: 0 sends every message by rendezvous, {@link Long#MAX_VALUE}
   * every message eagerly.
   *
   * @param bytes the threshold
   * @return the copy
   */
  public Workload withEagerThreshold(long bytes) {
    return withNetwork(network.withProtocol(network.protocol().withEagerThreshold(bytes)));
  }

  /**
   * A copy with another wildcard policy.
   *
   * @param p the policy
   * @return the copy
   */
  public Workload withWildcard(WildcardPolicy p) {
    return new Workload(messages, worldSize, minThreads, p, network);
  }

  /**
   * The model: every rank with its threads' programs, the wildcard policy and the network.
   *
   * @return the compiled spec
   */
  public ModelSpec spec() {
    ModelSpec.Builder b = ModelSpec.builder();
    for (int r = 0; r < worldSize; r++) {
      b.rank(programs(r).toArray(new Program[0]));
    }
    return b.options(ModelOptions.defaults().withWildcard(wildcard).withNetwork(network)).build();
  }

  /**
   * The workload as a scenario in logical mode, which {@code matchpoint explore} and {@code
   * matchpoint replay} run as it is once written with {@code ScenarioWriter}; its {@link
   * Scenario#spec()} equals {@link #spec()}.
   *
   * @param checks the checks the scenario names
   * @return the scenario, named {@code workload}, its description this workload's listing
   */
  public Scenario scenario(List<CheckKind> checks) {
    List<List<Program>> ranks = new ArrayList<>();
    for (int r = 0; r < worldSize; r++) {
      ranks.add(programs(r));
    }
    return new Scenario("workload", toString(), "generated by MpiArbitraries.specs()", null, 0, Mode.LOGICAL, ranks,
        List.of(), ModelOptions.defaults().withWildcard(wildcard).withNetwork(network), checks,
        RunOptions.DEFAULT_STEP_BUDGET);
  }

  /**
   * The programs of one rank's threads.
   *
   * @param rank the rank
   * @return one program per thread, in thread order
   */
  public List<Program> programs(int rank) {
    List<Program> out = new ArrayList<>();
    for (int t = 0; t < threads(rank); t++) {
      List<Call> calls = calls(rank, t);
      ProgramBuilder b = ProgramBuilder.program();
      List<String> requests = new ArrayList<>();
      for (Call c : calls) {
        c.ops().forEach(b::call);
        if (c.request() != null) {
          requests.add(c.request());
        }
      }
      if (!requests.isEmpty()) {
        b.waitAll(requests.toArray(new String[0]));
      }
      out.add(b.build());
    }
    return out;
  }

  /** One message's side in a thread: its calls and its request variable, if nonblocking. */
  private record Call(int order, int message, List<MpiOp> ops, String request) {}

  private List<Call> calls(int rank, int thread) {
    List<Call> calls = new ArrayList<>();
    for (int i = 0; i < messages.size(); i++) {
      MessagePlan m = messages.get(i);
      if (m.sender() == rank && m.sendThread() == thread) {
        calls.add(sendCall(i, m));
      } else if (m.receiver() == rank && m.receiveThread() == thread) {
        calls.add(receiveCall(i, m, capacity(rank)));
      }
    }
    calls.sort(Comparator.comparingInt(Call::order).thenComparingInt(Call::message));
    return calls;
  }

  private long capacity(int rank) {
    long max = 0;
    for (MessagePlan m : messages) {
      if (m.receiver() == rank) {
        max = Math.max(max, m.bytes());
      }
    }
    return max;
  }

  private static Call sendCall(int i, MessagePlan m) {
    Expr dest = lit(m.receiver());
    Expr tag = lit(m.tag());
    Expr count = lit((int) m.bytes());
    if (m.send() == SendCall.ISEND) {
      String req = "s" + i;
      return new Call(m.sendOrder(), i, List.of(new MpiOp.Isend(SendMode.STANDARD, dest, tag, count, Datatype.BYTE,
          MpiOp.WORLD, req)), req);
    }
    SendMode mode = m.send() == SendCall.SSEND ? SendMode.SYNCHRONOUS : SendMode.STANDARD;
    return new Call(m.sendOrder(), i, List.of(new MpiOp.Send(mode, dest, tag, count, Datatype.BYTE, MpiOp.WORLD)),
        null);
  }

  private static Call receiveCall(int i, MessagePlan m, long capacity) {
    Expr src = m.anySource() ? anySource() : lit(m.sender());
    Expr tag = m.anyTag() ? anyTag() : lit(m.tag());
    Expr cap = lit((int) capacity);
    String st = "st" + i;
    List<MpiOp> ops = new ArrayList<>();
    String request = null;
    switch (m.receive()) {
      case RECV -> ops.add(new MpiOp.Recv(src, tag, cap, Datatype.BYTE, MpiOp.WORLD, null));
      case IRECV -> {
        request = "r" + i;
        ops.add(new MpiOp.Irecv(src, tag, cap, Datatype.BYTE, MpiOp.WORLD, request));
      }
      case PROBE_RECV -> {
        ops.add(new MpiOp.Probe(src, tag, MpiOp.WORLD, st));
        ops.add(new MpiOp.Recv(source(st), tagOf(st), count(st, Datatype.BYTE), Datatype.BYTE, MpiOp.WORLD, null));
      }
      case PROBE_RECV_ANY_SOURCE -> {
        ops.add(new MpiOp.Probe(src, tag, MpiOp.WORLD, st));
        ops.add(new MpiOp.Recv(anySource(), tagOf(st), cap, Datatype.BYTE, MpiOp.WORLD, null));
      }
      case MPROBE_MRECV -> {
        String msg = "m" + i;
        ops.add(new MpiOp.Mprobe(src, tag, MpiOp.WORLD, msg, st));
        ops.add(new MpiOp.Mrecv(msg, count(st, Datatype.BYTE), Datatype.BYTE, null));
      }
    }
    return new Call(m.receiveOrder(), i, ops, request);
  }

  /**
   * The network options in one line, e.g. {@code per-pair-fifo, eager below 4096 B, 16384 B/peer, wait}.
   *
   * @param n the options
   * @return the text
   */
  public static String describe(NetworkOptions n) {
    ProtocolOptions p = n.protocol();
    String eager = p.eagerThresholdBytes() == 0 ? "all rendezvous"
        : p.eagerThresholdBytes() == Long.MAX_VALUE ? "all eager" : "eager below " + p.eagerThresholdBytes() + " B";
    return n.order().configName() + ", " + eager + (p.headerBytes() == 0 ? "" : ", header " + p.headerBytes() + " B")
        + ", " + p.eagerBufferBytesPerPeer() + " B/peer, " + p.onCreditExhausted().configName() + ", latency "
        + n.latency();
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder();
    sb.append("workload: ").append(worldSize).append(worldSize == 1 ? " rank, " : " ranks, ").append(messages.size())
        .append(messages.size() == 1 ? " message" : " messages").append("; wildcard ").append(wildcard.configName())
        .append("; network ").append(describe(network)).append('\n');
    for (int r = 0; r < worldSize; r++) {
      for (int t = 0; t < threads(r); t++) {
        String head = String.format("  r%d.t%d  ", r, t);
        List<String> lines = new ArrayList<>();
        for (Call c : calls(r, t)) {
          for (MpiOp op : c.ops()) {
            lines.add(String.format("%-72s m%d", text(op), c.message()));
          }
        }
        List<Stmt> body = programs(r).get(t).body();
        if (!body.isEmpty() && body.get(body.size() - 1) instanceof Stmt.Call last
            && last.op() instanceof MpiOp.Waitall w) {
          lines.add(text(w));
        }
        if (lines.isEmpty()) {
          lines.add("(nothing)");
        }
        for (int i = 0; i < lines.size(); i++) {
          sb.append(i == 0 ? head : " ".repeat(head.length())).append(lines.get(i).stripTrailing()).append('\n');
        }
      }
    }
    return sb.toString().stripTrailing();
  }

  private static String text(MpiOp op) {
    String status = op instanceof MpiOp.Probe p ? p.status() : op instanceof MpiOp.Mprobe p ? p.status() : null;
    return OpText.describe(op).replace(", comm=world", "") + (status == null ? "" : " -> " + status);
  }
}
