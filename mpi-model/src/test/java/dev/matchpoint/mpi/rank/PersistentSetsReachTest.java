package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.eq;
import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.myRank;
import static dev.matchpoint.mpi.program.ProgramBuilder.procNull;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static dev.matchpoint.mpi.program.ProgramBuilder.source;
import static dev.matchpoint.mpi.rank.PersistentSetsTest.options;
import static dev.matchpoint.mpi.rank.PersistentSetsTest.sameOutcomes;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.WildcardPolicy;
import dev.matchpoint.mpi.program.Cond;
import dev.matchpoint.mpi.program.Expr;
import dev.matchpoint.mpi.program.Expr.BinaryOp;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.PointToPointOps;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.program.ProgramBuilder;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * The persistent-set closure over-approximates what a thread may still do from its program
 * counter ({@link Reach}): the peers its remaining calls name, evaluated where they are constants
 * for the thread, and every call reachable through branches and loops. A summary that missed a
 * peer or a call would let the closure leave out a thread or link that races with the set, and the
 * reduced search would lose final states. In each program below, rank 1's thread 1 waits for rank
 * 0's "go", then sends one message to rank 2, while its thread 0 tests once with MPI_Iprobe for the
 * "go"; rank 2 tests once with MPI_Iprobe for rank 1's message, then takes it with MPI_Mprobe and
 * MPI_Mrecv (it posts no receive). Whether rank 2's probe sees the message depends on the order,
 * and while the "go" is on its way only the summary of rank 1's remaining code says that rank 1 may
 * still send to rank 2 (once the message is on its way, only the summary of rank 2's code says that
 * rank 2 will look at it). Each program hides the peer or the call in a different form: arithmetic
 * over the rank, the world size and the thread index, either branch of an {@code if}, the body of a
 * loop and the code after it.
 */
class PersistentSetsReachTest {
  private static final String CLAUSE = "Exhaustive means exhaustive: every model decision reads only state the search"
      + " can see (what the state fingerprint covers), and the reduced search reaches exactly the outcomes of naive"
      + " enumeration on generated programs that use every feature";
  private static final String IPROBE = "MPI_IPROBE(source, tag, comm, flag, status) returns flag = true if there is a"
      + " message that can be received and that matches the pattern specified by the arguments source, tag, and comm";

  private static Expr op(BinaryOp op, Expr left, Expr right) {
    return new Expr.Binary(op, left, right);
  }

  /** Rank 2 tests once for rank 1's message, naming rank 1 as {@code source}, then takes it. */
  private static Program probingReceiver(Expr source) {
    return program().iprobe(source, lit(0), "f", null).mprobe(source, lit(0), "m", null)
        .mrecv("m", lit(1), Datatype.INT, null).build();
  }

  /** The sender's wait for rank 0's "go" (tag 9). */
  private static ProgramBuilder go(ProgramBuilder b) {
    return b.recv(lit(0), lit(9), lit(0), Datatype.INT, null);
  }

  private static ProgramBuilder sendToTwo(ProgramBuilder b) {
    return b.send(lit(2), lit(0), lit(1), Datatype.INT);
  }

  /** The sender waits for one "go", then sends as {@code send} says. */
  private static void assertEveryOutcome(String name, UnaryOperator<ProgramBuilder> send, Program two) {
    assertEveryOutcome(name, 1, p -> send.apply(go(p)), two);
  }

  /**
   * Rank 0 sends {@code gos} "go" messages to rank 1, whose thread 0 probes for them as often and
   * whose thread 1 runs {@code sender}; rank 2 runs {@code two}.
   */
  private static void assertEveryOutcome(String name, int gos, UnaryOperator<ProgramBuilder> sender, Program two) {
    ProgramBuilder zero = program();
    ProgramBuilder peeking = program();
    for (int i = 0; i < gos; i++) {
      zero.send(lit(1), lit(9), lit(0), Datatype.INT);
      peeking.iprobe(lit(0), lit(9), "g", null);
    }
    for (WildcardPolicy policy : WildcardPolicy.values()) {
      ModelSpec spec = ModelSpec.builder().rank(zero.build()).rank(peeking.build(), sender.apply(program()).build())
          .rank(two).options(options(policy)).build();
      assertTrue(sameOutcomes(name + ", " + policy, spec)[0].outcomes().size() > 1, name + ", " + policy);
    }
  }

  /** Destinations computed from the rank, the world size (3) and the thread index, all equal to 2. */
  @Test
  @SpecClause(source = "MPI-3.1 §3.8.1", text = IPROBE)
  @SpecClause(source = "DESIGN §5", text = CLAUSE)
  void destinationsComputedByArithmetic_reachEveryOutcome() {
    Expr size = new Expr.WorldSize();
    Expr thread = new Expr.ThreadIndex();
    Map<String, Expr> toTwo = new LinkedHashMap<>();
    toTwo.put("rank + 1", op(BinaryOp.ADD, myRank(), lit(1)));
    toTwo.put("size - 1", op(BinaryOp.SUB, size, lit(1)));
    toTwo.put("rank * 2", op(BinaryOp.MUL, myRank(), lit(2)));
    toTwo.put("(rank + 4) / 2", op(BinaryOp.DIV, op(BinaryOp.ADD, myRank(), lit(4)), lit(2)));
    toTwo.put("(rank + 4) % size", op(BinaryOp.MOD, op(BinaryOp.ADD, myRank(), lit(4)), size));
    toTwo.put("thread + 1", op(BinaryOp.ADD, thread, lit(1)));
    for (Map.Entry<String, Expr> e : toTwo.entrySet()) {
      Expr dest = e.getValue();
      assertEveryOutcome("dest " + e.getKey(), b -> b.send(dest, lit(0), lit(1), Datatype.INT),
          probingReceiver(lit(1)));
    }
  }

  /** Sources computed from rank 2's rank and the world size, all equal to 1. */
  @Test
  @SpecClause(source = "MPI-3.1 §3.8.1", text = IPROBE)
  @SpecClause(source = "DESIGN §5", text = CLAUSE)
  void sourcesComputedByArithmetic_reachEveryOutcome() {
    UnaryOperator<ProgramBuilder> sender = PersistentSetsReachTest::sendToTwo;
    Expr size = new Expr.WorldSize();
    Map<String, Expr> toOne = new LinkedHashMap<>();
    toOne.put("rank - 1", op(BinaryOp.SUB, myRank(), lit(1)));
    toOne.put("size - 2", op(BinaryOp.SUB, size, lit(2)));
    toOne.put("rank / 2", op(BinaryOp.DIV, myRank(), lit(2)));
    toOne.put("(rank + 2) % size", op(BinaryOp.MOD, op(BinaryOp.ADD, myRank(), lit(2)), size));
    toOne.put("rank * 2 - 3", op(BinaryOp.SUB, op(BinaryOp.MUL, myRank(), lit(2)), lit(3)));
    for (Map.Entry<String, Expr> e : toOne.entrySet()) {
      assertEveryOutcome("source " + e.getKey(), sender, probingReceiver(e.getValue()));
    }
  }

  /**
   * Rank 1's send sits in the branch of an {@code if} that runs (the first or the second), after an
   * empty loop, in a loop's body; the sender waits for the "go" in the first branch of an {@code
   * if} (whose other branch computes) and sends after it, waits in a loop's body and sends after the
   * loop, and, in a loop of two iterations, sends and then waits, so that the second message, the
   * one rank 2 tests for, comes from the loop's next iteration.
   */
  @Test
  @SpecClause(source = "MPI-3.1 §3.8.1", text = IPROBE)
  @SpecClause(source = "DESIGN §5", text = CLAUSE)
  void sendsBehindBranchesAndLoops_reachEveryOutcome() {
    UnaryOperator<ProgramBuilder> send = PersistentSetsReachTest::sendToTwo;
    Map<String, UnaryOperator<ProgramBuilder>> senders = new LinkedHashMap<>();
    senders.put("then branch", p -> p.ifElse(eq(myRank(), lit(1)), send::apply, b -> { }));
    senders.put("else branch", p -> p.ifElse(eq(myRank(), lit(0)), b -> { }, send::apply));
    senders.put("code after a loop", p -> send.apply(p.repeat(1, b -> { })));
    senders.put("body of a loop", p -> p.repeat(1, send::apply));
    for (Map.Entry<String, UnaryOperator<ProgramBuilder>> e : senders.entrySet()) {
      assertEveryOutcome("send in the " + e.getKey(), e.getValue(), probingReceiver(lit(1)));
    }
    assertEveryOutcome("send after the if whose branch waits", 1,
        p -> sendToTwo(p.ifElse(eq(myRank(), lit(1)), PersistentSetsReachTest::go,
            b -> b.call(new MpiOp.Compute(lit(0))))), probingReceiver(lit(1)));
    assertEveryOutcome("send after the loop whose body waits", 1,
        p -> sendToTwo(p.repeat(1, PersistentSetsReachTest::go)), probingReceiver(lit(1)));
    Program secondMessage = program().mprobe(lit(1), lit(0), "n", null).mrecv("n", lit(1), Datatype.INT, null)
        .iprobe(lit(1), lit(0), "f", null).mprobe(lit(1), lit(0), "m", null).mrecv("m", lit(1), Datatype.INT, null)
        .build();
    assertEveryOutcome("send in the next iteration", 2, p -> p.repeat(2, b -> go(sendToTwo(b))), secondMessage);
  }

  /**
   * Rank 2's thread 0 tests once with MPI_Iprobe for rank 1's (then rank 0's) message while its
   * thread 1 takes it with each kind of call that takes a message (a receive, a nonblocking receive,
   * the receive half of an MPI_Sendrecv, a matched probe, a nonblocking matched probe): whether the
   * probe sees the message depends on the order, and only the summary of thread 1's code says that
   * it takes.
   */
  @Test
  @SpecClause(source = "MPI-3.1 §3.8.1", text = IPROBE)
  @SpecClause(source = "DESIGN §5", text = CLAUSE)
  void everyKindOfCallThatTakesAMessage_reachesEveryOutcome() {
    for (int from = 0; from <= 1; from++) {
      Expr src = lit(from);
      Map<String, Program> takers = new LinkedHashMap<>();
      takers.put("recv", program().recv(src, lit(0), lit(1), Datatype.INT, null).build());
      takers.put("irecv", program().irecv(src, lit(0), lit(1), Datatype.INT, "r").waitFor("r", null).build());
      takers.put("sendrecv", program().call(new MpiOp.Sendrecv(procNull(), lit(0), lit(0), Datatype.INT, src,
          lit(0), lit(1), Datatype.INT, MpiOp.WORLD, null)).build());
      takers.put("mprobe", program().mprobe(src, lit(0), "m", null).mrecv("m", lit(1), Datatype.INT, null).build());
      takers.put("improbe", program().improbe(src, lit(0), "t", "m", null)
          .ifElse(new Cond.Not(new Cond.Flag("t")), b -> b.mprobe(src, lit(0), "m", null), b -> { })
          .mrecv("m", lit(1), Datatype.INT, null).build());
      Program sender = program().send(lit(2), lit(0), lit(1), Datatype.INT).build();
      Program probing = program().iprobe(src, lit(0), "f", null).build();
      for (Map.Entry<String, Program> e : takers.entrySet()) {
        ModelSpec.Builder spec = ModelSpec.builder();
        spec = from == 0 ? spec.rank(sender).rank(program().build()) : spec.rank(program().build()).rank(sender);
        String name = "probe beside " + e.getKey() + " from rank " + from;
        assertTrue(sameOutcomes(name, spec.rank(probing, e.getValue()).options(options(WildcardPolicy.ANY)).build())[0]
            .outcomes().size() > 1, name);
      }
    }
  }

  /**
   * Peers the summary cannot fold: a destination computed from a status (rank 1 sends to the go's
   * source plus 2), and, in a branch that never runs, destinations divided and reduced by zero
   * (a program error, had the branch run); and rank 0 as the source rank 2 probes for.
   */
  @Test
  @SpecClause(source = "MPI-3.1 §3.8.1", text = IPROBE)
  @SpecClause(source = "DESIGN §5", text = CLAUSE)
  void peersTheSummaryCannotFold_andSourceZero_reachEveryOutcome() {
    Expr fromStatus = op(BinaryOp.ADD, source("st"), lit(2));
    assertEveryOutcome("dest from a status", 1, p -> p.recv(lit(0), lit(9), lit(0), Datatype.INT, "st")
        .send(fromStatus, lit(0), lit(1), Datatype.INT), probingReceiver(lit(1)));
    assertEveryOutcome("dest divided by zero in a branch that never runs",
        p -> p.ifElse(eq(myRank(), lit(1)), PersistentSetsReachTest::sendToTwo,
            b -> b.send(op(BinaryOp.DIV, lit(2), lit(0)), lit(0), lit(1), Datatype.INT)
                .send(op(BinaryOp.MOD, lit(2), lit(0)), lit(0), lit(1), Datatype.INT)),
        probingReceiver(lit(1)));
    Program sender = program().recv(lit(1), lit(9), lit(0), Datatype.INT, null)
        .send(lit(2), lit(0), lit(1), Datatype.INT).build();
    Program go = program().send(lit(0), lit(9), lit(0), Datatype.INT).build();
    Program peeking = program().iprobe(lit(1), lit(9), "g", null).build();
    for (WildcardPolicy policy : WildcardPolicy.values()) {
      ModelSpec spec = ModelSpec.builder().rank(peeking, sender).rank(go).rank(probingReceiver(lit(0)))
          .options(options(policy)).build();
      assertTrue(sameOutcomes("source 0, " + policy, spec)[0].outcomes().size() > 1, policy::name);
    }
  }

  /**
   * Rank 1's send is the send half of an MPI_Sendrecv_replace, an MPI_Isendrecv and an
   * MPI_Isendrecv_replace (each receiving from MPI_PROC_NULL), and rank 2 takes the message with the
   * receive half of an MPI_Isendrecv: the summary must see through the exchanges to their halves.
   */
  @Test
  @SpecClause(source = "MPI-3.1 §3.10", text = "The semantics of a send-receive operation is what would be obtained if"
      + " the caller forked two concurrent threads, one to execute the send, and one to execute the receive, followed"
      + " by a join of these two threads")
  @SpecClause(source = "DESIGN §5", text = CLAUSE)
  void sendsAndReceivesInsideTheExchanges_reachEveryOutcome() {
    MpiOp.Sendrecv toTwo = new MpiOp.Sendrecv(lit(2), lit(0), lit(1), Datatype.INT, procNull(), lit(0), lit(1),
        Datatype.INT, MpiOp.WORLD, null);
    Map<String, UnaryOperator<ProgramBuilder>> senders = new LinkedHashMap<>();
    senders.put("sendrecv-replace", p -> p.call(new PointToPointOps.SendrecvReplace(lit(2), lit(0), procNull(),
        lit(0), lit(1), Datatype.INT, MpiOp.WORLD, null, null)));
    senders.put("isendrecv", p -> p.call(new PointToPointOps.Isendrecv(toTwo, "x")).waitFor("x", null));
    senders.put("isendrecv-replace", p -> p.call(new PointToPointOps.SendrecvReplace(lit(2), lit(0), procNull(),
        lit(0), lit(1), Datatype.INT, MpiOp.WORLD, null, "x")).waitFor("x", null));
    for (Map.Entry<String, UnaryOperator<ProgramBuilder>> e : senders.entrySet()) {
      assertEveryOutcome("send half of " + e.getKey(), e.getValue(), probingReceiver(lit(1)));
    }
    MpiOp.Sendrecv fromOne = new MpiOp.Sendrecv(procNull(), lit(0), lit(0), Datatype.INT, lit(1), lit(0), lit(1),
        Datatype.INT, MpiOp.WORLD, null);
    Program sender = program().send(lit(2), lit(0), lit(1), Datatype.INT).build();
    Program probing = program().iprobe(lit(1), lit(0), "f", null).build();
    Program taking = program().call(new PointToPointOps.Isendrecv(fromOne, "x")).waitFor("x", null).build();
    ModelSpec spec = ModelSpec.builder().rank(program().build()).rank(sender).rank(probing, taking)
        .options(options(WildcardPolicy.ANY)).build();
    assertTrue(sameOutcomes("probe beside the receive half of isendrecv", spec)[0].outcomes().size() > 1);
  }
}
