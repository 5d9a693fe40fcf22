package dev.matchpoint.mpi.rank;

/** A thread's program cannot go on: it read an unset variable or divided by zero. */
final class ProgramError extends Exception {
  private static final long serialVersionUID = 1L;

  ProgramError(String message) {
    super(message, null, false, false);
  }
}
