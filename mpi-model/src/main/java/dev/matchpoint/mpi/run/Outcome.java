package dev.matchpoint.mpi.run;

/** How a run ended. */
public enum Outcome {
  /** Every thread finished, no MPI call returned an error, no rule was broken. */
  OK,
  /** The run ended with a thread blocked forever (possibly after errors, which the report lists). */
  DEADLOCK,
  /** Every thread finished or stopped, but a call returned an MPI error class or the program was erroneous. */
  ERRONEOUS,
  /** A step or time budget stopped the run before it ended. */
  BUDGET_EXHAUSTED
}
