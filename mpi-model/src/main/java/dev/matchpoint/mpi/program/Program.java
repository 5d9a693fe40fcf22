package dev.matchpoint.mpi.program;

import java.util.List;

/**
 * What one thread runs: a list of statements.
 *
 * @param body the statements, in order
 */
public record Program(List<Stmt> body) {
  /** Copies the list. */
  public Program {
    body = List.copyOf(body);
  }

  /**
   * The program that does nothing.
   *
   * @return an empty program
   */
  public static Program empty() {
    return new Program(List.of());
  }
}
