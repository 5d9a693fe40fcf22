package dev.matchpoint.properties.oracle;

import java.util.Arrays;
import java.util.List;

/**
 * What an exploration records of each schedule beyond its outcome class, so that outcomes which
 * differ only in what a call returned (MPI_Test_cancelled's flag, a Wait's status) or in the order
 * of a channel endpoint's starts, transfers and Waits are told apart. The record becomes part of the
 * explored state and of the outcome ({@code ... | observed r0.t0: MPI_Test_cancelled flag=true});
 * {@link Exploration#observed} reads it back, thread by thread.
 *
 * <p>Everything recorded belongs to one thread (a channel endpoint's events to its owner), and only
 * actions that touch that thread produce it, so the record is the same for every interleaving of
 * independent actions and the explorer's partial-order reduction stays exact.
 *
 * @param calls the MPI functions whose results are recorded, e.g. {@code MPI_Test_cancelled},
 *     thread by thread, in call order
 * @param channelEvents whether each channel endpoint's starts and arriving transfers are recorded
 *     with its owner thread, in order with that thread's recorded calls
 */
public record Observe(List<String> calls, boolean channelEvents) {
  /** Records nothing: the plain outcome classes of {@code MpiTransitionSystem}. */
  public static final Observe NOTHING = new Observe(List.of(), false);

  /** Copies the list. */
  public Observe {
    calls = List.copyOf(calls);
  }

  /**
   * Records the results of the named calls.
   *
   * @param mpiNames e.g. {@code "MPI_Wait"}, {@code "MPI_Test_cancelled"}
   * @return the selection
   */
  public static Observe calls(String... mpiNames) {
    return new Observe(Arrays.asList(mpiNames), false);
  }

  /**
   * A copy that records channel starts and transfers too.
   *
   * @return the copy
   */
  public Observe withChannelEvents() {
    return new Observe(calls, true);
  }

  /**
   * Whether anything is recorded.
   *
   * @return false for {@link #NOTHING}
   */
  public boolean any() {
    return !calls.isEmpty() || channelEvents;
  }
}
