package dev.matchpoint.scenario.importer;

import dev.matchpoint.mpi.CollectiveKind;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.Mpi;
import dev.matchpoint.mpi.ReduceOp;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.program.Expr;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.program.SourceLocation;
import dev.matchpoint.mpi.program.Stmt;
import dev.matchpoint.mpi.rank.ModelOptions;
import dev.matchpoint.scenario.Mode;
import dev.matchpoint.scenario.Scenario;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Turns an {@link ImportedTrace} into a {@link Scenario}: one program per location (rank and
 * thread), so run, explore, replay and the timelines work on traces like on any scenario.
 *
 * <p>Conversion rules, each stated in the scenario's description when it applies:
 *
 * <ul>
 *   <li>Ranks are world ranks; a location's thread becomes that rank's thread (in thread order).
 *       Ranks with no location run an empty program.
 *   <li>A communicator that is MPI_COMM_WORLD in rank order is {@code world}; any other (a
 *       sub-communicator, a reordered or self communicator) becomes a world-sized duplicate of its
 *       own ({@code comm<id>}), so matching stays separated by its context, and its ranks are
 *       translated to world ranks.
 *   <li>Messages are MPI_BYTE counts of their size in bytes; a size the trace does not give counts
 *       one byte per element.
 *   <li>Receives use the envelope the trace recorded (OTF2 records the matched source and tag, never
 *       a wildcard) or the format's wildcard ({@code -333} in TI, {@code -1} in GOAL); with {@link
 *       Options#anySource} every receive's source becomes MPI_ANY_SOURCE, to ask "what if this had
 *       been a wildcard". A receive whose envelope the trace does not give (a cancelled OTF2
 *       receive) is MPI_ANY_SOURCE and MPI_ANY_TAG with the trace's largest message as capacity.
 *   <li>Tags above the model's MPI_TAG_UB are renumbered densely in increasing order, which keeps
 *       which tags are equal.
 *   <li>A cancel (recorded at completion in OTF2) is MPI_Cancel then MPI_Wait; a failed test is
 *       left out (noted), since as MPI_Test it could complete the request in the model and free it
 *       under the trace's later Wait or Cancel; computation becomes {@code compute} (seconds as ns; flops at {@link
 *       Options#flopsPerNs}; GOAL time units as ns).
 *   <li>A collective the model has (Barrier, Bcast, Gather, Gatherv, Scatter, Scatterv, Allgather,
 *       Alltoall, Reduce, Allreduce, Reduce_scatter_block; MPI-3.1 chapter 5) on a communicator of
 *       every rank becomes that collective call, blocking (OTF2's MpiCollectiveEnd and TI's actions
 *       are the blocking forms): the root translated to a world rank, an MPI_BYTE count per
 *       member (per block for Gather, Scatter, Allgather, Alltoall; at a Gatherv or Scatterv root
 *       also the list of every member's, {@link VectorCounts}) derived from the recorded bytes,
 *       MPI_SUM for a reduction (the trace does not record the operator; noted). Any other
 *       collective (Allgatherv, Alltoallv, Reduce_scatter, Scan, Exscan, ...), one on a
 *       communicator of fewer ranks, or a rooted one without a root is left out and noted with its
 *       count.
 *   <li>With {@link Options#timingGaps} and timestamps, the time between two operations of a
 *       location becomes a {@code compute} before the second: an approximation that also counts
 *       the time the first spent blocked.
 *   <li>A computation or gap above 2^31 - 1 ns (the model's integers) becomes several {@code
 *       compute} statements, at most {@link #MAX_COMPUTE_PIECES}.
 * </ul>
 *
 * <p>Every statement's location names the trace file, its line the operation's index in its
 * location's program (1-based) and its column the location's rank, so reports point back into the
 * trace.
 */
public final class ScenarioConverter {
  /**
   * Conversion options.
   *
   * @param anySource make every receive's source MPI_ANY_SOURCE
   * @param timingGaps keep the time between operations as computation (timestamped formats)
   * @param flopsPerNs machine speed for {@code compute <flops>} records, greater than 0
   * @param rankRelative let the ranks that follow one pattern share one program whose peers are
   *     expressions of {@code rank}, each member verified (what {@code import} writes; see {@link
   *     RankPatterns}); statements of a shared program have column 0 instead of their rank
   */
  public record Options(boolean anySource, boolean timingGaps, double flopsPerNs, boolean rankRelative) {
    /**
     * Validates.
     *
     * @throws IllegalArgumentException when the speed is not positive
     */
    public Options {
      if (!(flopsPerNs > 0)) {
        throw new IllegalArgumentException("flops per ns must be positive, got " + flopsPerNs);
      }
    }

    /**
     * Options with literal peers on every rank.
     *
     * @param anySource make every receive's source MPI_ANY_SOURCE
     * @param timingGaps keep the time between operations as computation (timestamped formats)
     * @param flopsPerNs machine speed for {@code compute <flops>} records, greater than 0
     */
    public Options(boolean anySource, boolean timingGaps, double flopsPerNs) {
      this(anySource, timingGaps, flopsPerNs, false);
    }

    /**
     * These options with rank-relative programs shared by the ranks of one pattern.
     *
     * @return the copy
     */
    public Options withRankRelative() {
      return new Options(anySource, timingGaps, flopsPerNs, true);
    }

    /**
     * Defaults: recorded sources, no timing, one flop per nanosecond.
     *
     * @return the options
     */
    public static Options defaults() {
      return new Options(false, false, 1.0);
    }
  }

  /**
   * The converted scenario and what the conversion had to say about the trace.
   *
   * @param scenario the scenario
   * @param notes what the trace could not tell and how it was handled, one sentence each
   * @param locations per location id, its rank and thread in the scenario
   */
  public record Conversion(Scenario scenario, List<String> notes, Map<Long, TraceLocation> locations) {
    /** Copies. */
    public Conversion {
      notes = List.copyOf(notes);
      locations = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(locations));
    }

    /**
     * This conversion run on other model options (network, protocol, matching policies): what
     * {@code replay-trace --model-from} uses to replay a trace on a configured network.
     *
     * @param options the options
     * @return the copy, with the same programs, notes and locations
     */
    public Conversion withOptions(ModelOptions options) {
      Scenario s = scenario;
      return new Conversion(new Scenario(s.name(), s.description(), s.source(), s.expect(), s.seed(), s.mode(),
          s.ranks(), s.communicators(), options, s.checks(), s.stepBudget()), notes, locations);
    }
  }

  private final ImportedTrace trace;
  private final VectorCounts vectors;
  private final String file;
  private final Options options;
  private final List<String> notes = new ArrayList<>();
  private final Map<Long, String> commNames = new TreeMap<>();
  private final Map<Long, Integer> tagMap = new TreeMap<>();
  /** Per communicator id, whether its members are every rank. */
  private final Map<Long, Boolean> spansAll = new TreeMap<>();
  /** Per reason a collective was left out: calls, and locations that made them. */
  private final Map<String, long[]> collectivesLeftOut = new TreeMap<>();
  private long maxBytes = 1;
  private long statements;
  private int worldSize;

  /**
   * The most compute statements one gap or computation becomes: 65,536 x (2^31 - 1) ns, about 39
   * hours of simulated time.
   */
  static final int MAX_COMPUTE_PIECES = 1 << 16;

  private ScenarioConverter(ImportedTrace trace, String file, Options options) {
    this.trace = trace;
    this.vectors = new VectorCounts(trace);
    this.file = file;
    this.options = options;
  }

  /**
   * Converts a trace.
   *
   * @param trace the imported trace
   * @param file the trace's file name, for statement locations and the description
   * @param name the scenario's name
   * @param options conversion options
   * @return the scenario and the notes
   * @throws TraceImportException when the trace uses a rank outside its communicator or the world,
   *     a message above {@link ImportLimits#MAX_MESSAGE_BYTES}, or a computation or gap above
   *     {@link #MAX_COMPUTE_PIECES} x (2^31 - 1) ns; the message names the location and operation
   */
  public static Conversion convert(ImportedTrace trace, String file, String name, Options options)
      throws TraceImportException {
    return new ScenarioConverter(trace, file, options).run(name);
  }

  private Conversion run(String name) throws TraceImportException {
    int size = 0;
    for (LocationProgram p : trace.programs()) {
      size = Math.max(size, p.location().rank() + 1);
    }
    worldSize = size;
    if (size == 0) {
      throw TraceImportException.inFile(java.nio.file.Path.of(file), "the trace has no location with MPI "
          + "point-to-point records", null);
    }
    names(size);
    List<List<Program>> ranks = new ArrayList<>();
    RankPatterns patterns = options.rankRelative() ? new RankPatterns(size) : null;
    Map<Long, TraceLocation> locations = new LinkedHashMap<>();
    List<List<LocationProgram>> byRank = new ArrayList<>();
    for (int r = 0; r < size; r++) {
      byRank.add(new ArrayList<>());
    }
    for (LocationProgram p : trace.programs()) {
      byRank.get(p.location().rank()).add(p);
    }
    for (int r = 0; r < size; r++) {
      List<Program> threads = new ArrayList<>();
      List<LocationProgram> mine = byRank.get(r);
      mine.sort((a, b) -> TraceLocation.BY_RANK_THEN_THREAD.compare(a.location(), b.location()));
      for (LocationProgram p : mine) {
        locations.put(p.location().id(), new TraceLocation(p.location().id(), r, threads.size(), p.location().name()));
        threads.add(program(p));
      }
      if (threads.isEmpty()) {
        threads.add(Program.empty());
      }
      if (patterns != null) {
        patterns.add(threads);
      } else {
        ranks.add(threads);
      }
    }
    if (patterns != null) {
      ranks = patterns.ranks();
    }
    for (Map.Entry<String, long[]> e : collectivesLeftOut.entrySet()) {
      notes.add(e.getValue()[0] + " " + e.getKey() + ", at " + e.getValue()[1] + " location(s), were left out.");
    }
    List<String> comms = new ArrayList<>(new TreeSet<>(commNames.values()));
    comms.remove(MpiOp.WORLD);
    StringBuilder description = new StringBuilder("Imported from " + file + " (" + trace.format().formatName()
        + "). What the trace could not tell:");
    for (FormatLimit l : trace.limits()) {
      description.append(' ').append(explain(l));
    }
    for (String n : notes) {
      description.append(' ').append(n);
    }
    for (ImportWarning w : trace.warnings()) {
      description.append(" Import warning at ").append(w.where()).append(": ").append(w.message()).append('.');
    }
    Scenario s = new Scenario(name, description.toString(), "trace " + file, null, 0, Mode.TIMED, ranks, comms,
        ModelOptions.defaults(), List.of(CheckKind.values()), stepBudget(statements));
    return new Conversion(s, notes, locations);
  }

  /** Names the communicators and renumbers large tags, and finds the largest message. */
  private void names(int size) {
    for (TraceCommunicator c : trace.communicators()) {
      boolean world = !c.self() && c.worldRanks().size() == size;
      for (int i = 0; world && i < size; i++) {
        world = c.worldRanks().get(i) == i;
      }
      commNames.put(c.id(), world ? MpiOp.WORLD : "comm" + c.id());
    }
    TreeSet<Long> tags = new TreeSet<>();
    for (LocationProgram p : trace.programs()) {
      for (TraceOp op : p.ops()) {
        if (op instanceof TraceOp.Send s) {
          tags.add(s.tag());
          maxBytes = Math.max(maxBytes, bytes(s.size()));
        } else if (op instanceof TraceOp.Isend s) {
          tags.add(s.tag());
          maxBytes = Math.max(maxBytes, bytes(s.size()));
        } else if (op instanceof TraceOp.Recv r && r.spec().tag() instanceof TagPattern.Tag t) {
          tags.add(t.tag());
        } else if (op instanceof TraceOp.Irecv r && r.spec().isPresent()
            && r.spec().get().tag() instanceof TagPattern.Tag t) {
          tags.add(t.tag());
        }
      }
    }
    if (!tags.isEmpty() && tags.last() > Mpi.TAG_UB) {
      int next = 0;
      for (long t : tags) {
        tagMap.put(t, next++);
      }
      notes.add("Tags above MPI_TAG_UB (" + Mpi.TAG_UB + ") were renumbered 0.." + (next - 1)
          + " in increasing order, which keeps equal tags equal.");
    } else {
      for (long t : tags) {
        tagMap.put(t, (int) t);
      }
    }
  }

  /**
   * Kernel events a timed run takes per imported statement, at most: a rendezvous send with its
   * request-to-send, clear-to-send, data and credit packets and its completion is about ten, an
   * eager one about six shared by its two statements. Four times that, so the budget never cuts an
   * imported run short (ImportStepBudgetTest measures the ratio on the common patterns).
   */
  static final long KERNEL_EVENTS_PER_STATEMENT = 32;

  /**
   * The step budget an imported scenario is written with: the default, or {@link
   * #KERNEL_EVENTS_PER_STATEMENT} per statement when that is more, so that {@code run} completes
   * any file {@code import} writes (a 65,536-rank dissemination takes more than the default's 10 M
   * events). A trace has no loops, so the budget only bounds a run that would end anyway.
   *
   * @param statements the statements of every imported program
   * @return the budget, in kernel events
   */
  static long stepBudget(long statements) {
    long perStatement = statements > Long.MAX_VALUE / KERNEL_EVENTS_PER_STATEMENT
        ? Long.MAX_VALUE : statements * KERNEL_EVENTS_PER_STATEMENT;
    return Math.max(dev.matchpoint.mpi.run.RunOptions.DEFAULT_STEP_BUDGET, perStatement);
  }

  private Program program(LocationProgram p) throws TraceImportException {
    List<Stmt> body = new ArrayList<>();
    Map<RequestKey, String> requests = new LinkedHashMap<>();
    OptionalLong previous = OptionalLong.empty();
    Map<String, Integer> leftOut = new TreeMap<>();
    int failedTests = 0;
    for (int i = 0; i < p.ops().size(); i++) {
      TraceOp op = p.ops().get(i);
      SourceLocation at = new SourceLocation(file, i + 1, p.location().rank() + 1);
      if (options.timingGaps() && op.timeTicks().isPresent() && previous.isPresent()
          && trace.clock().ticksPerSecond().isPresent()) {
        double gap = (double) op.timeTicks().getAsLong() - previous.getAsLong();
        double ns = gap * 1e9 / trace.clock().ticksPerSecond().getAsLong();
        if (ns >= 0.5) {
          for (MpiOp call : compute(ns, p.location(), i, "the time since the previous operation")) {
            body.add(new Stmt.Call(call, at));
          }
        }
      }
      if (op.timeTicks().isPresent()) {
        previous = op.timeTicks();
      }
      if (op instanceof TraceOp.Collective c) {
        MpiOp call = collective(c, p.location(), i, leftOut);
        if (call != null) {
          body.add(new Stmt.Call(call, at));
        }
        continue;
      }
      if (op instanceof TraceOp.Test) {
        // A test that did not complete says nothing about matching; as MPI_Test it could complete the
        // request in the model and free it under the trace's later Wait or Cancel.
        failedTests++;
        continue;
      }
      for (MpiOp call : calls(op, p.location(), i, requests)) {
        body.add(new Stmt.Call(call, at));
      }
    }
    for (Map.Entry<String, Integer> e : leftOut.entrySet()) {
      long[] total = collectivesLeftOut.computeIfAbsent(e.getKey(), k -> new long[2]);
      total[0] += e.getValue();
      total[1]++;
    }
    if (failedTests > 0) {
      notes.add("Location " + p.location().name() + " (rank " + p.location().rank() + ") has " + failedTests
          + " test(s) that did not complete; they carry no matching information and were left out.");
    }
    statements += body.size();
    return new Program(body);
  }

  private List<MpiOp> calls(TraceOp op, TraceLocation loc, int index, Map<RequestKey, String> requests)
      throws TraceImportException {
    if (op instanceof TraceOp.Send s) {
      return List.of(new MpiOp.Send(SendMode.STANDARD, lit(world(s.communicator(), s.dest(), loc)), lit(tag(s.tag())),
          count(bytes(s.size()), loc, index), Datatype.BYTE, comm(s.communicator())));
    } else if (op instanceof TraceOp.Isend s) {
      return List.of(new MpiOp.Isend(SendMode.STANDARD, lit(world(s.communicator(), s.dest(), loc)),
          lit(tag(s.tag())), count(bytes(s.size()), loc, index), Datatype.BYTE, comm(s.communicator()),
          var(requests, s.request())));
    } else if (op instanceof TraceOp.Recv r) {
      ReceiveSpec spec = r.spec();
      return List.of(new MpiOp.Recv(source(spec, loc), tagPattern(spec.tag()), count(capacity(spec.size()), loc, index),
          Datatype.BYTE, comm(spec.communicator()), null));
    } else if (op instanceof TraceOp.Irecv r) {
      String v = var(requests, r.request());
      if (r.spec().isEmpty()) {
        return List.of(new MpiOp.Irecv(new Expr.AnySource(), new Expr.AnyTag(), count(maxBytes, loc, index),
            Datatype.BYTE, MpiOp.WORLD, v));
      }
      ReceiveSpec spec = r.spec().get();
      return List.of(new MpiOp.Irecv(source(spec, loc), tagPattern(spec.tag()), count(capacity(spec.size()), loc, index),
          Datatype.BYTE, comm(spec.communicator()), v));
    } else if (op instanceof TraceOp.Wait w) {
      List<String> vars = new ArrayList<>();
      for (RequestKey k : w.requests()) {
        vars.add(var(requests, k));
      }
      return List.of(vars.size() == 1 ? new MpiOp.Wait(vars.get(0), null) : new MpiOp.Waitall(vars, List.of()));
    } else if (op instanceof TraceOp.Cancel c) {
      String v = var(requests, c.request());
      return List.of(new MpiOp.Cancel(v), new MpiOp.Wait(v, null));
    } else if (op instanceof TraceOp.Compute c) {
      double ns = switch (c.unit()) {
        case SECONDS -> c.amount() * 1e9;
        case FLOPS -> c.amount() / options.flopsPerNs();
        case GOAL_TIME_UNITS -> c.amount();
      };
      return compute(ns, loc, index, "the computation");
    }
    throw new AssertionError(op);
  }

  /**
   * A traced collective as the model's call, or null when it is left out (counted in {@code leftOut}
   * under the reason): an operation the model lacks, a communicator that is not every rank, a
   * rooted operation without a root. Counts are MPI_BYTE counts per member, or per block for
   * Gather, Scatter, Allgather and Alltoall, derived from the bytes the trace recorded as Score-P
   * counts them for a communicator of n members (Bcast: c received by every member, n x c sent by
   * the root; Gather and Reduce: c sent by every member, 0 by an in-place root, which then receives
   * (n - 1) x c; Scatter: the reverse; Allgather, Alltoall, Allreduce: n x c received, read as c; in
   * place, which every member then uses, (n - 1) x c, read as that over n rounded down, a smaller
   * count but the same at every member; Reduce_scatter_block: c received, n x c sent; Gatherv and
   * Scatterv: each member's own bytes sent or received, and at the root the list of every member's,
   * from {@link VectorCounts}). Reductions use MPI_SUM.
   */
  private MpiOp collective(TraceOp.Collective c, TraceLocation loc, int index, Map<String, Integer> leftOut)
      throws TraceImportException {
    // OTF2 and TI name them in upper case with underscores: REDUCE_SCATTER_BLOCK is reduce-scatter-block.
    CollectiveKind kind = CollectiveKind.ofStatement(
        c.operation().toLowerCase(java.util.Locale.ROOT).replace('_', '-'));
    TraceCommunicator comm = commNames.containsKey(c.communicator()) ? trace.communicator(c.communicator()) : null;
    String reason = null;
    if (kind == null) {
      reason = c.operation() + " call(s), a collective the model does not have";
    } else if (comm == null || !spansAllRanks(comm)) {
      reason = kind.mpiName() + " call(s) on communicator " + (comm == null ? "id " + c.communicator() : comm.name())
          + ", which is not all " + worldSize + " ranks (the model's communicators are duplicates of the world)";
    } else if (kind.rooted() && c.root().isEmpty()) {
      reason = kind.mpiName() + " call(s) whose root the trace does not give";
    } else if (kind.perMemberCounts() && vectors.own(c, loc.rank()) < 0) {
      reason = kind.mpiName() + " call(s) whose bytes the trace does not give";
    }
    if (reason != null) {
      leftOut.merge(reason, 1, Integer::sum);
      return null;
    }
    if (kind.reduces()) {
      String note = "The trace does not record a reduction's operator: MPI_Reduce, MPI_Allreduce and "
          + "MPI_Reduce_scatter_block use MPI_SUM.";
      if (!notes.contains(note)) {
        notes.add(note);
      }
    }
    long n = worldSize;
    long sent = c.sentBytes().orElse(0);
    long received = c.receivedBytes().orElse(0);
    long bytes = switch (kind) {
      case BARRIER -> 0;
      case BCAST -> received > 0 ? received : sent / n;
      case GATHER, REDUCE -> sent > 0 || n == 1 ? sent : received / (n - 1);
      case SCATTER -> received > 0 || n == 1 ? received : sent / (n - 1);
      case ALLGATHER, ALLTOALL, ALLREDUCE -> received / n;
      case REDUCE_SCATTER_BLOCK -> received > 0 ? received : sent / n;
      case GATHERV, SCATTERV -> vectors.own(c, loc.rank());
    };
    Expr root = kind.rooted() ? lit(world(c.communicator(), c.root().getAsInt(), loc)) : null;
    List<Expr> counts = null;
    if (kind.perMemberCounts() && root instanceof Expr.Lit l && l.value() == loc.rank()) {
      List<Long> all = vectors.all(c, worldSize);
      if (all == null) {
        leftOut.merge(kind.mpiName() + " call(s) at a root whose members' bytes the trace does not all give", 1,
            Integer::sum);
        return null;
      }
      counts = new ArrayList<>();
      for (long b : all) {
        counts.add(count(b, loc, index));
      }
    }
    return new MpiOp.Collective(kind, root, count(bytes, loc, index), Datatype.BYTE,
        kind.reduces() ? ReduceOp.SUM : null, comm(c.communicator()), null, counts);
  }

  /** Whether a communicator's members are every rank of the trace (in any order); worked out once per communicator. */
  private boolean spansAllRanks(TraceCommunicator c) {
    return spansAll.computeIfAbsent(c.id(), id -> !c.self() && c.worldRanks().size() == worldSize
        && new TreeSet<>(c.worldRanks()).size() == worldSize
        && c.worldRanks().stream().allMatch(r -> r >= 0 && r < worldSize));
  }

  /**
   * {@code ns} nanoseconds of computation as compute statements of at most 2^31 - 1 ns each (the
   * model's integers), at most {@link #MAX_COMPUTE_PIECES} of them.
   */
  private List<MpiOp> compute(double ns, TraceLocation loc, int index, String what) throws TraceImportException {
    long total = Math.round(ns);
    if (!(ns >= 0) || ns > (double) MAX_COMPUTE_PIECES * Integer.MAX_VALUE) {
      throw error(loc, index, what + " lasts " + ns + " ns, more than the " + MAX_COMPUTE_PIECES + " x "
          + Integer.MAX_VALUE + " ns an imported gap may last");
    }
    List<MpiOp> pieces = new ArrayList<>();
    for (long left = total; left > 0; left -= Integer.MAX_VALUE) {
      pieces.add(new MpiOp.Compute(new Expr.Lit((int) Math.min(left, Integer.MAX_VALUE))));
    }
    if (pieces.isEmpty()) {
      pieces.add(new MpiOp.Compute(new Expr.Lit(0)));
    }
    return pieces;
  }

  /** A message count in bytes as a literal; the model's counts are 32-bit. */
  private Expr count(long bytes, TraceLocation loc, int index) throws TraceImportException {
    String problem = ImportLimits.messageProblem(bytes);
    if (problem != null) {
      throw error(loc, index, problem);
    }
    return new Expr.Lit((int) bytes);
  }

  private TraceImportException error(TraceLocation loc, int index, String reason) {
    return TraceImportException.inFile(java.nio.file.Path.of(file), "location " + loc.name() + " (rank "
        + loc.rank() + "), operation " + (index + 1) + ": " + reason, null);
  }

  private Expr source(ReceiveSpec spec, TraceLocation loc) throws TraceImportException {
    if (options.anySource() || spec.source() instanceof SourcePattern.Any) {
      return new Expr.AnySource();
    }
    return lit(world(spec.communicator(), ((SourcePattern.Rank) spec.source()).rank(), loc));
  }

  private Expr tagPattern(TagPattern p) {
    return p instanceof TagPattern.Tag t ? lit(tag(t.tag())) : new Expr.AnyTag();
  }

  private int tag(long t) {
    Integer mapped = tagMap.get(t);
    return mapped == null ? (int) t : mapped;
  }

  private int world(long comm, int rank, TraceLocation loc) throws TraceImportException {
    try {
      int world = trace.communicator(comm).worldRank(rank);
      if (world < 0 || world >= worldSize) {
        throw new IllegalArgumentException("rank " + rank + " of communicator " + comm + " is world rank " + world
            + ", outside the " + worldSize + " ranks of the trace");
      }
      return world;
    } catch (RuntimeException e) {
      throw TraceImportException.inFile(java.nio.file.Path.of(file), "location " + loc.name() + ": " + e.getMessage(),
          e);
    }
  }

  private String comm(long id) {
    String name = commNames.get(id);
    return name == null ? MpiOp.WORLD : name;
  }

  private long bytes(MessageSize size) {
    OptionalLong b = size.sizeBytes();
    if (b.isPresent()) {
      return b.getAsLong();
    }
    String note = "Some message sizes (datatype " + size.datatype() + ") are unknown: one byte per element.";
    if (!notes.contains(note)) {
      notes.add(note);
    }
    return size.count().orElse(0);
  }

  /** A receive's capacity: its size in bytes, or the trace's largest message when the size is unknown. */
  private long capacity(MessageSize size) {
    OptionalLong b = size.sizeBytes();
    if (b.isPresent()) {
      return b.getAsLong();
    }
    bytes(size);
    return Math.max(maxBytes, size.count().orElse(0));
  }

  private static String var(Map<RequestKey, String> requests, RequestKey key) {
    return requests.computeIfAbsent(key, k -> "r" + (requests.size() + 1));
  }

  private static Expr lit(int v) {
    return new Expr.Lit(v);
  }

  private static String explain(FormatLimit l) {
    return switch (l) {
      case RECEIVE_WILDCARDS_NOT_RECORDED -> "OTF2 records the source and tag a receive matched, not whether it was "
          + "posted with MPI_ANY_SOURCE or MPI_ANY_TAG (receives use the recorded envelope; --any-source asks "
          + "what a wildcard would do).";
      case CANCEL_RECORDED_AT_COMPLETION -> "OTF2 records a cancel where the request completes (modelled as "
          + "MPI_Cancel then MPI_Wait there).";
      case THREAD_ORDER_FROM_TIMESTAMPS -> "Between threads of a rank only timestamps order messages.";
      case ANY_SOURCE_WRITTEN_AS_UNDEFINED -> "SimGrid TI writes an MPI_ANY_SOURCE receive as -333, read as "
          + "MPI_ANY_SOURCE.";
      case WORLD_COMMUNICATOR_ONLY -> "The format knows only MPI_COMM_WORLD.";
      case NO_REQUEST_IDS -> "The format has no request ids (requests are numbered per location).";
      case NO_CANCEL -> "The format cannot express MPI_Cancel.";
      case NO_TIMESTAMPS -> "The format has no timestamps.";
      case WILDCARDS_AS_MINUS_ONE -> "GOAL writes MPI_ANY_SOURCE and MPI_ANY_TAG as -1, kept as wildcards.";
      case SCHEDULE_LINEARISED -> "A GOAL schedule is a dependency graph; each rank runs one deterministic "
          + "linearisation of it.";
    };
  }
}
