package dev.matchpoint.scenario.cli;

import dev.matchpoint.core.explore.ExploreOptions;
import dev.matchpoint.scenario.ExpectationCheck;
import dev.matchpoint.scenario.Scenario;
import dev.matchpoint.scenario.ScenarioException;
import dev.matchpoint.scenario.export.AtomicFileWriter;
import dev.matchpoint.scenario.format.ConfigOverrides;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code matchpoint test FILE|DIR...}: checks each scenario's {@code expect:} with {@link
 * ExpectationCheck}, prints one line per scenario file ({@code PASS}, {@code FAIL}, {@code ERROR}
 * for a file that does not load, {@code SKIP} for one without {@code expect:}) and a count, and
 * writes a JUnit XML report on request ({@link JunitReport}). {@code --cfg} overrides apply to every
 * scenario; a first line names them, and every replay command printed repeats them. Exit codes: 0 every scenario passed
 * (or was skipped), 1 some failed, 64 bad input (a file that does not load, a missing path, no
 * scenario found, an unwritable report).
 */
@Command(
    name = "test",
    mixinStandardHelpOptions = true,
    usageHelpWidth = 100,
    header = "Check that scenarios meet their 'expect:'.",
    exitCodeOnInvalidInput = 64,
    exitCodeOnExecutionException = 70,
    description = {
      "Check each scenario's 'expect:'. ok, deadlock and erroneous must hold for the timed run with",
      "the scenario's seed and, by exhaustive exploration, for every logical schedule (ok: no check",
      "violated either); race-reachable needs a logical schedule that violates a check, which is",
      "replayed to confirm it. One line per scenario file: PASS, FAIL, ERROR (the file does not load)",
      "or SKIP (no 'expect:'), with the reason; a DIR stands for every .yaml file below it. A",
      "progress line is drawn on standard error only when it is a terminal."
    },
    footerHeading = "%nExamples:%n",
    footer = {
      "  matchpoint test scenarios/library",
      "  matchpoint test my-scenario.yaml probe-race-2x2 --junit target/matchpoint-tests.xml",
      "  matchpoint test scenarios/library --cfg network.order:unordered   # the library on another network",
      "",
      "Exit codes: 0 every scenario passed (or was skipped), 1 some scenario failed its expectation,",
      "64 bad input (a file that does not load, no scenario found, an unwritable --junit file),",
      "70 internal error."
    })
final class TestCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Parameters(arity = "1..*", paramLabel = "FILE|DIR",
      description = "Scenario files, library scenario names, or directories (every .yaml file below them).")
  List<String> inputs;

  @Option(names = "--junit", paramLabel = "FILE", description = "Write a JUnit XML report (the schema Maven "
      + "Surefire writes), atomically.")
  Path junit;

  @Option(names = "--time-budget", paramLabel = "DURATION", defaultValue = "60s",
      description = "Wall-clock budget of each scenario's exploration (default: ${DEFAULT-VALUE}); a search it "
          + "cuts short checks the outcomes it reached, and the line says so.")
  String timeBudget;

  @Mixin ConfigOptions cfg = new ConfigOptions();

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    Duration time;
    try {
      time = Durations.parse(timeBudget);
    } catch (IllegalArgumentException e) {
      return Cli.badInput(err, "--time-budget: " + e.getMessage());
    }
    ConfigOverrides overrides;
    try {
      overrides = cfg.overrides();
    } catch (ScenarioException e) {
      return Cli.badInput(err, e.getMessage());
    }
    String problem = junit == null ? null : AtomicFileWriter.problem(junit);
    if (problem != null) {
      return Cli.badInput(err, "cannot write " + junit + ": " + problem);
    }
    List<String> files = new ArrayList<>();
    for (String input : inputs) {
      Path p = Path.of(input);
      if (Files.isDirectory(p)) {
        List<String> found = yamlFiles(p);
        if (found.isEmpty()) {
          return Cli.badInput(err, "no .yaml file in " + input);
        }
        files.addAll(found);
      } else {
        files.add(input);
      }
    }
    ExploreOptions o = ExpectationCheck.OPTIONS;
    ExploreOptions options = new ExploreOptions(o.strategy(), o.scheduleBudget(), time, o.seed(), o.pctDepth(),
        o.maxSteps(), o.shortestViolation());
    List<JunitReport.Case> cases = new ArrayList<>();
    if (!overrides.isEmpty()) {
      out.println("with" + RunPlan.cfgOptions(overrides));
    }
    boolean progress = TerminalProgress.wanted();
    for (int i = 0; i < files.size(); i++) {
      if (progress) {
        System.err.print("\r\033[K[" + (i + 1) + "/" + files.size() + "] " + files.get(i));
        System.err.flush();
      }
      JunitReport.Case c = test(files.get(i), options, overrides);
      if (progress) {
        System.err.print("\r\033[K");
        System.err.flush();
      }
      out.println(c.line());
      out.flush();
      cases.add(c);
    }
    long passed = cases.stream().filter(c -> c.status() == JunitReport.Status.PASS).count();
    long failed = cases.stream().filter(c -> c.status() == JunitReport.Status.FAIL).count();
    long errors = cases.stream().filter(c -> c.status() == JunitReport.Status.ERROR).count();
    long skipped = cases.stream().filter(c -> c.status() == JunitReport.Status.SKIP).count();
    out.println(passed + " passed, " + failed + " failed" + (errors > 0 ? ", " + errors + " not loaded" : "")
        + (skipped > 0 ? ", " + skipped + " skipped" : ""));
    out.flush();
    if (junit != null) {
      try {
        AtomicFileWriter.write(junit, stream -> JunitReport.write("matchpoint test", overrides.args(), cases, stream));
      } catch (IOException e) {
        err.println("matchpoint: error: " + (e instanceof AtomicFileWriter.OutputFileException ? e.getMessage()
            : "cannot write " + junit + ": " + e.getMessage()));
        err.flush();
        return ExitCode.INTERNAL.code();
      }
    }
    return errors > 0 ? ExitCode.BAD_INPUT.code() : failed > 0 ? ExitCode.CHECK_FAILED.code() : ExitCode.OK.code();
  }

  /** Every .yaml (or .yml) file below a directory, sorted by path. */
  private static List<String> yamlFiles(Path dir) {
    try (Stream<Path> walk = Files.walk(dir)) {
      return walk.filter(Files::isRegularFile).map(Path::toString)
          .filter(f -> f.endsWith(".yaml") || f.endsWith(".yml")).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Checks one file, timing it. */
  private static JunitReport.Case test(String file, ExploreOptions options, ConfigOverrides overrides) {
    long start = System.nanoTime();
    Path parent = Path.of(file).getParent();
    String classname = parent == null ? "library" : parent.normalize().toString().replace('/', '.');
    Scenario s;
    try {
      s = ScenarioInput.load(file, overrides);
    } catch (ScenarioException e) {
      String name = Path.of(file).getFileName().toString().replaceFirst("\\.ya?ml$", "");
      return new JunitReport.Case(name, classname, JunitReport.Status.ERROR, e.getMessage(), "ERROR " + file + ": "
          + e.getMessage(), (System.nanoTime() - start) / 1_000_000);
    }
    if (s.expect() == null) {
      return new JunitReport.Case(s.name(), classname, JunitReport.Status.SKIP, "no 'expect:' to check",
          "SKIP " + file + ": no 'expect:' to check", (System.nanoTime() - start) / 1_000_000);
    }
    ExpectationCheck.Result r;
    try {
      r = ExpectationCheck.check(s, options);
    } catch (ScenarioException e) {
      return new JunitReport.Case(s.name(), classname, JunitReport.Status.ERROR, e.getMessage(), "ERROR " + file
          + ": " + e.getMessage(), (System.nanoTime() - start) / 1_000_000);
    }
    String reason = "expect " + s.expect().configName() + ": " + r.reason()
        + (r.schedule() == null ? "" : "; replay: " + Cli.command() + " replay " + RunPlan.quote(file)
            + " --mode logical --schedule " + RunPlan.quote(r.schedule().toString()) + RunPlan.cfgOptions(overrides));
    JunitReport.Status status = r.passed() ? JunitReport.Status.PASS : JunitReport.Status.FAIL;
    return new JunitReport.Case(s.name(), classname, status, reason, status + " " + file + ": " + reason,
        (System.nanoTime() - start) / 1_000_000);
  }
}
