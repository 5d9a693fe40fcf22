package dev.matchpoint.mpi.program;

/**
 * A program cannot be compiled: an undefined variable, a variable used as two types, an unknown
 * communicator. The message names the location and what was expected.
 */
public final class ProgramException extends RuntimeException {
  private static final long serialVersionUID = 1L;
  private final transient SourceLocation at;
  private final String problem;

  /**
   * Creates the exception.
   *
   * @param at where the problem is
   * @param problem what is wrong and what was expected
   */
  public ProgramException(SourceLocation at, String problem) {
    super(at + ": " + problem);
    this.at = at;
    this.problem = problem;
  }

  /**
   * Where the problem is.
   *
   * @return the location
   */
  public SourceLocation at() {
    return at;
  }

  /**
   * The problem without its location.
   *
   * @return the description
   */
  public String problem() {
    return problem;
  }
}
