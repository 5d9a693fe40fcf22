package dev.matchpoint.scenario.format;

import dev.matchpoint.core.ConfigException;
import dev.matchpoint.core.net.NetworkOptions;
import dev.matchpoint.mpi.CollectiveSync;
import dev.matchpoint.mpi.SendCancelPolicy;
import dev.matchpoint.mpi.WildcardPolicy;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.rank.ModelOptions;
import dev.matchpoint.mpi.rank.ModelSpec;
import dev.matchpoint.mpi.run.RunOptions;
import dev.matchpoint.scenario.Expectation;
import dev.matchpoint.scenario.Mode;
import dev.matchpoint.scenario.Scenario;
import dev.matchpoint.scenario.ScenarioException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.snakeyaml.engine.v2.nodes.SequenceNode;

/**
 * Reads a whole scenario file into a {@link Scenario}: the top-level keys, the communicators, the
 * ranks with their threads and programs, and the checks. {@code docs/scenario-format.md} documents
 * every key with its unit and default.
 */
public final class ScenarioReader {
  /** Accepted top-level keys, in documentation order. */
  public static final List<String> KEYS = List.of("scenario", "source", "description", "expect", "seed", "mode",
      "wildcard-policy", "bsend-overhead", "call-cost", "queues", "send-cancel", "collective-sync",
      "seed000-message-cancel", "step-budget", "network", "communicators", "ranks", "checks");
  /** The largest world the format accepts: the model's limit, 2^24 ranks. */
  public static final int MAX_RANKS = ModelSpec.MAX_RANKS;
  /** The most threads a rank entry may run. */
  static final int MAX_THREADS = 65_535;
  private static final List<String> RANK_KEYS = List.of("rank", "threads", "program", "shared");

  private ScenarioReader() {}

  /**
   * Reads a scenario from YAML text.
   *
   * @param text the file's contents
   * @param file the file name for messages and statement locations
   * @return the scenario, not yet compiled
   * @throws ScenarioException at the first problem, naming file, line and column
   */
  public static Scenario read(String text, String file) {
    return read(text, file, ConfigOverrides.NONE);
  }

  /**
   * Reads a scenario from YAML text with command-line overrides of its model options.
   *
   * @param text the file's contents
   * @param file the file name for messages and statement locations
   * @param overrides {@code --cfg} values that replace the file's
   * @return the scenario, not yet compiled
   * @throws ScenarioException at the first problem, naming file, line and column, or the {@code
   *     --cfg} option whose value is wrong
   */
  public static Scenario read(String text, String file, ConfigOverrides overrides) {
    Result r = readAll(text, file, overrides);
    if (!r.problems().isEmpty()) {
      throw r.problems().get(0);
    }
    return r.scenario();
  }

  /**
   * What reading a whole file found: the scenario, or every problem.
   *
   * @param scenario the scenario, not yet compiled; null when there are problems
   * @param problems every problem, in the order found (the first is the one {@link #read} throws);
   *     empty when the scenario was read
   */
  public record Result(Scenario scenario, List<ScenarioException> problems) {
    /** Copies the list. */
    public Result {
      problems = List.copyOf(problems);
    }
  }

  /**
   * Reads a scenario from YAML text, going on after a problem: each top-level key, list entry, rank
   * entry and statement with a problem is recorded and left out, so one reading reports every
   * problem of the file (a YAML syntax error, after which nothing can be read, is the only one
   * then). Problems that follow from one left out (an undefined variable whose definition had a
   * problem) are not reported: programs are compiled only by {@code ScenarioLoader}, and only when
   * the file reads without a problem.
   *
   * @param text the file's contents
   * @param file the file name for messages and statement locations
   * @return the scenario, or the problems
   */
  public static Result readAll(String text, String file) {
    return readAll(text, file, ConfigOverrides.NONE);
  }

  /**
   * Reads a scenario from YAML text with command-line overrides, going on after a problem; see
   * {@link #readAll(String, String)}.
   *
   * @param text the file's contents
   * @param file the file name for messages and statement locations
   * @param overrides {@code --cfg} values that replace the file's
   * @return the scenario, or the problems
   */
  public static Result readAll(String text, String file, ConfigOverrides overrides) {
    Problems p = new Problems();
    Scenario s = p.attempt(() -> read(text, file, overrides, p), null);
    return new Result(p.count() == 0 ? s : null, p.list());
  }

  private static Scenario read(String text, String file, ConfigOverrides overrides, Problems p) {
    Node root = overrides.apply(YamlNodes.compose(text, file));
    YamlMap top = YamlMap.of(file, "the scenario", root, KEYS, p);
    String name = p.attempt(() -> YamlNodes.scalar(file, top.require("scenario", "the scenario's name"),
        "the scenario's name").getValue(), "");
    Expectation expect = p.attempt(() -> expect(file, top), null);
    Mode mode = p.attempt(() -> mode(file, top), Mode.TIMED);
    ModelOptions options = options(file, top, p);
    List<String> comms = p.attempt(() -> communicators(file, top.get("communicators"), p), List.of());
    Set<String> known = new LinkedHashSet<>();
    known.add(MpiOp.WORLD);
    known.addAll(comms);
    List<List<Program>> ranks = p.attempt(() -> ranks(file, top.require("ranks",
        "a list of ranks with their programs"), known, p), List.of());
    String description = p.attempt(() -> top.text("description", ""), "");
    String source = p.attempt(() -> top.text("source", ""), "");
    long seed = p.attempt(() -> top.integer("seed", 0, 0, Long.MAX_VALUE, "the master seed"), 0L);
    List<CheckKind> checks = p.attempt(() -> checks(file, top.get("checks"), p), List.of());
    long stepBudget = p.attempt(() -> top.integer("step-budget", RunOptions.DEFAULT_STEP_BUDGET, 1, Long.MAX_VALUE,
        "steps"), RunOptions.DEFAULT_STEP_BUDGET);
    return p.count() > 0 ? null : new Scenario(name, description, source, expect, seed, mode, ranks, comms, options,
        checks, stepBudget);
  }

  private static Expectation expect(String file, YamlMap top) {
    if (!top.has("expect")) {
      return null;
    }
    ScalarNode s = YamlNodes.scalar(file, top.get("expect"), "an expected outcome");
    Expectation expect = Expectation.named(s.getValue());
    if (expect == null) {
      throw YamlNodes.error(file, s, "unknown expected outcome '" + s.getValue()
          + "' (expected ok, deadlock, erroneous or race-reachable)");
    }
    return expect;
  }

  private static Mode mode(String file, YamlMap top) {
    if (!top.has("mode")) {
      return Mode.TIMED;
    }
    ScalarNode s = YamlNodes.scalar(file, top.get("mode"), "a mode (timed or logical)");
    Mode mode = Mode.named(s.getValue());
    if (mode == null) {
      throw YamlNodes.error(file, s, "unknown mode '" + s.getValue() + "' (expected timed or logical)");
    }
    return mode;
  }

  private static ModelOptions options(String file, YamlMap top, Problems p) {
    ModelOptions d = ModelOptions.defaults();
    WildcardPolicy wildcard = p.attempt(() -> named(file, top, "wildcard-policy", "any, arrival or round-robin",
        d.wildcard(), v -> WildcardPolicy.named("wildcard-policy", v)), d.wildcard());
    ModelOptions.QueueKind queues = p.attempt(() -> {
      if (!top.has("queues")) {
        return d.queues();
      }
      ScalarNode s = YamlNodes.scalar(file, top.get("queues"), "reference or bucketed");
      try {
        return ModelOptions.QueueKind.valueOf(s.getValue().toUpperCase(Locale.ROOT));
      } catch (IllegalArgumentException e) {
        throw YamlNodes.error(file, s, "unknown queue kind '" + s.getValue() + "' (expected reference or bucketed)");
      }
    }, d.queues());
    SendCancelPolicy sendCancel = p.attempt(() -> named(file, top, "send-cancel", "never or until-matched",
        d.sendCancel(), v -> SendCancelPolicy.named("send-cancel", v)), d.sendCancel());
    CollectiveSync collectiveSync = p.attempt(() -> named(file, top, "collective-sync", "any, always or never",
        d.collectiveSync(), v -> CollectiveSync.named("collective-sync", v)), d.collectiveSync());
    NetworkOptions network = p.attempt(() -> NetworkReader.read(file, top.get("network")), d.network());
    long bsendOverhead = p.attempt(() -> top.integer("bsend-overhead", d.bsendOverheadBytes(), 0, YamlMap.MAX_BYTES,
        "bytes"), d.bsendOverheadBytes());
    long callCost = p.attempt(() -> top.integer("call-cost", d.callCostNs(), 0, YamlMap.MAX_NS, "ns"), d.callCostNs());
    boolean messageCancel = p.attempt(() -> top.bool("seed000-message-cancel", d.messageCancel()), d.messageCancel());
    return new ModelOptions(wildcard, network, bsendOverhead, callCost, queues, sendCancel, messageCancel,
        collectiveSync);
  }

  /** A name the model's own lookup ({@code named}, which throws {@link ConfigException}) resolves. */
  private interface Lookup<T> {
    T named(String value) throws ConfigException;
  }

  private static <T> T named(String file, YamlMap top, String key, String expected, T fallback, Lookup<T> lookup) {
    if (!top.has(key)) {
      return fallback;
    }
    ScalarNode s = YamlNodes.scalar(file, top.get(key), expected);
    try {
      return lookup.named(s.getValue());
    } catch (ConfigException e) {
      throw YamlNodes.error(file, s, e.getMessage());
    }
  }

  private static List<String> communicators(String file, Node node, Problems p) {
    List<String> out = new ArrayList<>();
    if (node == null) {
      return out;
    }
    for (Node n : YamlNodes.list(file, node, "communicator names")) {
      p.attempt(() -> {
        ScalarNode s = YamlNodes.scalar(file, n, "a communicator name");
        if (s.getValue().equals(MpiOp.WORLD) || out.contains(s.getValue())) {
          throw YamlNodes.error(file, s, "communicator '" + s.getValue() + "' is declared twice ('world' always "
              + "exists)");
        }
        if (out.size() >= ModelSpec.MAX_CONTEXTS - 1) {
          throw YamlNodes.error(file, s, "at most " + (ModelSpec.MAX_CONTEXTS - 1) + " communicators besides "
              + "'world'");
        }
        return out.add(s.getValue());
      }, false);
    }
    return out;
  }

  private static List<CheckKind> checks(String file, Node node, Problems p) {
    if (node == null) {
      return List.of(CheckKind.values());
    }
    List<CheckKind> out = new ArrayList<>();
    for (Node n : YamlNodes.list(file, node, "check names")) {
      p.attempt(() -> {
        ScalarNode s = YamlNodes.scalar(file, n, "a check name");
        CheckKind k = CheckKind.named(s.getValue());
        if (k == null) {
          throw YamlNodes.error(file, s, "unknown check '" + s.getValue() + "' (expected one of "
              + FormatNames.checks() + ")");
        }
        if (out.contains(k)) {
          throw YamlNodes.error(file, s, "check '" + s.getValue() + "' is listed twice");
        }
        return out.add(k);
      }, false);
    }
    return out;
  }

  // ---- ranks -----------------------------------------------------------------------------------

  private static List<List<Program>> ranks(String file, Node node, Set<String> comms, Problems p) {
    List<Node> entries = YamlNodes.list(file, node, "ranks (e.g. '- {rank: 0, program: [...]}')");
    if (entries.isEmpty()) {
      throw YamlNodes.error(file, node, "expected at least one rank under 'ranks'");
    }
    // Pass 1: which ranks each entry defines, so the world size is known before programs are read.
    // An entry whose ranks cannot be read is left out of both passes.
    List<YamlMap> maps = new ArrayList<>();
    List<List<RankSets.Range>> sets = new ArrayList<>();
    List<RankSets.Range> all = new ArrayList<>();
    for (Node e : entries) {
      YamlMap m = p.attempt(() -> YamlMap.of(file, "a rank entry", e, RANK_KEYS, p), null);
      List<RankSets.Range> these = m == null ? null : p.attempt(() -> RankSets.read(file,
          m.require("rank", "a rank number, a range FIRST..LAST, or a list of them"), MAX_RANKS), null);
      if (these != null) {
        maps.add(m);
        sets.add(these);
        all.addAll(these);
      }
    }
    int covered = all.stream().mapToInt(RankSets.Range::last).max().orElse(-1) + 1;
    int size = p.attempt(() -> RankSets.size(file, all, node), covered);
    // Pass 2: programs; a statement with a problem is left out (ProgramReader).
    ProgramReader programs = new ProgramReader(file, size, comms, p);
    List<List<Program>> out = new ArrayList<>();
    for (int x = 0; x < size; x++) {
      out.add(null);
    }
    for (int i = 0; i < maps.size(); i++) {
      YamlMap m = maps.get(i);
      List<Program> threads = p.attempt(() -> threads(file, m, programs), List.of());
      for (RankSets.Range r : sets.get(i)) {
        for (int x = r.first(); x <= r.last(); x++) {
          out.set(x, threads);
        }
      }
    }
    return out;
  }

  private static List<Program> threads(String file, YamlMap m, ProgramReader programs) {
    java.util.Map<String, dev.matchpoint.mpi.program.VarType> shared = SharedVars.read(m);
    List<Program> programsRead = threadPrograms(file, m, programs);
    if (shared.isEmpty()) {
      return programsRead;
    }
    // Threads running one program keep running one instance (it is compiled once).
    java.util.Map<Program, Program> withShared = new java.util.IdentityHashMap<>();
    List<Program> out = new ArrayList<>();
    for (Program p : programsRead) {
      out.add(withShared.computeIfAbsent(p, x -> x.withShared(shared)));
    }
    return out;
  }

  private static List<Program> threadPrograms(String file, YamlMap m, ProgramReader programs) {
    Node t = m.get("threads");
    if (t instanceof SequenceNode seq) {
      if (m.has("program")) {
        throw m.error("program", "give either 'program' with 'threads: N', or one 'program' per entry of 'threads', "
            + "not both");
      }
      if (seq.getValue().isEmpty()) {
        throw m.error("threads", "expected at least one thread");
      }
      List<Program> out = new ArrayList<>();
      for (Node n : seq.getValue()) {
        YamlMap th = YamlMap.of(file, "a thread", n, List.of("program"));
        out.add(programs.program(th.require("program", "a list of statements")));
      }
      return out;
    }
    int count = (int) m.integer("threads", 1, 1, MAX_THREADS, "number of threads, each running 'program'");
    Program p = programs.program(m.require("program", "a list of statements"));
    return java.util.Collections.nCopies(count, p);
  }
}
