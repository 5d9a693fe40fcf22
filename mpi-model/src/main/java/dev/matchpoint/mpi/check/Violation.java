package dev.matchpoint.mpi.check;

/**
 * A check found the run breaking its rule.
 *
 * @param check the check's name, e.g. {@code probe-then-receive-same-message}
 * @param message what happened, in MPI terms
 * @param step the step at which it was detected
 * @param rank the rank, or -1
 * @param thread the thread, or -1
 */
public record Violation(String check, String message, long step, int rank, int thread) {
  @Override
  public String toString() {
    return check + ": " + message + (rank >= 0 ? " (r" + rank + (thread >= 0 ? ".t" + thread : "") + ", step "
        + step + ")" : "");
  }
}
