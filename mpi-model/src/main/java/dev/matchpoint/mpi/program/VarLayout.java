package dev.matchpoint.mpi.program;

import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * Where each variable of a compiled program lives in a thread's {@code long[]} slots, and its type.
 *
 * <p>Slot encodings: a status takes {@value #STATUS_SLOTS} slots (set flag, source, tag, bytes,
 * error class ordinal, cancelled flag); a request one slot (-1 unset, 0 MPI_REQUEST_NULL, k+1 for
 * the thread's k-th request); a message handle one slot (-1 unset, 0 MPI_MESSAGE_NULL, 1
 * MPI_MESSAGE_NO_PROC, key+2 for a matched message); a flag one slot (-1 unset, 0 false, 1 true); an
 * int two slots (set flag, value); a datatype one slot (see {@code rank.Datatypes}); a communicator
 * one slot (-1 unset, 0 MPI_COMM_NULL, context id + 1). A rank-shared variable ({@link
 * Program#shared()}) lives in its rank's slots instead, laid out the same way in declaration (name)
 * order; a shared request holds the starting thread too: -1 unset, 0 MPI_REQUEST_NULL, (thread
 * &lt;&lt; 24 | k) + 1 for that thread's k-th request.
 */
public final class VarLayout {
  /** Slots of a status variable. */
  public static final int STATUS_SLOTS = 6;

  /**
   * One variable.
   *
   * @param name its name
   * @param type its type
   * @param slot its first slot: in the thread's slots, or for a shared variable in its rank's
   * @param shared whether it is a rank-shared variable ({@link Program#shared()}): its slots are
   *     the rank's, one copy for every thread of the rank
   */
  public record Var(String name, VarType type, int slot, boolean shared) {
    /**
     * A variable of the thread's own.
     *
     * @param name its name
     * @param type its type
     * @param slot its first slot
     */
    public Var(String name, VarType type, int slot) {
      this(name, type, slot, false);
    }
  }

  private final Map<String, Var> vars;
  /** The same variables for {@link #var}: a hash lookup (the timed hot path names a variable per call). */
  private final Map<String, Var> byName;
  private final int slotCount;
  private final int sharedSlotCount;
  /**
   * The variable {@link #var} found last: calls mostly name the one they named before (a ring's
   * request, every round). An immutable record, so sharing this cache between threads is safe.
   */
  private Var last;

  VarLayout(Map<String, Var> vars, int slotCount) {
    this(vars, slotCount, 0);
  }

  VarLayout(Map<String, Var> vars, int slotCount, int sharedSlotCount) {
    this.vars = Collections.unmodifiableMap(new TreeMap<>(vars));
    this.byName = new HashMap<>(vars);
    this.slotCount = slotCount;
    this.sharedSlotCount = sharedSlotCount;
  }

  /**
   * Slots of the rank-shared variables: the same for every thread of a rank, which holds them once.
   *
   * @return the count, 0 when the program shares no variable
   */
  public int sharedSlotCount() {
    return sharedSlotCount;
  }

  /**
   * Slots needed by a thread running this program.
   *
   * @return the count
   */
  public int slotCount() {
    return slotCount;
  }

  /**
   * The initial values of the rank-shared variables' slots, as C variables declared before the
   * threads start would be initialised: a flag false, an int 0, a request MPI_REQUEST_NULL, a message
   * MPI_MESSAGE_NULL; a status unset (no call has filled it).
   *
   * @return {@link #sharedSlotCount()} values
   */
  public long[] sharedInitialValues() {
    long[] out = new long[sharedSlotCount];
    java.util.Arrays.fill(out, -1);
    for (Var v : vars.values()) {
      if (v.shared()) {
        switch (v.type()) {
          case FLAG, REQUEST, MESSAGE -> out[v.slot()] = 0;
          case INT -> {
            out[v.slot()] = 1;
            out[v.slot() + 1] = 0;
          }
          default -> {
            // a status (and any other kind) starts unset
          }
        }
      }
    }
    return out;
  }

  /**
   * A variable by name.
   *
   * @param name the name
   * @return the variable
   * @throws IllegalArgumentException when the program has no such variable
   */
  public Var var(String name) {
    Var v = last;
    if (v != null && v.name() == name) {
      return v;
    }
    v = byName.get(name);
    if (v == null) {
      throw new IllegalArgumentException("no variable '" + name + "' in this program");
    }
    last = v;
    return v;
  }

  /**
   * The variables, by name.
   *
   * @return an unmodifiable sorted map
   */
  public Map<String, Var> vars() {
    return vars;
  }

  /**
   * Number of slots a variable of {@code type} takes.
   *
   * @param type the type
   * @return the slot count
   */
  public static int slotsOf(VarType type) {
    return switch (type) {
      case STATUS -> STATUS_SLOTS;
      case INT -> 2;
      case REQUEST, MESSAGE, FLAG, DATATYPE, COMM -> 1;
    };
  }
}
