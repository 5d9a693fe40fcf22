package dev.matchpoint.scenario.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code ./matchpoint} launcher reached through symbolic links (issue 16): it finds the
 * project where the script really lives, and the command lines the tool prints start with the name
 * it was invoked by, so they run as printed. The launcher runs on a copy of the project made of the
 * script and a jar whose manifest points at this test's class path (so nothing is built), from
 * another directory.
 */
class LauncherTest {
  @TempDir Path tmp;
  private Path project;
  private Path bin;

  /** What one launch did. */
  record Launch(int code, String out) {}

  @BeforeEach
  void copyTheLauncher() throws IOException {
    assumeTrue(Files.isExecutable(Path.of("/bin/bash")), "the launcher is a bash script; no /bin/bash here");
    project = Files.createDirectories(tmp.resolve("checkout"));
    Path script = project.resolve("matchpoint");
    Files.copy(Path.of("..", "matchpoint"), script, StandardCopyOption.COPY_ATTRIBUTES);
    assertTrue(script.toFile().setExecutable(true));
    Path jar = Files.createDirectories(project.resolve("scenarios/target")).resolve("matchpoint.jar");
    Manifest m = new Manifest();
    m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
    m.getMainAttributes().put(Attributes.Name.MAIN_CLASS, Main.class.getName());
    StringBuilder classPath = new StringBuilder();
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      classPath.append(Path.of(entry).toAbsolutePath().toUri()).append(' ');
    }
    m.getMainAttributes().put(Attributes.Name.CLASS_PATH, classPath.toString().trim());
    try (OutputStream out = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(out, m)) {
      j.flush();
    }
    bin = Files.createDirectories(tmp.resolve("bin"));
  }

  private Launch launch(Path cwd, Map<String, String> env, String... command) throws Exception {
    List<String> cmd = new ArrayList<>(List.of(command));
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(cwd.toFile()).redirectErrorStream(true);
    pb.environment().remove(Cli.COMMAND_VARIABLE);
    pb.environment().remove("CI");
    pb.environment().putAll(env);
    Process p = pb.start();
    p.getOutputStream().close();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(2, TimeUnit.MINUTES), out);
    return new Launch(p.exitValue(), out);
  }

  @Test
  void badInput_reachesStandardError_throughTheLauncher() throws Exception {
    Launch l = launch(project, Map.of(), "./matchpoint", "explore", "no-such-file.yaml");
    assertEquals(64, l.code(), l.out());
    assertTrue(l.out().contains("no-such-file.yaml: no such file"), "the error, on standard error: " + l.out());
  }

  @Test
  void aRelativeSymlinkToALinkToTheLauncher_findsTheProject_andRunsVersion() throws Exception {
    Files.createSymbolicLink(bin.resolve("matchpoint"), Path.of("../checkout/matchpoint"));
    Path elsewhere = Files.createDirectories(tmp.resolve("elsewhere/deeper"));
    Files.createSymbolicLink(elsewhere.resolve("mp"), Path.of("../../bin/matchpoint"));
    Launch l = launch(elsewhere, Map.of(), "./mp", "--version");
    assertEquals(new Launch(0, "matchpoint 0.1.0-SNAPSHOT\n"), l);
  }

  @Test
  void onThePath_theReplayLineSaysMatchpoint_andRunsAsPrinted() throws Exception {
    Files.createSymbolicLink(bin.resolve("matchpoint"), project.resolve("matchpoint"));
    Map<String, String> path = Map.of("PATH", bin + File.pathSeparator + System.getenv("PATH"));
    Path work = Files.createDirectories(tmp.resolve("work"));
    Launch run = launch(work, path, "/bin/bash", "-c", "matchpoint run probe-race-2x2 --mode logical --seed 3");
    String replay = run.out().lines().filter(l -> l.startsWith("replay:")).findFirst().orElseThrow().substring(7)
        .trim();
    assertEquals("matchpoint replay probe-race-2x2 --seed 3 --mode logical --schedule 0.1.2.1", replay);
    Launch again = launch(work, path, "/bin/bash", "-c", replay);
    assertEquals(run.code(), again.code(), again.out());
    assertTrue(again.out().contains("scheduler=replay(0.1.2.1)"), again.out());
  }

  @Test
  void byItsPath_theReplayLineNamesThatPath() throws Exception {
    Path work = Files.createDirectories(tmp.resolve("work"));
    Launch run = launch(project, Map.of(), "./matchpoint", "explore", "probe-race-2x2", "--threads", "1");
    assertEquals(1, run.code(), run.out());
    assertTrue(run.out().contains("replay:      ./matchpoint replay probe-race-2x2 --mode logical --schedule "
        + "'0*4.1.0.2'\n"), run.out());
    Launch absolute = launch(work, Map.of(), project.resolve("matchpoint").toString(), "run", "probe-race-2x2",
        "--mode", "logical", "--seed", "3");
    assertTrue(absolute.out().contains("replay:     " + project.resolve("matchpoint") + " replay probe-race-2x2 "),
        absolute.out());
  }
}
