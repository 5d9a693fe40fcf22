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
  /**
   * Writes the messages of some violations in sorted order, so that violations found by
   * independent actions in either order hash the same (steps are left out: they depend on the
   * schedule, not on the state).
   *
   * @param violations the violations
   * @param sink the hasher
   */
  public static void hashSorted(java.util.List<Violation> violations, com.google.common.hash.PrimitiveSink sink) {
    java.util.List<String> messages = new java.util.ArrayList<>();
    for (Violation v : violations) {
      messages.add(v.check() + ": " + v.message());
    }
    java.util.Collections.sort(messages);
    sink.putInt(messages.size());
    messages.forEach(sink::putUnencodedChars);
  }

  @Override
  public String toString() {
    return check + ": " + message + (rank >= 0 ? " (r" + rank + (thread >= 0 ? ".t" + thread : "") + ", step "
        + step + ")" : "");
  }
}
