package dev.matchpoint.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.net.Network;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.spi.ToolProvider;
import dev.matchpoint.core.net.LatencyModel;
import org.junit.jupiter.api.Test;

/**
 * The parent pom excludes SSJ's six runtime dependencies (jfreechart, jcommon, colt, optimization,
 * commons-math3, gson). This test checks with {@code jdeps} that no SSJ class reachable from
 * sim-core's own classes refers to any of them.
 */
class SsjFootprintTest {
  private static final List<String> EXCLUDED_PREFIXES =
      List.of("org.jfree.", "cern.", "hep.aida.", "optimization.", "org.apache.commons.math3.", "com.google.gson.");

  private static Path location(Class<?> c) throws Exception {
    return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
  }

  /** Class-level dependency edges of one archive or class directory, from jdeps -verbose:class. */
  private static Map<String, Set<String>> edges(Path archive) {
    ToolProvider jdeps = ToolProvider.findFirst("jdeps").orElseThrow();
    StringWriter out = new StringWriter();
    int rc = jdeps.run(new PrintWriter(out), new PrintWriter(new StringWriter()),
        "-verbose:class", "-filter:none", archive.toString());
    assertEquals(0, rc, "jdeps failed");
    Map<String, Set<String>> edges = new TreeMap<>();
    for (String line : out.toString().split("\n")) {
      String[] parts = line.trim().split("\\s+");
      if (parts.length >= 3 && parts[1].equals("->")) {
        edges.computeIfAbsent(parts[0], k -> new TreeSet<>()).add(parts[2]);
      }
    }
    return edges;
  }

  @Test
  void simCore_reachesNoClassOfAnExcludedSsjDependency() throws Exception {
    Map<String, Set<String>> graph = new TreeMap<>(edges(location(umontreal.ssj.simevents.Simulator.class)));
    Map<String, Set<String>> ours = edges(location(Network.class));
    graph.putAll(ours);
    Deque<String> work = new ArrayDeque<>(ours.keySet());
    Set<String> seen = new TreeSet<>(ours.keySet());
    List<String> offending = new ArrayList<>();
    while (!work.isEmpty()) {
      String c = work.pop();
      for (String d : graph.getOrDefault(c, Set.of())) {
        if (EXCLUDED_PREFIXES.stream().anyMatch(d::startsWith)) {
          offending.add(c + " -> " + d);
        }
        if (d.startsWith("umontreal.ssj.") && seen.add(d)) {
          work.push(d);
        }
      }
    }
    assertTrue(seen.contains("umontreal.ssj.simevents.Simulator"), "the closure reaches SSJ's simevents");
    assertTrue(seen.contains("umontreal.ssj.rng.MRG32k3a"), "the closure reaches SSJ's rng");
    // jdeps works per class, not per method: SSJ's numeric helper Num names colt's Bessel class in
    // its Bessel-function methods, which none of our four distributions calls. That one edge is
    // allowed here, and latencies_sampleWithColtAbsent proves at run time that it is never loaded.
    assertEquals(List.of("umontreal.ssj.util.Num -> cern.jet.math.Bessel"), offending,
        "classes reachable from sim-core that need excluded jars");
  }

  @Test
  void latencies_sampleWithColtAbsent() {
    assertThrows(ClassNotFoundException.class, () -> Class.forName("cern.jet.math.Bessel"));
    assertThrows(ClassNotFoundException.class, () -> Class.forName("org.jfree.chart.JFreeChart"));
    assertThrows(ClassNotFoundException.class, () -> Class.forName("com.google.gson.Gson"));
    assertThrows(ClassNotFoundException.class, () -> Class.forName("optimization.Uncmin_f77"));
    var stream = new dev.matchpoint.core.random.RandomStreams(3).stream("x");
    for (LatencyModel m : List.of(new LatencyModel.Exponential(10), new LatencyModel.Lognormal(2, 0.5),
        new LatencyModel.Uniform(1, 9), new LatencyModel.Constant(4))) {
      for (int i = 0; i < 1000; i++) {
        assertTrue(m.sampleNs(stream) >= 0);
      }
    }
  }
}
