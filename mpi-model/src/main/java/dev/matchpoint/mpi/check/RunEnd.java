package dev.matchpoint.mpi.check;

import java.util.List;

/**
 * How a run ended, for checks that judge the end state.
 *
 * @param step the last step
 * @param blockedThreads names of threads still inside an MPI call, e.g. {@code r2.t1 MPI_Recv}; empty
 *     when every thread finished
 * @param budgetExhausted true when the run stopped on a step or time budget
 */
public record RunEnd(long step, List<String> blockedThreads, boolean budgetExhausted) {
  /** Copies the list. */
  public RunEnd {
    blockedThreads = List.copyOf(blockedThreads);
  }

  /**
   * Whether the run deadlocked: it ended within budget with some thread blocked.
   *
   * @return true on deadlock
   */
  public boolean deadlocked() {
    return !budgetExhausted && !blockedThreads.isEmpty();
  }
}
