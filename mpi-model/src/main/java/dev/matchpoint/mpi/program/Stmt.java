package dev.matchpoint.mpi.program;

import java.util.List;
import java.util.Objects;

/** A statement of a program: an MPI call, a counted loop, a conditional loop, or a conditional. */
public sealed interface Stmt {
  /**
   * Where the statement was written.
   *
   * @return the location
   */
  SourceLocation at();

  /**
   * One MPI call.
   *
   * @param op the call
   * @param at where it was written
   */
  record Call(MpiOp op, SourceLocation at) implements Stmt {
    /** Validates. */
    public Call {
      Objects.requireNonNull(op, "op");
      Objects.requireNonNull(at, "at");
    }
  }

  /**
   * {@code repeat N}: runs the body {@code times} times (evaluated once, on entry); {@code index},
   * when not null, is an int variable counting from 0.
   *
   * @param times number of iterations, at least 0
   * @param index loop index variable, or null
   * @param body the statements
   * @param at where it was written
   */
  record Repeat(Expr times, String index, List<Stmt> body, SourceLocation at) implements Stmt {
    /** Copies and validates. */
    public Repeat {
      Objects.requireNonNull(times, "times");
      body = List.copyOf(body);
      Objects.requireNonNull(at, "at");
    }
  }

  /**
   * {@code if cond then ... else ...}.
   *
   * @param cond the condition
   * @param then statements when true
   * @param orElse statements when false
   * @param at where it was written
   */
  record If(Cond cond, List<Stmt> then, List<Stmt> orElse, SourceLocation at) implements Stmt {
    /** Copies and validates. */
    public If {
      Objects.requireNonNull(cond, "cond");
      then = List.copyOf(then);
      orElse = List.copyOf(orElse);
      Objects.requireNonNull(at, "at");
    }
  }

  /**
   * {@code while cond do body} ({@code until} false) or {@code do body until cond} ({@code until}
   * true): a loop bounded only by its condition, for polling (MPI_Iprobe, MPI_Test until the flag is
   * set). A loop that never ends is bounded by the run's step budget in timed mode; in logical mode a
   * poll that would bring its thread back to the same state is not enabled (see {@code
   * dev.matchpoint.mpi.rank.Polling}).
   *
   * @param cond {@code while}: the condition to run the body (tested before each iteration);
   *     {@code until}: the condition to stop (tested after each iteration)
   * @param until whether the body runs first and the loop ends once {@code cond} holds
   * @param body the statements
   * @param at where it was written
   */
  record While(Cond cond, boolean until, List<Stmt> body, SourceLocation at) implements Stmt {
    /** Copies and validates. */
    public While {
      Objects.requireNonNull(cond, "cond");
      body = List.copyOf(body);
      Objects.requireNonNull(at, "at");
    }
  }
}
