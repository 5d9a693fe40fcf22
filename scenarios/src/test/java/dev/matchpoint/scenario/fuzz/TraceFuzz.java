package dev.matchpoint.scenario.fuzz;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.matchpoint.scenario.ScenarioException;
import dev.matchpoint.scenario.ScenarioLoader;
import dev.matchpoint.scenario.importer.ImportedTrace;
import dev.matchpoint.scenario.importer.ScenarioConverter;
import dev.matchpoint.scenario.importer.TraceImportException;
import dev.matchpoint.scenario.importer.TraceImportFormat;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * What the trace fuzz targets share: a scratch copy of test traces whose one file an input replaces,
 * and the pass rule. An input passes when {@code import} of it (read, convert with timing and
 * rank-relative programs, compile as {@code check} does) either succeeds or is refused with the
 * project's bad-input exceptions ({@link TraceImportException} naming a file, {@link
 * ScenarioException}), within {@link #CPU_BOUND_NS} of CPU time plus {@link #CPU_NS_PER_RANK} per
 * rank imported (the import is linear in the ranks, which the heap bounds).
 */
final class TraceFuzz {
  /** The most CPU time one input may take before its ranks: far above what a small trace needs. */
  static final long CPU_BOUND_NS = 2_000_000_000L;

  /** CPU time allowed per rank of an imported trace (an empty rank takes about 2 µs). */
  static final long CPU_NS_PER_RANK = 10_000L;

  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  private TraceFuzz() {}

  /**
   * A fresh directory holding a copy of a test resource directory, removed when the JVM exits.
   *
   * @param resource e.g. {@code /traces/otf2/worked}
   * @return the copy
   */
  static Path scratchCopy(String resource) {
    try {
      Path source = Path.of(TraceFuzz.class.getResource(resource).toURI());
      Path target = Files.createTempDirectory("matchpoint-fuzz");
      try (Stream<Path> files = Files.walk(source)) {
        for (Path p : files.toList()) {
          Path t = target.resolve(source.relativize(p).toString());
          if (Files.isDirectory(p)) {
            Files.createDirectories(t);
          } else {
            Files.copy(p, t, StandardCopyOption.REPLACE_EXISTING);
          }
        }
      }
      Runtime.getRuntime().addShutdownHook(new Thread(() -> delete(target)));
      return target;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (java.net.URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  private static void delete(Path dir) {
    try (Stream<Path> files = Files.walk(dir)) {
      files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      // best effort
    }
  }

  /**
   * Writes the input over one file and imports the trace.
   *
   * @param format the trace format
   * @param replaced the file the input replaces
   * @param input its new content
   * @param trace the file to import (the anchor for OTF2)
   */
  static void importOrRefuse(TraceImportFormat format, Path replaced, byte[] input, Path trace) {
    try {
      Files.write(replaced, input);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    long start = cpuNs();
    int ranks = 0;
    try {
      ImportedTrace t = format.importer().read(trace);
      ScenarioConverter.Conversion c = ScenarioConverter.convert(t, trace.toString(), "fuzz",
          new ScenarioConverter.Options(false, true, 1.0).withRankRelative());
      ranks = c.scenario().worldSize();
      ScenarioLoader.compile(c.scenario());
    } catch (TraceImportException e) {
      assertTrue(e.getMessage().startsWith(e.file().toString()), e.getMessage());
    } catch (ScenarioException e) {
      // import reports it as bad input and writes nothing
    } catch (RuntimeException | StackOverflowError e) {
      fail("not a bad-input error: " + e, e);
    }
    long used = cpuNs() - start;
    assertTrue(used <= CPU_BOUND_NS + CPU_NS_PER_RANK * ranks,
        "one input took " + used / 1_000_000 + " ms of CPU for " + ranks + " ranks");
  }

  /** This thread's CPU time, in ns (the bean is looked up once: each lookup showed in the profile). */
  static long cpuNs() {
    return THREADS.getCurrentThreadCpuTime();
  }
}
