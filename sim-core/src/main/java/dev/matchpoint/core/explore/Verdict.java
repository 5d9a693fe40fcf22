package dev.matchpoint.core.explore;

import java.util.List;

/**
 * The class of a final state.
 *
 * @param outcome a canonical one-line description (two final states with equal outcomes are the
 *     same outcome class), e.g. {@code deadlock: r2.t1 MPI_Recv | receipts r2.t0<-0#0}
 * @param violation whether some check was violated
 * @param details the violations or problems, one line each
 */
public record Verdict(String outcome, boolean violation, List<String> details) {
  /** Copies the list. */
  public Verdict {
    details = List.copyOf(details);
  }
}
