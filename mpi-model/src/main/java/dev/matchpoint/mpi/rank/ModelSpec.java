package dev.matchpoint.mpi.rank;

import dev.matchpoint.mpi.program.Code;
import dev.matchpoint.mpi.program.Compiler;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.program.VarLayout;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Everything a run of the model needs besides the seed and the scheduler: per rank, the compiled
 * program of each thread; the communicators with their context ids; the options. Immutable.
 *
 * @param threads per rank (index = rank in MPI_COMM_WORLD), the code of each thread
 * @param communicators communicator name to context id; {@code world} has context 0; every
 *     communicator spans all ranks (MPI_COMM_WORLD and its duplicates)
 * @param options model options
 */
public record ModelSpec(List<List<Code>> threads, Map<String, Integer> communicators, ModelOptions options) {
  /**
   * The most ranks a world may have, 2^24 = 16,777,216: ranks are 24-bit fields of message keys
   * ({@code MessageIds}), request ids and the bucketed queues' pattern keys. Memory is the practical
   * limit well before that (a rank costs about 1 KB before it sends anything).
   */
  public static final int MAX_RANKS = 1 << 24;

  /** The most communicators (context ids 0..255, MPI_COMM_WORLD's included): an 8-bit field of message keys. */
  public static final int MAX_CONTEXTS = 256;

  /**
   * Copies and validates.
   *
   * @throws IllegalArgumentException when there is no rank or more than {@link #MAX_RANKS}, a rank
   *     has no thread, there are more than {@link #MAX_CONTEXTS} communicators, or {@code world} is
   *     missing or not context 0, or the threads of a rank declare different shared variables
   *     ({@link Program#shared()})
   */
  public ModelSpec {
    if (threads.isEmpty()) {
      throw new IllegalArgumentException("a model needs at least one rank");
    }
    if (threads.size() > MAX_RANKS) {
      throw new IllegalArgumentException("a model has at most " + MAX_RANKS + " ranks (2^24), got " + threads.size());
    }
    if (communicators.size() > MAX_CONTEXTS) {
      throw new IllegalArgumentException("a model has at most " + MAX_CONTEXTS + " communicators (MPI_COMM_WORLD "
          + "included), got " + communicators.size());
    }
    List<List<Code>> copy = new ArrayList<>();
    for (int r = 0; r < threads.size(); r++) {
      if (threads.get(r).isEmpty()) {
        throw new IllegalArgumentException("rank " + r + " has no thread");
      }
      copy.add(List.copyOf(threads.get(r)));
    }
    for (int r = 0; r < copy.size(); r++) {
      Code first = copy.get(r).get(0);
      Map<String, VarLayout.Var> shared = null;
      for (Code c : copy.get(r)) {
        if (c == first || (c.layout().sharedSlotCount() == 0 && first.layout().sharedSlotCount() == 0)) {
          continue;
        }
        shared = shared != null ? shared : sharedVars(first);
        if (!sharedVars(c).equals(shared)) {
          throw new IllegalArgumentException("the threads of rank " + r + " declare different shared variables: "
              + shared.keySet() + " and " + sharedVars(c).keySet() + " (every thread of a rank shares the same ones)");
        }
      }
    }
    threads = Collections.unmodifiableList(copy);
    communicators = Collections.unmodifiableMap(new LinkedHashMap<>(communicators));
    if (!Integer.valueOf(0).equals(communicators.get(MpiOp.WORLD))) {
      throw new IllegalArgumentException("communicator 'world' must exist with context id 0");
    }
  }

  /**
   * The distinct compiled programs (by identity), each once, in order of first use (rank by rank,
   * thread by thread). The ranks of a large world usually share one program, which a scan of every
   * program then reads once instead of once per rank.
   *
   * @return the programs, at least one
   */
  public List<Code> distinctCodes() {
    java.util.Set<Code> seen = Collections.newSetFromMap(new java.util.IdentityHashMap<>());
    List<Code> out = new ArrayList<>();
    Code last = null;
    for (List<Code> codes : threads) {
      for (Code c : codes) {
        if (c != last && seen.add(c)) {
          out.add(c);
        }
        last = c;
      }
    }
    return out;
  }

  private static Map<String, VarLayout.Var> sharedVars(Code c) {
    Map<String, VarLayout.Var> out = new java.util.TreeMap<>();
    c.layout().vars().forEach((name, v) -> {
      if (v.shared()) {
        out.put(name, v);
      }
    });
    return out;
  }

  /**
   * Number of ranks in MPI_COMM_WORLD.
   *
   * @return the size
   */
  public int worldSize() {
    return threads.size();
  }

  /**
   * A builder: add ranks with their thread programs, then {@link Builder#build()}.
   *
   * @return a builder with MPI_COMM_WORLD and default options
   */
  public static Builder builder() {
    return new Builder();
  }

  /** Builds a {@link ModelSpec} from programs, compiling them. */
  public static final class Builder {
    private final List<List<Program>> programs = new ArrayList<>();
    private final Map<String, Integer> communicators = new LinkedHashMap<>();
    private ModelOptions options = ModelOptions.defaults();

    private Builder() {
      communicators.put(MpiOp.WORLD, 0);
    }

    /**
     * Adds the next rank, with one thread per program.
     *
     * @param threadPrograms at least one program
     * @return this builder
     */
    public Builder rank(Program... threadPrograms) {
      programs.add(List.of(threadPrograms));
      return this;
    }

    /**
     * Adds the next rank with {@code threads} threads running the same program.
     *
     * @param threads at least 1
     * @param program the program
     * @return this builder
     */
    public Builder rank(int threads, Program program) {
      programs.add(Collections.nCopies(threads, program));
      return this;
    }

    /**
     * Adds a duplicate of MPI_COMM_WORLD with the next context id.
     *
     * @param name its name in programs
     * @return this builder
     */
    public Builder communicator(String name) {
      if (communicators.containsKey(name)) {
        throw new IllegalArgumentException("communicator '" + name + "' exists already");
      }
      communicators.put(name, communicators.size());
      return this;
    }

    /**
     * Sets the options.
     *
     * @param o the options
     * @return this builder
     */
    public Builder options(ModelOptions o) {
      this.options = o;
      return this;
    }

    /**
     * Compiles every program and builds the spec.
     *
     * @return the spec
     * @throws dev.matchpoint.mpi.program.ProgramException when a program does not compile
     */
    public ModelSpec build() {
      List<List<Code>> codes = new ArrayList<>();
      Map<Program, Code> cache = new java.util.IdentityHashMap<>();
      for (List<Program> rank : programs) {
        List<Code> threads = new ArrayList<>();
        for (Program p : rank) {
          threads.add(cache.computeIfAbsent(p, x -> Compiler.compile(x, communicators.keySet())));
        }
        codes.add(threads);
      }
      return new ModelSpec(codes, communicators, options);
    }
  }
}
