package dev.matchpoint.scenario.cli;

import static dev.matchpoint.scenario.cli.CliTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.matchpoint.scenario.cli.CliTest.Result;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code explore --html} page as a browser shows it: Debian's headless Chromium loads the file,
 * dumps the DOM it built, and logs every console message to standard error. Skipped, with the reason,
 * where /usr/bin/chromium is not installed ({@code .ci/run} installs it when apt-get is available).
 */
class ExploreHtmlChromiumTest {
  private static final Path CHROMIUM = Path.of("/usr/bin/chromium");

  @BeforeAll
  static void chromiumInstalled() {
    assumeTrue(Files.isExecutable(CHROMIUM), "skipped: " + CHROMIUM + " is not installed (Debian package "
        + "'chromium'; .ci/run installs it when apt-get is available), so the HTML report is not checked in a browser");
  }

  /** What Chromium made of a page. */
  record Load(int exit, String dom, List<String> consoleLines) {}

  /** Loads a file in headless Chromium (no network, a fresh profile) and dumps its DOM. */
  static Load load(Path page, Path dir) throws IOException, InterruptedException {
    Path profile = Files.createTempDirectory(dir, "chromium-profile");
    Path dom = dir.resolve(page.getFileName() + ".dom");
    Path log = dir.resolve(page.getFileName() + ".log");
    Process p = new ProcessBuilder(CHROMIUM.toString(), "--headless", "--no-sandbox", "--disable-gpu",
        "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--user-data-dir=" + profile, "--enable-logging=stderr", "--v=0", "--dump-dom",
        page.toUri().toString())
        .redirectOutput(dom.toFile()).redirectError(log.toFile()).start();
    if (!p.waitFor(120, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("chromium did not finish loading " + page + " within 120 s");
    }
    List<String> console = new ArrayList<>();
    for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
      if (line.contains(":CONSOLE") || line.contains("Uncaught") || line.contains("net::ERR_")) {
        console.add(line);
      }
    }
    return new Load(p.exitValue(), Files.readString(dom, StandardCharsets.UTF_8), console);
  }

  @Test
  void consoleErrors_ofABrokenPage_areSeen(@TempDir Path dir) throws Exception {
    Path bad = dir.resolve("bad.html");
    Files.writeString(bad, "<!DOCTYPE html><html><body><p>x</p><script>throw new Error('boom')</script></body></html>");
    Load l = load(bad, dir);
    assertTrue(l.consoleLines().stream().anyMatch(s -> s.contains("Uncaught Error: boom")), l.consoleLines().toString());
  }

  @Test
  void htmlReport_loadsWithoutErrors_andShowsTheChartWithItsLanes(@TempDir Path dir) throws Exception {
    Path html = dir.resolve("race.html");
    Result r = run("explore", ExploreChartTest.PROBE_RACE, "--html", html.toString());
    assertEquals(1, r.code(), r.out() + r.err());
    Load l = load(html, dir);
    assertEquals(0, l.exit(), "chromium exit status");
    assertEquals(List.of(), l.consoleLines(), "console messages or failed loads");
    int figure = l.dom().indexOf("<figure id=\"chart\">");
    assertTrue(figure > 0, l.dom());
    String chart = l.dom().substring(figure, l.dom().indexOf("</figure>", figure));
    assertTrue(chart.contains("<svg"), chart);
    List<String> lanes = new ArrayList<>();
    Matcher m = Pattern.compile("class=\"participant participant-head\"[^>]*>.*?<text[^>]*>([^<]*)</text>")
        .matcher(chart);
    while (m.find()) {
      lanes.add(m.group(1));
    }
    assertEquals(List.of("r0.t0", "r1.t0", "r2.t0", "r2.t1"), lanes);
    assertEquals(4, chart.split("class=\"message\"", -1).length - 1, "four arrows");
    assertTrue(l.dom().contains("<pre id=\"replay\"><code>./matchpoint replay"), "the replay command");
    assertEquals(6, l.dom().split("<td class=\"verdict\">", -1).length - 1, "the six outcome classes");
  }
}
