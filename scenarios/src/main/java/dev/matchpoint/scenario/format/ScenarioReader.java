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
  private static final List<String> RANK_KEYS = List.of("rank", "threads", "program");

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
    Node root = overrides.apply(YamlNodes.compose(text, file));
    YamlMap top = YamlMap.of(file, "the scenario", root, KEYS);
    String name = YamlNodes.scalar(file, top.require("scenario", "the scenario's name"), "the scenario's name")
        .getValue();
    Expectation expect = null;
    if (top.has("expect")) {
      ScalarNode s = YamlNodes.scalar(file, top.get("expect"), "an expected outcome");
      expect = Expectation.named(s.getValue());
      if (expect == null) {
        throw YamlNodes.error(file, s, "unknown expected outcome '" + s.getValue()
            + "' (expected ok, deadlock, erroneous or race-reachable)");
      }
    }
    Mode mode = Mode.TIMED;
    if (top.has("mode")) {
      ScalarNode s = YamlNodes.scalar(file, top.get("mode"), "a mode (timed or logical)");
      mode = Mode.named(s.getValue());
      if (mode == null) {
        throw YamlNodes.error(file, s, "unknown mode '" + s.getValue() + "' (expected timed or logical)");
      }
    }
    ModelOptions options = options(file, top);
    List<String> comms = communicators(file, top.get("communicators"));
    Set<String> known = new LinkedHashSet<>();
    known.add(MpiOp.WORLD);
    known.addAll(comms);
    List<List<Program>> ranks = ranks(file, top.require("ranks", "a list of ranks with their programs"), known);
    return new Scenario(name, top.text("description", ""), top.text("source", ""), expect,
        top.integer("seed", 0, 0, Long.MAX_VALUE, "the master seed"), mode, ranks, comms, options,
        checks(file, top.get("checks")),
        top.integer("step-budget", RunOptions.DEFAULT_STEP_BUDGET, 1, Long.MAX_VALUE, "steps"));
  }

  private static ModelOptions options(String file, YamlMap top) {
    ModelOptions d = ModelOptions.defaults();
    WildcardPolicy wildcard = d.wildcard();
    if (top.has("wildcard-policy")) {
      ScalarNode s = YamlNodes.scalar(file, top.get("wildcard-policy"), "any, arrival or round-robin");
      try {
        wildcard = WildcardPolicy.named("wildcard-policy", s.getValue());
      } catch (ConfigException e) {
        throw YamlNodes.error(file, s, e.getMessage());
      }
    }
    ModelOptions.QueueKind queues = d.queues();
    if (top.has("queues")) {
      ScalarNode s = YamlNodes.scalar(file, top.get("queues"), "reference or bucketed");
      try {
        queues = ModelOptions.QueueKind.valueOf(s.getValue().toUpperCase(Locale.ROOT));
      } catch (IllegalArgumentException e) {
        throw YamlNodes.error(file, s, "unknown queue kind '" + s.getValue() + "' (expected reference or bucketed)");
      }
    }
    SendCancelPolicy sendCancel = d.sendCancel();
    if (top.has("send-cancel")) {
      ScalarNode s = YamlNodes.scalar(file, top.get("send-cancel"), "never or until-matched");
      try {
        sendCancel = SendCancelPolicy.named("send-cancel", s.getValue());
      } catch (ConfigException e) {
        throw YamlNodes.error(file, s, e.getMessage());
      }
    }
    CollectiveSync collectiveSync = d.collectiveSync();
    if (top.has("collective-sync")) {
      ScalarNode s = YamlNodes.scalar(file, top.get("collective-sync"), "any, always or never");
      try {
        collectiveSync = CollectiveSync.named("collective-sync", s.getValue());
      } catch (ConfigException e) {
        throw YamlNodes.error(file, s, e.getMessage());
      }
    }
    NetworkOptions network = NetworkReader.read(file, top.get("network"));
    return new ModelOptions(wildcard, network,
        top.integer("bsend-overhead", d.bsendOverheadBytes(), 0, YamlMap.MAX_BYTES, "bytes"),
        top.integer("call-cost", d.callCostNs(), 0, YamlMap.MAX_NS, "ns"), queues, sendCancel,
        top.bool("seed000-message-cancel", d.messageCancel()), collectiveSync);
  }

  private static List<String> communicators(String file, Node node) {
    List<String> out = new ArrayList<>();
    if (node == null) {
      return out;
    }
    for (Node n : YamlNodes.list(file, node, "communicator names")) {
      ScalarNode s = YamlNodes.scalar(file, n, "a communicator name");
      if (s.getValue().equals(MpiOp.WORLD) || out.contains(s.getValue())) {
        throw YamlNodes.error(file, s, "communicator '" + s.getValue() + "' is declared twice ('world' always exists)");
      }
      out.add(s.getValue());
      if (out.size() >= ModelSpec.MAX_CONTEXTS) {
        throw YamlNodes.error(file, s, "at most " + (ModelSpec.MAX_CONTEXTS - 1) + " communicators besides 'world'");
      }
    }
    return out;
  }

  private static List<CheckKind> checks(String file, Node node) {
    if (node == null) {
      return List.of(CheckKind.values());
    }
    List<CheckKind> out = new ArrayList<>();
    for (Node n : YamlNodes.list(file, node, "check names")) {
      ScalarNode s = YamlNodes.scalar(file, n, "a check name");
      CheckKind k = CheckKind.named(s.getValue());
      if (k == null) {
        throw YamlNodes.error(file, s, "unknown check '" + s.getValue() + "' (expected one of "
            + FormatNames.checks() + ")");
      }
      if (out.contains(k)) {
        throw YamlNodes.error(file, s, "check '" + s.getValue() + "' is listed twice");
      }
      out.add(k);
    }
    return out;
  }

  // ---- ranks -----------------------------------------------------------------------------------

  private static List<List<Program>> ranks(String file, Node node, Set<String> comms) {
    List<Node> entries = YamlNodes.list(file, node, "ranks (e.g. '- {rank: 0, program: [...]}')");
    if (entries.isEmpty()) {
      throw YamlNodes.error(file, node, "expected at least one rank under 'ranks'");
    }
    // Pass 1: which ranks each entry defines, so the world size is known before programs are read.
    List<YamlMap> maps = new ArrayList<>();
    List<List<RankSets.Range>> sets = new ArrayList<>();
    List<RankSets.Range> all = new ArrayList<>();
    for (Node e : entries) {
      YamlMap m = YamlMap.of(file, "a rank entry", e, RANK_KEYS);
      List<RankSets.Range> these = RankSets.read(file,
          m.require("rank", "a rank number, a range FIRST..LAST, or a list of them"), MAX_RANKS);
      maps.add(m);
      sets.add(these);
      all.addAll(these);
    }
    int size = RankSets.size(file, all, node);
    // Pass 2: programs.
    ProgramReader programs = new ProgramReader(file, size, comms);
    List<List<Program>> out = new ArrayList<>();
    for (int x = 0; x < size; x++) {
      out.add(null);
    }
    for (int i = 0; i < maps.size(); i++) {
      List<Program> threads = threads(file, maps.get(i), programs);
      for (RankSets.Range r : sets.get(i)) {
        for (int x = r.first(); x <= r.last(); x++) {
          out.set(x, threads);
        }
      }
    }
    return out;
  }

  private static List<Program> threads(String file, YamlMap m, ProgramReader programs) {
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
