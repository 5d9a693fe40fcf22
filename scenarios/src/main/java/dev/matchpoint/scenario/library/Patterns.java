package dev.matchpoint.scenario.library;

import static dev.matchpoint.mpi.program.ProgramBuilder.anySource;
import static dev.matchpoint.mpi.program.ProgramBuilder.count;
import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.myRank;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static dev.matchpoint.mpi.program.ProgramBuilder.source;

import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.program.Expr;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.rank.ModelOptions;
import dev.matchpoint.mpi.run.RunOptions;
import dev.matchpoint.scenario.Expectation;
import dev.matchpoint.scenario.Mode;
import dev.matchpoint.scenario.Scenario;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The seed-000 probe patterns at any size T, built in Java: T sender ranks each send one message
 * (rank + 1 ints, tag 0) to rank T, whose T threads each run the probe-then-receive of the race or
 * the matched probe of its fix. At T = 2 and 3 they are the library's {@code probe-race-TxT} and
 * {@code mprobe-fix-TxT} (same programs, options and checks); larger T feed the exploration
 * benchmark ({@code matchpoint bench explore}).
 */
public final class Patterns {
  private static final String SOURCE = "Gregor, Hoefler, Barrett, Lumsdaine: Fixing Probe for Multi-Threaded MPI "
      + "Applications, rev. 4, sections 1 and 3.3 (seed 000)";

  private Patterns() {}

  /**
   * The probe race T x T: each receiver thread runs MPI_Probe(MPI_ANY_SOURCE) then MPI_Recv from
   * the probed source.
   *
   * @param t senders and receiver threads, at least 1
   * @return the scenario {@code probe-race-TxT}, expecting race-reachable
   * @throws IllegalArgumentException when {@code t < 1}
   */
  public static Scenario probeRace(int t) {
    Program receiver = program().probe(anySource(), lit(0), "st")
        .recv(source("st"), lit(0), count("st", Datatype.INT), Datatype.INT, null).build();
    return scenario("probe-race-" + t + "x" + t, t, receiver, Expectation.RACE_REACHABLE,
        List.of(CheckKind.PROBE_THEN_RECEIVE_SAME_MESSAGE, CheckKind.NO_DEADLOCK, CheckKind.COMPLETE_BEFORE_FINALIZE));
  }

  /**
   * The matched-probe fix T x T: each receiver thread runs MPI_Mprobe(MPI_ANY_SOURCE) then MPI_Mrecv
   * of its message handle. Every interleaving is fine; the T! pairings of threads and messages are
   * the outcome classes.
   *
   * @param t senders and receiver threads, at least 1
   * @return the scenario {@code mprobe-fix-TxT}, expecting ok
   * @throws IllegalArgumentException when {@code t < 1}
   */
  public static Scenario matchedProbe(int t) {
    Program receiver = program().mprobe(anySource(), lit(0), "msg", "st")
        .mrecv("msg", count("st", Datatype.INT), Datatype.INT, null).build();
    return scenario("mprobe-fix-" + t + "x" + t, t, receiver, Expectation.OK,
        List.of(CheckKind.PROBE_THEN_RECEIVE_SAME_MESSAGE, CheckKind.MATCHED_MESSAGE_EXCLUSIVE,
            CheckKind.RECEIVED_AT_MOST_ONCE, CheckKind.NO_DEADLOCK, CheckKind.NO_ERRORS,
            CheckKind.COMPLETE_BEFORE_FINALIZE));
  }

  private static Scenario scenario(String name, int t, Program receiver, Expectation expect, List<CheckKind> checks) {
    if (t < 1) {
      throw new IllegalArgumentException("a pattern needs at least one sender, got " + t);
    }
    Expr count = new Expr.Binary(Expr.BinaryOp.ADD, myRank(), lit(1));
    Program sender = program().send(lit(t), lit(0), count, Datatype.INT).build();
    List<List<Program>> ranks = new ArrayList<>();
    for (int s = 0; s < t; s++) {
      ranks.add(List.of(sender));
    }
    ranks.add(Collections.nCopies(t, receiver));
    return new Scenario(name, t + " senders, one receiver rank with " + t + " threads (seed 000's pattern)", SOURCE,
        expect, 0, Mode.TIMED, ranks, List.of(), ModelOptions.defaults(), checks, RunOptions.DEFAULT_STEP_BUDGET);
  }
}
