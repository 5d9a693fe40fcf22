package dev.matchpoint.scenario.library;

import static dev.matchpoint.mpi.program.ProgramBuilder.anySource;
import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.myRank;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static dev.matchpoint.mpi.program.ProgramBuilder.var;

import dev.matchpoint.core.net.CreditPolicy;
import dev.matchpoint.core.net.NetworkOptions;
import dev.matchpoint.core.net.ProtocolOptions;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.program.Cond;
import dev.matchpoint.mpi.program.Expr;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.program.ProgramBuilder;
import dev.matchpoint.mpi.rank.ModelOptions;
import dev.matchpoint.mpi.rank.ModelSpec;

/**
 * The timed-mode benchmark workloads of issue 12, built in Java with {@link ProgramBuilder} (no
 * scenario or GOAL file): every rank runs one shared program that reads {@code rank} and {@code
 * size}, so a world of 2^20 ranks holds one compiled program. All messages are 8 bytes (one
 * MPI_LONG or two MPI_INT), tag 0 unless said, on MPI_COMM_WORLD, under the default LogGP network
 * (L = 1000 ns, o = 200 ns, g = 100 ns, G = 0.1 ns/byte) and the default model options unless said.
 * {@code matchpoint bench timed} runs them.
 */
public final class TimedWorkloads {
  private TimedWorkloads() {}

  /**
   * A workload: its name, its model and the number of messages its programs send.
   *
   * @param name e.g. {@code ring-64}
   * @param ranks the world size
   * @param messages point-to-point messages sent in one run
   * @param spec the compiled model
   */
  public record Workload(String name, int ranks, long messages, ModelSpec spec) {}

  /**
   * The ring: each rank repeats MPI_Irecv(MPI_ANY_SOURCE), MPI_Send of 8 bytes to rank + 1 mod
   * size, MPI_Wait, {@code messages / ranks} times (the ring, after SimGrid SMPI's).
   *
   * @param ranks world size, at least 2
   * @param messages total messages; rounded down to a multiple of {@code ranks}
   * @return the workload {@code ring-N}
   */
  public static Workload ring(int ranks, long messages) {
    int per = (int) (messages / ranks);
    Program p = program().repeat(lit(per), null, b -> b
        .irecv(anySource(), lit(0), lit(1), Datatype.LONG, "r")
        .send(mod(add(myRank(), lit(1))), lit(0), lit(1), Datatype.LONG)
        .waitFor("r", null)).build();
    return new Workload("ring-" + ranks, ranks, (long) per * ranks, same(ranks, p, ModelOptions.defaults()));
  }

  /**
   * The dissemination barrier (Hensgen, Finkel and Manber): in round k = 0..ceil(log2 size) - 1 each
   * rank posts MPI_Irecv from rank - 2^k, sends 8 bytes to rank + 2^k (mod size) and waits.
   *
   * @param ranks world size, at least 2
   * @return the workload {@code dissemination-N}, size * rounds messages
   */
  public static Workload dissemination(int ranks) {
    int rounds = rounds(ranks);
    ProgramBuilder b = program();
    for (int k = 0; k < rounds; k++) {
      int d = 1 << k;
      b.irecv(mod(add(myRank(), lit(ranks - d % ranks))), lit(0), lit(1), Datatype.LONG, "r")
          .send(mod(add(myRank(), lit(d))), lit(0), lit(1), Datatype.LONG)
          .waitFor("r", null);
    }
    return new Workload("dissemination-" + ranks, ranks, (long) ranks * rounds, same(ranks, b.build(),
        ModelOptions.defaults()));
  }

  /**
   * The binomial broadcast from rank 0 (MPICH's short-message MPI_Bcast): in round k, with d = 2^k,
   * ranks below d send 8 bytes to rank + d when that is a rank, and ranks in [d, 2d) receive from
   * rank - d.
   *
   * @param ranks world size, at least 2
   * @return the workload {@code bcast-N}, size - 1 messages
   */
  public static Workload binomialBcast(int ranks) {
    ProgramBuilder b = program();
    for (int k = 0; k < rounds(ranks); k++) {
      int d = 1 << k;
      b.ifElse(new Cond.Compare(myRank(), Cond.CmpOp.LT, lit(d)),
          low -> low.ifElse(new Cond.Compare(myRank(), Cond.CmpOp.LT, lit(ranks - d)),
              send -> send.send(add(myRank(), lit(d)), lit(0), lit(1), Datatype.LONG), none -> { }),
          high -> high.ifElse(new Cond.Compare(myRank(), Cond.CmpOp.LT, lit(2 * d)),
              recv -> recv.recv(sub(myRank(), lit(d)), lit(0), lit(1), Datatype.LONG, null), none -> { }));
    }
    return new Workload("bcast-" + ranks, ranks, ranks - 1L, same(ranks, b.build(), ModelOptions.defaults()));
  }

  /**
   * Linear all-to-all: in step i = 1..size - 1 each rank posts MPI_Irecv(MPI_ANY_SOURCE), sends 8
   * bytes to rank + i (mod size) and waits.
   *
   * @param ranks world size, at least 2
   * @return the workload {@code alltoall-N}, size * (size - 1) messages
   */
  public static Workload allToAll(int ranks) {
    Program p = program().repeat(lit(ranks - 1), "i", b -> b
        .irecv(anySource(), lit(0), lit(1), Datatype.LONG, "r")
        .send(mod(add(myRank(), add(var("i"), lit(1)))), lit(0), lit(1), Datatype.LONG)
        .waitFor("r", null)).build();
    return new Workload("alltoall-" + ranks, ranks, (long) ranks * (ranks - 1), same(ranks, p,
        ModelOptions.defaults()));
  }

  /**
   * The deep unexpected queue: ranks 0..senders - 1 each send {@code q} messages of 8 bytes with
   * tags 0..q - 1 to the last rank, which receives with MPI_ANY_SOURCE in reverse tag order
   * ({@code senders} receives of tag q - 1, then of q - 2, ...), so nearly every message waits in its
   * unexpected message queue. The eager buffer holds every message (no credit waits).
   *
   * @param senders sending ranks
   * @param q tags (messages per sender)
   * @param queues the matching queues
   * @return the workload {@code deep-queue-SxQ}, senders * q messages
   */
  public static Workload deepQueue(int senders, int q, ModelOptions.QueueKind queues) {
    Program sender = program().repeat(lit(q), "t", b -> b.send(lit(senders), var("t"), lit(1), Datatype.LONG))
        .build();
    Program receiver = program().repeat(lit(q), "t", b -> b.repeat(senders, r -> r
        .recv(anySource(), sub(lit(q - 1), var("t")), lit(1), Datatype.LONG, null))).build();
    ModelOptions o = ModelOptions.defaults();
    ProtocolOptions p = o.network().protocol();
    NetworkOptions n = new NetworkOptions(o.network().latency(), o.network().order(),
        new ProtocolOptions(p.eagerThresholdBytes(), p.headerBytes(), Long.MAX_VALUE / 4, CreditPolicy.WAIT,
            p.eagerRule()));
    ModelSpec.Builder b = ModelSpec.builder().options(o.withNetwork(n).withQueues(queues));
    for (int s = 0; s < senders; s++) {
      b.rank(sender);
    }
    b.rank(receiver);
    return new Workload("deep-queue-" + senders + "x" + q, senders + 1, (long) senders * q, b.build());
  }

  private static ModelSpec same(int ranks, Program p, ModelOptions options) {
    if (ranks < 2) {
      throw new IllegalArgumentException("a workload needs at least 2 ranks, got " + ranks);
    }
    ModelSpec.Builder b = ModelSpec.builder().options(options);
    for (int r = 0; r < ranks; r++) {
      b.rank(p);
    }
    return b.build();
  }

  /** ceil(log2 ranks): the rounds of dissemination and binomial trees. */
  private static int rounds(int ranks) {
    return 32 - Integer.numberOfLeadingZeros(ranks - 1);
  }

  private static Expr add(Expr a, Expr b) {
    return new Expr.Binary(Expr.BinaryOp.ADD, a, b);
  }

  private static Expr sub(Expr a, Expr b) {
    return new Expr.Binary(Expr.BinaryOp.SUB, a, b);
  }

  private static Expr mod(Expr a) {
    return new Expr.Binary(Expr.BinaryOp.MOD, a, new Expr.WorldSize());
  }
}
