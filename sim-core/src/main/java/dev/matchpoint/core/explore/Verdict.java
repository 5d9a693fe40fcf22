package dev.matchpoint.core.explore;

import java.util.List;

/**
 * The class of a final state.
 *
 * @param outcome a canonical one-line description (two final states with equal outcomes are the
 *     same outcome class), e.g. {@code deadlock: r2.t1 MPI_Recv | receipts r2.t0<-0#0}
 * @param violation whether some check was violated
 * @param details the violations or problems, one line each
 * @param parts the same class as named lists of items, for machine-readable reports: for the MPI
 *     model {@code result}, {@code receipts}, {@code probes}, {@code blocked}, {@code problems} and
 *     {@code violations}, in that order, each present only when the text has it; empty when the
 *     model gives no parts
 */
public record Verdict(String outcome, boolean violation, List<String> details, List<Part> parts) {
  /** Copies the lists. */
  public Verdict {
    details = List.copyOf(details);
    parts = List.copyOf(parts);
  }

  /**
   * A verdict without parts.
   *
   * @param outcome the canonical description
   * @param violation whether some check was violated
   * @param details the violations or problems
   */
  public Verdict(String outcome, boolean violation, List<String> details) {
    this(outcome, violation, details, List.of());
  }

  /**
   * One named part of an outcome class.
   *
   * @param name the part's name, e.g. {@code receipts}
   * @param items its items in the class's canonical order, e.g. {@code r2.t0#0<-0#0}
   */
  public record Part(String name, List<String> items) {
    /** Copies the list. */
    public Part {
      items = List.copyOf(items);
    }
  }
}
