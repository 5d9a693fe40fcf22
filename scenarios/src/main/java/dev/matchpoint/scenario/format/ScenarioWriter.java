package dev.matchpoint.scenario.format;

import dev.matchpoint.core.net.LatencyModel;
import dev.matchpoint.core.net.NetworkOptions;
import dev.matchpoint.core.net.ProtocolOptions;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.rank.ModelOptions;
import dev.matchpoint.mpi.run.RunOptions;
import dev.matchpoint.scenario.Mode;
import dev.matchpoint.scenario.Scenario;
import dev.matchpoint.scenario.ProgramLocations;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.snakeyaml.engine.v2.api.Dump;
import org.snakeyaml.engine.v2.api.DumpSettings;
import org.snakeyaml.engine.v2.api.StreamDataWriter;
import org.snakeyaml.engine.v2.common.FlowStyle;
import org.snakeyaml.engine.v2.nodes.Node;

/**
 * Writes a {@link Scenario} as a scenario file. Reading the text back gives an equal scenario up to
 * statement locations: {@code load(write(s)).withoutLocations().equals(s.withoutLocations())}.
 * Options equal to their defaults are left out; the network section is always written in full.
 */
public final class ScenarioWriter {
  private static final DumpSettings SETTINGS = DumpSettings.builder().setDefaultFlowStyle(FlowStyle.BLOCK)
      .setWidth(110).setSplitLines(false).setIndent(2).setIndicatorIndent(2).setIndentWithIndicator(true).build();

  private ScenarioWriter() {}

  /**
   * The scenario as YAML text.
   *
   * @param s the scenario
   * @return the text, ending with a newline
   */
  public static String write(Scenario s) {
    StringWriter out = new StringWriter();
    try {
      write(s, out);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toString();
  }

  /**
   * Writes the scenario as YAML text, the same text as {@link #write(Scenario)}, one rank entry at a
   * time: ranks with equal programs (up to statement locations) become one entry, found by hashing,
   * so the time is linear in the programs' total length, and only one entry's YAML nodes exist at
   * once. An entry names its ranks compactly ({@code rank: 2..7}, {@code rank: [0, 2..7, 9]}; see
   * {@link RankSets#write}).
   *
   * @param s the scenario
   * @param out where the text goes; not closed
   * @throws IOException when {@code out} fails
   */
  public static void write(Scenario s, Writer out) throws IOException {
    YamlBuild.Map root = YamlBuild.block();
    root.put("scenario", s.name());
    if (!s.source().isEmpty()) {
      root.put("source", s.source());
    }
    if (!s.description().isEmpty()) {
      root.put("description", s.description());
    }
    if (s.expect() != null) {
      root.put("expect", s.expect().configName());
    }
    root.put("seed", s.seed());
    if (s.mode() != Mode.TIMED) {
      root.put("mode", s.mode().configName());
    }
    ModelOptions o = s.options();
    ModelOptions d = ModelOptions.defaults();
    root.put("wildcard-policy", o.wildcard().configName());
    if (o.bsendOverheadBytes() != d.bsendOverheadBytes()) {
      root.put("bsend-overhead", o.bsendOverheadBytes());
    }
    if (o.callCostNs() != d.callCostNs()) {
      root.put("call-cost", o.callCostNs());
    }
    if (o.queues() != d.queues()) {
      root.put("queues", o.queues().name().toLowerCase(Locale.ROOT));
    }
    if (o.sendCancel() != d.sendCancel()) {
      root.put("send-cancel", o.sendCancel().configName());
    }
    if (o.collectiveSync() != d.collectiveSync()) {
      root.put("collective-sync", o.collectiveSync().configName());
    }
    if (o.messageCancel() != d.messageCancel()) {
      root.put("seed000-message-cancel", Boolean.toString(o.messageCancel()));
    }
    if (s.stepBudget() != RunOptions.DEFAULT_STEP_BUDGET) {
      root.put("step-budget", s.stepBudget());
    }
    root.put("network", network(o.network()));
    if (!s.communicators().isEmpty()) {
      root.put("communicators", YamlBuild.flowSeq(s.communicators()));
    }
    dump(root.node(), out);
    out.write("ranks:\n");
    for (Map.Entry<List<Program>, List<Integer>> g : groups(s.ranks()).entrySet()) {
      List<Node> one = List.of(entry(g.getValue(), s.ranks().get(g.getValue().get(0))));
      dump(YamlBuild.seq(one, FlowStyle.BLOCK), out);
    }
    List<String> checks = new ArrayList<>();
    for (CheckKind k : s.checks()) {
      checks.add(k.configName());
    }
    dump(YamlBuild.block().put("checks", YamlBuild.flowSeq(checks)).node(), out);
  }

  /** Dumps one node as block YAML (a top-level block list comes out indented as under a key). */
  private static void dump(Node node, Writer out) {
    new Dump(SETTINGS).dumpNode(node, new StreamDataWriter() {
      @Override
      public void write(String str) {
        write(str, 0, str.length());
      }

      @Override
      public void write(String str, int off, int len) {
        try {
          out.write(str, off, len);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }
    });
  }

  /**
   * The ranks grouped by equal threads up to statement locations, groups in order of their first
   * rank. Ranks that share one program instance are compared once.
   */
  private static Map<List<Program>, List<Integer>> groups(List<List<Program>> ranks) {
    Map<List<Program>, List<Integer>> groups = new LinkedHashMap<>();
    Map<Program, Program> stripped = new IdentityHashMap<>();
    for (int r = 0; r < ranks.size(); r++) {
      List<Program> key = new ArrayList<>();
      for (Program p : ranks.get(r)) {
        key.add(stripped.computeIfAbsent(p, ProgramLocations::strip));
      }
      groups.computeIfAbsent(key, k -> new ArrayList<>()).add(r);
    }
    return groups;
  }

  private static Node entry(List<Integer> members, List<Program> threads) {
    YamlBuild.Map e = YamlBuild.block();
    e.put("rank", RankSets.write(members));
    boolean same = threads.stream().allMatch(p -> p.equals(threads.get(0)));
    if (!threads.get(0).shared().isEmpty()) {
      e.put("shared", SharedVars.write(threads.get(0).shared()));
    }
    if (same) {
      if (threads.size() > 1) {
        e.put("threads", threads.size());
      }
      e.put("program", ProgramWriter.program(threads.get(0)));
    } else {
      List<Node> list = new ArrayList<>();
      for (Program p : threads) {
        list.add(YamlBuild.block().put("program", ProgramWriter.program(p)).node());
      }
      e.put("threads", YamlBuild.seq(list, FlowStyle.BLOCK));
    }
    return e.node();
  }

  private static Node network(NetworkOptions n) {
    YamlBuild.Map m = YamlBuild.block();
    m.put("latency", latency(n.latency()));
    m.put("order", n.order().configName());
    ProtocolOptions p = n.protocol();
    m.put("eager-threshold", bytes(p.eagerThresholdBytes()));
    m.put("eager-rule", p.eagerRule().configName());
    m.put("header-bytes", p.headerBytes());
    m.put("eager-buffer", bytes(p.eagerBufferBytesPerPeer()));
    m.put("on-credit-exhausted", p.onCreditExhausted().configName());
    if (!p.creditPackets()) {
      m.put("credit-packets", "false");
    }
    return m.node();
  }

  private static String bytes(long b) {
    return b == Long.MAX_VALUE ? NetworkReader.UNLIMITED : Long.toString(b);
  }

  private static Node latency(LatencyModel l) {
    YamlBuild.Map m = YamlBuild.flow().put("model", l.configName());
    if (l instanceof LatencyModel.Constant c) {
      m.put("value", c.latencyNs());
    } else if (l instanceof LatencyModel.Uniform u) {
      m.put("min", u.minNs()).put("max", u.maxNs());
    } else if (l instanceof LatencyModel.Exponential e) {
      m.put("mean", Double.toString(e.meanNs()));
    } else if (l instanceof LatencyModel.Lognormal ln) {
      m.put("mu", Double.toString(ln.mu())).put("sigma", Double.toString(ln.sigma()));
    } else if (l instanceof LatencyModel.LogGP g) {
      m.put("L", g.latencyNs()).put("o", g.overheadNs()).put("g", g.gapNs())
          .put("G", Double.toString(g.gapPerByteNs()));
      if (g.overheadPerByteNs() != 0) {
        m.put("O", Double.toString(g.overheadPerByteNs()));
      }
    }
    return m.node();
  }
}
