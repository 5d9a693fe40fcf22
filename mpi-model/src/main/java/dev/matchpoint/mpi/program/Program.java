package dev.matchpoint.mpi.program;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What one thread runs: a list of statements, and the variables it shares with the other threads
 * of its rank.
 *
 * @param body the statements, in order
 * @param shared the rank-shared variables this program may name, by name, with their types: one
 *     copy per rank, visible to every thread of the rank (see {@link VarLayout}); every thread of a
 *     rank must declare the same ones. Empty: every variable is the thread's own
 */
public record Program(List<Stmt> body, Map<String, VarType> shared) {
  /** Copies the list and the map (sorted by name). */
  public Program {
    body = List.copyOf(body);
    shared = Collections.unmodifiableMap(new TreeMap<>(shared));
  }

  /**
   * A program whose variables are all the thread's own.
   *
   * @param body the statements, in order
   */
  public Program(List<Stmt> body) {
    this(body, Map.of());
  }

  /**
   * This program with other rank-shared variables.
   *
   * @param declared the shared variables, by name, with their types
   * @return the copy
   */
  public Program withShared(Map<String, VarType> declared) {
    return new Program(body, declared);
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
