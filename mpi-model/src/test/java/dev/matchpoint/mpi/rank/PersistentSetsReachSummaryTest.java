package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.anySource;
import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.myRank;
import static dev.matchpoint.mpi.program.ProgramBuilder.procNull;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static dev.matchpoint.mpi.program.ProgramBuilder.source;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.mpi.CollectiveKind;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.Mpi;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.program.Code;
import dev.matchpoint.mpi.program.CommOp;
import dev.matchpoint.mpi.program.Compiler;
import dev.matchpoint.mpi.program.Cond;
import dev.matchpoint.mpi.program.Expr;
import dev.matchpoint.mpi.program.Expr.BinaryOp;
import dev.matchpoint.mpi.program.Instr;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.PartitionCalls;
import dev.matchpoint.mpi.program.PointToPointOps;
import dev.matchpoint.mpi.program.VarLayout;
import dev.matchpoint.mpi.program.VarType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * The summary of what a thread may still do ({@link Reach}), checked field by field against the
 * rule of its class comment on hand-built code: each kind of MPI call sets exactly the facts its
 * field comments name (its peers folded where they are constants for the thread, "any peer"
 * otherwise), the summary at a program counter covers exactly the calls reachable from it along
 * the code's edges (a call's next instruction, a jump, both targets of a branch, a loop's body and
 * exit), and a {@code while}/{@code until} loop's instructions are marked. The persistent-set closure
 * reads these facts: a fact the code cannot reach makes a closure larger than the rule gives (less
 * reduction), a fact missing makes it unsound; both are failures here. The expected summaries are
 * written from the field comments, never taken from a run.
 */
class PersistentSetsReachSummaryTest {
  private static final String REACH = "What a thread may still do from a program counter: the MPI calls reachable in its"
      + " code from there (the call at the counter included), summarised as the peers and objects they can touch."
      + " Peers are evaluated when they are constants for this thread (literals, its rank, the world size, its thread"
      + " index, arithmetic on those); anything else means \"any peer\".";
  private static final String LOOP = "The instruction lies in a while or until loop (between a backward jump's target"
      + " and the jump): the thread may come back to it with nothing changed";
  /** The thread summarised: rank 1, thread 2, in a world of 4 ranks (all different, none 0). */
  private static final int RANK = 1;
  private static final int THREAD = 2;
  private static final int SIZE = 4;
  private static final VarLayout NO_VARS = Compiler.compile(program().build(), Set.of(MpiOp.WORLD)).layout();

  /** Every fact of a summary, in one comparable line. */
  private static String facts(Reach r) {
    return "send " + r.sendDests + (r.sendAny ? " any" : "") + ", ready " + r.readyDests + (r.readyAny ? " any" : "")
        + ", take " + r.takeSources + (r.takeAny ? " any" : "") + ", probe " + r.probeSources
        + (r.probeAny ? " any" : "") + (r.posts ? ", posts" : "") + (r.buffered ? ", buffered" : "")
        + (r.mrecv ? ", mrecv" : "") + (r.bufferOps ? ", bufferOps" : "") + (r.control ? ", control" : "")
        + (r.collectives ? ", collectives" : "") + (r.partitioned ? ", partitioned" : "")
        + (r.inConditionalLoop ? ", in loop" : "") + (r.shared ? ", shared" : "");
  }

  /** An expected summary: the empty one, changed by {@code facts}. */
  private static String expect(Consumer<Reach> facts) {
    Reach r = new Reach();
    facts.accept(r);
    return facts(r);
  }

  private static Reach[] of(Instr... instrs) {
    return Reach.of(new Code(List.of(instrs), NO_VARS), RANK, THREAD, SIZE);
  }

  private static Instr call(MpiOp op) {
    return new Instr.Call(op, null);
  }

  /** The summary at a lone call. */
  private static String one(MpiOp op) {
    Reach[] out = of(call(op));
    assertEquals(expect(r -> { }), facts(out[1]), "past the end of " + op);
    return facts(out[0]);
  }

  private static MpiOp send(SendMode mode, Expr dest) {
    return new MpiOp.Send(mode, dest, lit(0), lit(1), Datatype.INT, MpiOp.WORLD);
  }

  private static MpiOp recv(Expr source) {
    return new MpiOp.Recv(source, lit(0), lit(1), Datatype.INT, MpiOp.WORLD, null);
  }

  private static MpiOp.Sendrecv sendrecv(Expr dest, Expr source) {
    return new MpiOp.Sendrecv(dest, lit(0), lit(1), Datatype.INT, source, lit(0), lit(1), Datatype.INT, MpiOp.WORLD,
        null);
  }

  private static Expr op(BinaryOp op, Expr left, Expr right) {
    return new Expr.Binary(op, left, right);
  }

  @Test
  @SpecClause(source = "Reach (class comment and field comments)", text = REACH)
  void sends_summariseTheirDestinationModeAndReadiness() {
    assertEquals(expect(r -> r.sendDests.set(3)), one(send(SendMode.STANDARD, lit(3))));
    assertEquals(expect(r -> r.sendDests.set(0)), one(send(SendMode.SYNCHRONOUS, lit(0))));
    assertEquals(expect(r -> {
      r.sendDests.set(2);
      r.buffered = true;
    }), one(send(SendMode.BUFFERED, lit(2))));
    assertEquals(expect(r -> {
      r.sendDests.set(2);
      r.readyDests.set(2);
    }), one(send(SendMode.READY, lit(2))));
    assertEquals(expect(r -> {
      r.sendDests.set(2);
      r.readyDests.set(2);
    }), one(new MpiOp.Isend(SendMode.READY, lit(2), lit(0), lit(1), Datatype.INT, MpiOp.WORLD, "s")));
    assertEquals(expect(r -> {
      r.sendDests.set(3);
      r.buffered = true;
    }), one(new MpiOp.Isend(SendMode.BUFFERED, lit(3), lit(0), lit(1), Datatype.INT, MpiOp.WORLD, "s")));
    // Not constant for the thread (a status's source): any destination; a ready one any ready destination.
    assertEquals(expect(r -> r.sendAny = true), one(send(SendMode.STANDARD, source("st"))));
    assertEquals(expect(r -> {
      r.sendAny = true;
      r.readyAny = true;
    }), one(send(SendMode.READY, source("st"))));
    // MPI_PROC_NULL and constants outside the world name no rank (MPI-3.1 §3.11: no communication).
    assertEquals(expect(r -> { }), one(send(SendMode.READY, procNull())));
    assertEquals(expect(r -> { }), one(send(SendMode.STANDARD, lit(SIZE))));
    assertEquals(expect(r -> { }), one(send(SendMode.STANDARD, lit(-5))));
    assertEquals(expect(r -> r.buffered = true), one(send(SendMode.BUFFERED, procNull())));
  }

  @Test
  @SpecClause(source = "Reach (class comment and field comments)", text = REACH)
  void receivesAndProbes_summariseTheirSourcesAndWhetherTheyPost() {
    assertEquals(expect(r -> {
      r.takeSources.set(3);
      r.posts = true;
    }), one(recv(lit(3))));
    assertEquals(expect(r -> {
      r.takeSources.set(0);
      r.posts = true;
    }), one(new MpiOp.Irecv(lit(0), lit(0), lit(1), Datatype.INT, MpiOp.WORLD, "r")));
    assertEquals(expect(r -> {
      r.takeAny = true;
      r.posts = true;
    }), one(recv(anySource())));
    assertEquals(expect(r -> r.posts = true), one(recv(procNull())));
    assertEquals(expect(r -> r.posts = true), one(recv(lit(SIZE))));
    assertEquals(expect(r -> r.takeSources.set(2)),
        one(new MpiOp.Mprobe(lit(2), lit(0), MpiOp.WORLD, "m", null)));
    assertEquals(expect(r -> r.takeAny = true),
        one(new MpiOp.Improbe(anySource(), lit(0), MpiOp.WORLD, "f", "m", null)));
    assertEquals(expect(r -> { }), one(new MpiOp.Mprobe(lit(SIZE), lit(0), MpiOp.WORLD, "m", null)));
    assertEquals(expect(r -> r.probeSources.set(3)), one(new MpiOp.Probe(lit(3), lit(0), MpiOp.WORLD, null)));
    assertEquals(expect(r -> r.probeSources.set(0)),
        one(new MpiOp.Iprobe(lit(0), lit(0), MpiOp.WORLD, "f", null)));
    assertEquals(expect(r -> r.probeAny = true), one(new MpiOp.Probe(anySource(), lit(0), MpiOp.WORLD, null)));
    assertEquals(expect(r -> { }), one(new MpiOp.Iprobe(lit(SIZE), lit(0), MpiOp.WORLD, "f", null)));
    assertEquals(expect(r -> { }), one(new MpiOp.Probe(procNull(), lit(0), MpiOp.WORLD, null)));
  }

  @Test
  @SpecClause(source = "Reach (class comment and field comments)", text = REACH)
  void exchanges_summariseBothHalves() {
    String both = expect(r -> {
      r.sendDests.set(3);
      r.takeSources.set(0);
      r.posts = true;
    });
    assertEquals(both, one(sendrecv(lit(3), lit(0))));
    assertEquals(both, one(new PointToPointOps.Isendrecv(sendrecv(lit(3), lit(0)), "r")));
    assertEquals(both, one(new PointToPointOps.SendrecvReplace(lit(3), lit(0), lit(0), lit(0), lit(1), Datatype.INT,
        MpiOp.WORLD, null, null)));
    assertEquals(expect(r -> {
      r.sendAny = true;
      r.takeAny = true;
      r.posts = true;
    }), one(new PointToPointOps.SendrecvReplace(source("st"), lit(0), anySource(), lit(0), lit(1), Datatype.INT,
        MpiOp.WORLD, null, "r")));
  }

  @Test
  @SpecClause(source = "Reach (class comment and field comments)", text = REACH)
  void otherCalls_summariseTheObjectsTheyTouch() {
    assertEquals(expect(r -> r.mrecv = true), one(new MpiOp.Mrecv("m", lit(1), Datatype.INT, null)));
    assertEquals(expect(r -> r.mrecv = true), one(new MpiOp.Imrecv("m", lit(1), Datatype.INT, "r")));
    assertEquals(expect(r -> r.mrecv = true), one(new MpiOp.MessageCancel("m")));
    assertEquals(expect(r -> r.bufferOps = true), one(new MpiOp.BufferAttach(lit(64))));
    assertEquals(expect(r -> r.bufferOps = true), one(new MpiOp.BufferDetach()));
    assertEquals(expect(r -> r.control = true), one(new MpiOp.Cancel("s")));
    assertEquals(expect(r -> r.control = true), one(new MpiOp.UnbindChannel(List.of("c"), false)));
    assertEquals(expect(r -> {
      r.sendAny = true;
      r.readyAny = true;
      r.takeAny = true;
      r.posts = true;
      r.buffered = true;
      r.control = true;
    }), one(new MpiOp.Start(List.of("p"), false)));
    assertEquals(expect(r -> r.collectives = true), one(new MpiOp.Collective(CollectiveKind.BCAST, lit(0), lit(1),
        Datatype.INT, null, MpiOp.WORLD)));
    assertEquals(expect(r -> r.collectives = true), one(new CommOp.Dup(MpiOp.WORLD, "c")));
    assertEquals(expect(r -> r.partitioned = true),
        one(new PartitionCalls.Pready(PartitionCalls.ReadyForm.ONE, List.of(lit(0)), "p")));
    // Calls that touch no peer and no shared object.
    assertEquals(expect(r -> { }), one(new MpiOp.Wait("r", null)));
    assertEquals(expect(r -> { }), one(new MpiOp.Compute(lit(5))));
  }

  /** A call on a communicator variable (which MPI_Comm_split may bind) names no world rank: any peer. */
  @Test
  @SpecClause(source = "Reach (class comment and field comments)", text = REACH)
  void callsOnACommunicatorVariable_meanAnyPeer() {
    Code code = Compiler.compile(program().call(new CommOp.Dup(MpiOp.WORLD, "c")).on("c")
        .send(lit(3), lit(0), lit(1), Datatype.INT).recv(lit(0), lit(0), lit(1), Datatype.INT, null).build(),
        Set.of(MpiOp.WORLD));
    Reach[] out = Reach.of(code, RANK, THREAD, SIZE);
    int send = -1;
    for (int pc = 0; pc < code.size(); pc++) {
      if (code.at(pc) instanceof Instr.Call c && c.op() instanceof MpiOp.Send) {
        send = pc;
      }
    }
    assertEquals(expect(r -> {
      r.sendAny = true;
      r.takeAny = true;
      r.posts = true;
    }), facts(out[send]));
  }

  @Test
  @SpecClause(source = "Reach (class comment)", text = REACH)
  void peers_foldedWhereConstantForTheThread() {
    assertEquals(7, Reach.constant(lit(7), RANK, THREAD, SIZE));
    assertEquals(Mpi.PROC_NULL, Reach.constant(procNull(), RANK, THREAD, SIZE));
    assertEquals(RANK, Reach.constant(myRank(), RANK, THREAD, SIZE));
    assertEquals(SIZE, Reach.constant(new Expr.WorldSize(), RANK, THREAD, SIZE));
    assertEquals(THREAD, Reach.constant(new Expr.ThreadIndex(), RANK, THREAD, SIZE));
    Expr seven = lit(7);
    Expr three = lit(3);
    assertEquals(10, Reach.constant(op(BinaryOp.ADD, seven, three), RANK, THREAD, SIZE));
    assertEquals(4, Reach.constant(op(BinaryOp.SUB, seven, three), RANK, THREAD, SIZE));
    assertEquals(21, Reach.constant(op(BinaryOp.MUL, seven, three), RANK, THREAD, SIZE));
    assertEquals(2, Reach.constant(op(BinaryOp.DIV, seven, three), RANK, THREAD, SIZE));
    assertEquals(1, Reach.constant(op(BinaryOp.MOD, seven, three), RANK, THREAD, SIZE));
    // MOD is Math.floorMod (Expr.BinaryOp): non-negative for a positive divisor.
    assertEquals(2, Reach.constant(op(BinaryOp.MOD, lit(-7), three), RANK, THREAD, SIZE));
    assertEquals(-2, Reach.constant(op(BinaryOp.DIV, lit(-7), three), RANK, THREAD, SIZE));
    // Rank, size and thread index in one expression: (rank + thread) * size - 1 = 11.
    assertEquals(11, Reach.constant(op(BinaryOp.SUB, op(BinaryOp.MUL, op(BinaryOp.ADD, myRank(),
        new Expr.ThreadIndex()), new Expr.WorldSize()), lit(1)), RANK, THREAD, SIZE));
    // Not constants: wildcards, statuses, variables, division by zero (a program error if it ran),
    // anything built on them, and every peer of a communicator created at run time (size < 0).
    assertNull(Reach.constant(anySource(), RANK, THREAD, SIZE));
    assertNull(Reach.constant(source("st"), RANK, THREAD, SIZE));
    assertNull(Reach.constant(new Expr.IntVar("i"), RANK, THREAD, SIZE));
    assertNull(Reach.constant(op(BinaryOp.DIV, seven, lit(0)), RANK, THREAD, SIZE));
    assertNull(Reach.constant(op(BinaryOp.MOD, seven, lit(0)), RANK, THREAD, SIZE));
    assertNull(Reach.constant(op(BinaryOp.ADD, source("st"), three), RANK, THREAD, SIZE));
    assertNull(Reach.constant(op(BinaryOp.ADD, three, source("st")), RANK, THREAD, SIZE));
    assertNull(Reach.constant(lit(2), RANK, THREAD, -1));
    assertNull(Reach.constant(myRank(), RANK, THREAD, -1));
  }

  @Test
  @SpecClause(source = "Reach (field comments)", text = REACH)
  void peerQueries_answerForTheSummarisedPeersOnly() {
    Reach r = new Reach();
    r.sendDests.set(2);
    r.readyDests.set(3);
    r.takeSources.set(0);
    r.probeSources.set(3);
    for (int p = 0; p < SIZE; p++) {
      assertEquals(p == 2, r.maySendTo(p), "send " + p);
      assertEquals(p == 3, r.mayReadySendTo(p), "ready " + p);
      assertEquals(p == 0, r.mayTakeFrom(p), "take " + p);
      assertEquals(p == 3, r.mayProbe(p), "probe " + p);
    }
    Reach any = new Reach();
    any.sendAny = true;
    any.readyAny = true;
    any.takeAny = true;
    any.probeAny = true;
    for (int p = 0; p < SIZE; p++) {
      assertTrue(any.maySendTo(p) && any.mayReadySendTo(p) && any.mayTakeFrom(p) && any.mayProbe(p), "any " + p);
    }
    Reach none = new Reach();
    for (int p = 0; p < SIZE; p++) {
      assertFalse(none.maySendTo(p) || none.mayReadySendTo(p) || none.mayTakeFrom(p) || none.mayProbe(p), "none " + p);
    }
  }

  /** Straight-line code: each counter sees its own call and the later ones, never an earlier one. */
  @Test
  @SpecClause(source = "Reach (class comment)", text = REACH)
  void straightLine_coversTheCallAtTheCounterAndLaterOnes() {
    Reach[] out = of(call(send(SendMode.STANDARD, lit(0))), call(recv(lit(2))), call(send(SendMode.READY, lit(3))));
    assertEquals(4, out.length);
    assertEquals(expect(r -> {
      r.sendDests.set(0);
      r.sendDests.set(3);
      r.readyDests.set(3);
      r.takeSources.set(2);
      r.posts = true;
    }), facts(out[0]));
    assertEquals(expect(r -> {
      r.sendDests.set(3);
      r.readyDests.set(3);
      r.takeSources.set(2);
      r.posts = true;
    }), facts(out[1]));
    assertEquals(expect(r -> {
      r.sendDests.set(3);
      r.readyDests.set(3);
    }), facts(out[2]));
    assertEquals(expect(r -> { }), facts(out[3]));
  }

  /**
   * {@code if (c) send 0 else send 2; recv 3}: a jump skips what it jumps over, a branch reaches
   * both of its targets.
   */
  @Test
  @SpecClause(source = "Reach (class comment)", text = REACH)
  void branchesAndJumps_reachTheirTargets() {
    Cond c = new Cond.Flag("f");
    Reach[] out = of(new Instr.BranchIfFalse(c, 3, null), call(send(SendMode.STANDARD, lit(0))), new Instr.Jump(4),
        call(send(SendMode.STANDARD, lit(2))), call(recv(lit(3))));
    assertEquals(expect(r -> {
      r.sendDests.set(0);
      r.sendDests.set(2);
      r.takeSources.set(3);
      r.posts = true;
    }), facts(out[0]));
    assertEquals(expect(r -> {
      r.sendDests.set(0);
      r.takeSources.set(3);
      r.posts = true;
    }), facts(out[1]));
    String afterJump = expect(r -> {
      r.takeSources.set(3);
      r.posts = true;
    });
    assertEquals(afterJump, facts(out[2]));
    assertEquals(expect(r -> {
      r.sendDests.set(2);
      r.takeSources.set(3);
      r.posts = true;
    }), facts(out[3]));
    assertEquals(afterJump, facts(out[4]));
  }

  /**
   * {@code repeat n { send 0 }; recv 2}: from the body's end (the loop's next-iteration check) the
   * body is reachable again, and the code after the loop from everywhere in it. A counted loop is
   * not a conditional loop (its counter changes).
   */
  @Test
  @SpecClause(source = "Reach (class comment)", text = REACH)
  void countedLoops_reachTheirBodyAgainAndTheCodeAfter() {
    Reach[] out = of(new Instr.LoopEnter(0, -1, lit(2), 3, null), call(send(SendMode.STANDARD, lit(0))),
        new Instr.LoopNext(0, -1, 1), call(recv(lit(2))));
    String all = expect(r -> {
      r.sendDests.set(0);
      r.takeSources.set(2);
      r.posts = true;
    });
    assertEquals(all, facts(out[0]));
    assertEquals(all, facts(out[1]));
    assertEquals(all, facts(out[2]));
    assertEquals(expect(r -> {
      r.takeSources.set(2);
      r.posts = true;
    }), facts(out[3]));
  }

  /**
   * {@code recv 0; until (f) { iprobe 2 }; send 3} and {@code while (f) { probe 3 }}: the
   * instructions from the backward jump's target to the jump are in a conditional loop, the others
   * (before the loop, after it, and around a forward jump) are not.
   */
  @Test
  @SpecClause(source = "Reach (inConditionalLoop)", text = LOOP)
  void conditionalLoops_markTheirInstructionsOnly() {
    Cond c = new Cond.Flag("f");
    Reach[] until = of(call(recv(lit(0))), call(new MpiOp.Iprobe(lit(2), lit(0), MpiOp.WORLD, "f", null)),
        new Instr.BranchIfFalse(c, 1, null), call(send(SendMode.STANDARD, lit(3))));
    List<Boolean> marks = new ArrayList<>();
    for (Reach r : until) {
      marks.add(r.inConditionalLoop);
    }
    assertEquals(List.of(false, true, true, false, false), marks);
    assertEquals(expect(r -> {
      r.probeSources.set(2);
      r.sendDests.set(3);
      r.inConditionalLoop = true;
    }), facts(until[1]));
    // while (f) { probe 3 } ; recv 1: test at 0, body 1, backward jump 2, after 3.
    Reach[] loop = of(new Instr.BranchIfFalse(c, 3, null), call(new MpiOp.Probe(lit(3), lit(0), MpiOp.WORLD, null)),
        new Instr.Jump(0), call(recv(lit(1))));
    marks.clear();
    for (Reach r : loop) {
      marks.add(r.inConditionalLoop);
    }
    assertEquals(List.of(true, true, true, false, false), marks);
    assertEquals(expect(r -> {
      r.probeSources.set(3);
      r.takeSources.set(1);
      r.posts = true;
      r.inConditionalLoop = true;
    }), facts(loop[1]));
  }

  /**
   * {@code iprobe(2) -> a; send 3} where {@code a} is a rank-shared flag: the probe's instruction
   * writes a shared variable, so the summary at it says so; from the send on no instruction touches
   * one.
   */
  @Test
  @SpecClause(source = "Reach (shared)", text = "Some reachable instruction reads or writes a rank-shared variable")
  void sharedVariables_areReachableOnlyBeforeTheirLastAccess() {
    Code code = Compiler.compile(program().iprobe(lit(2), lit(0), "a", null).send(lit(3), lit(0), lit(1), Datatype.INT)
        .build().withShared(Map.of("a", VarType.FLAG)), Set.of(MpiOp.WORLD));
    Reach[] out = Reach.of(code, RANK, THREAD, SIZE);
    assertEquals(expect(r -> {
      r.probeSources.set(2);
      r.sendDests.set(3);
      r.shared = true;
    }), facts(out[0]));
    assertEquals(expect(r -> r.sendDests.set(3)), facts(out[1]));
  }
}
