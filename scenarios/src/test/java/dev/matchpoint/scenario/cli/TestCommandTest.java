package dev.matchpoint.scenario.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.scenario.cli.CliTest.Result;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.SchemaFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * {@code matchpoint test}: one line per scenario file, the exit code, and the JUnit XML report,
 * validated against Maven Surefire's own report schema ({@code surefire-test-report.xsd}, unpacked
 * from Surefire's source release by the build into {@code target/surefire-xsd}).
 */
class TestCommandTest {
  @TempDir Path dir;

  private Path scenario(String name, String fromLibrary, String expect) throws IOException {
    String text = Files.readString(Path.of("library", fromLibrary + ".yaml"), StandardCharsets.UTF_8)
        .replaceFirst("(?m)^scenario: .*$", "scenario: " + name);
    text = expect == null ? text.replaceFirst("(?m)^expect: .*\\n", "")
        : text.replaceFirst("(?m)^expect: .*$", "expect: " + expect);
    Path f = dir.resolve(name + ".yaml");
    Files.writeString(f, text, StandardCharsets.UTF_8);
    return f;
  }

  private static Document validated(Path report) throws Exception {
    Path xsd;
    try (Stream<Path> s = Files.walk(Path.of("target", "surefire-xsd"))) {
      xsd = s.filter(p -> p.getFileName().toString().equals("surefire-test-report.xsd")).findFirst().orElseThrow(
          () -> new AssertionError("the build unpacks Surefire's surefire-test-report.xsd into target/surefire-xsd"));
    }
    SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI).newSchema(xsd.toFile()).newValidator()
        .validate(new StreamSource(report.toFile()));
    return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(report.toFile());
  }

  private static Element testcase(Document d, String name) {
    NodeList cases = d.getElementsByTagName("testcase");
    for (int i = 0; i < cases.getLength(); i++) {
      Element e = (Element) cases.item(i);
      if (e.getAttribute("name").equals(name)) {
        return e;
      }
    }
    throw new AssertionError("no testcase " + name);
  }

  @Test
  void libraryScenarios_pass_oneLineEach_exit0_andTheReportValidatesAgainstSurefiresSchema() throws Exception {
    Path report = dir.resolve("report.xml");
    Result r = CliTest.run("test", "library/probe-race-2x2.yaml", "mprobe-fix-2x2", "--junit", report.toString());
    assertEquals(0, r.code(), r.out() + r.err());
    assertEquals(List.of("PASS library/probe-race-2x2.yaml: expect race-reachable: schedule 0*4.1.0.2 (9 steps) "
            + "violates no-deadlock: deadlock: r2.t1 MPI_Recv(source=st.source, tag=0, count=st.count(MPI_INT) "
            + "MPI_INT, comm=world) at library/probe-race-2x2.yaml:23:9; probe-then-receive-same-message: the "
            + "receive r2.t1#0 after a probe of 0#0 never received it; replay: ./matchpoint replay "
            + "library/probe-race-2x2.yaml --mode logical --schedule '0*4.1.0.2'",
        "PASS mprobe-fix-2x2: expect ok: the timed run (seed 0) and every logical schedule end ok (2 outcome classes)",
        "2 passed, 0 failed"), r.out().lines().toList());
    Document d = validated(report);
    Element suite = d.getDocumentElement();
    assertEquals("2", suite.getAttribute("tests"));
    assertEquals("0", suite.getAttribute("failures"));
    assertEquals("library", testcase(d, "probe-race-2x2").getAttribute("classname"));
    assertEquals(0, d.getElementsByTagName("failure").getLength());
  }

  @Test
  void aScenarioMissingItsExpectation_fails_exit1_withTheScheduleThatContradictsIt() throws Exception {
    Path racy = scenario("racy-claims-ok", "probe-race-2x2", "ok");
    Path deadlock = scenario("racy-claims-deadlock", "probe-race-2x2", "deadlock");
    Path clean = scenario("clean-claims-race", "mprobe-fix-2x2", "race-reachable");
    Path report = dir.resolve("report.xml");
    Result r = CliTest.run("test", racy.toString(), deadlock.toString(), clean.toString(), "--junit",
        report.toString());
    assertEquals(1, r.code(), r.out() + r.err());
    List<String> lines = r.out().lines().toList();
    assertTrue(lines.get(0).startsWith("FAIL " + racy + ": expect ok: the timed run (seed 0) ends deadlock, not ok: "
        + "no-deadlock: deadlock: r2.t1 MPI_Recv"), lines.get(0));
    assertTrue(lines.get(1).startsWith("FAIL " + deadlock + ": expect deadlock: logical schedule "), lines.get(1));
    assertTrue(lines.get(1).contains(" ends 'ok | ") && lines.get(1).contains("; replay: ./matchpoint replay "
        + deadlock + " --mode logical --schedule "), lines.get(1));
    String printed = lines.get(1).substring(lines.get(1).indexOf("; replay: ./matchpoint ") + 23);
    Result replayed = CliTest.run(printed.replace("'", "").split(" "));
    assertEquals(0, replayed.code(), "the printed schedule ends ok: " + replayed.out() + replayed.err());
    assertEquals("FAIL " + clean + ": expect race-reachable: no logical schedule violates a check", lines.get(2));
    assertEquals("0 passed, 3 failed", lines.get(3));
    Document d = validated(report);
    assertEquals("3", d.getDocumentElement().getAttribute("failures"));
    Element failure = (Element) testcase(d, "clean-claims-race").getElementsByTagName("failure").item(0);
    assertEquals("expect race-reachable: no logical schedule violates a check", failure.getAttribute("message"));
    assertEquals("expectation not met", failure.getAttribute("type"));
  }

  @Test
  void aDirectory_testsEveryYamlBelowIt_skipsOnesWithoutExpect_andABadFileIsBadInput64() throws Exception {
    scenario("a-ok", "mprobe-fix-2x2", null);
    Files.writeString(dir.resolve("b-broken.yaml"), "name: b\nranks: [\n", StandardCharsets.UTF_8);
    Files.writeString(dir.resolve("notes.txt"), "not a scenario", StandardCharsets.UTF_8);
    Path report = dir.resolve("out").resolve("report.xml");
    Files.createDirectories(report.getParent());
    Result r = CliTest.run("test", dir.toString(), "--junit", report.toString());
    assertEquals(64, r.code(), r.out() + r.err());
    List<String> lines = r.out().lines().toList();
    assertEquals("SKIP " + dir.resolve("a-ok.yaml") + ": no 'expect:' to check", lines.get(0));
    assertTrue(lines.get(1).startsWith("ERROR " + dir.resolve("b-broken.yaml") + ": " + dir.resolve("b-broken.yaml")
        + ":"), lines.get(1));
    assertEquals("0 passed, 0 failed, 1 not loaded, 1 skipped", lines.get(2));
    Document d = validated(report);
    assertEquals("1", d.getDocumentElement().getAttribute("errors"));
    assertEquals("1", d.getDocumentElement().getAttribute("skipped"));
    assertEquals(1, testcase(d, "b-broken").getElementsByTagName("error").getLength());
  }

  @Test
  void cfgOverrides_applyToEveryScenario_areNamedFirst_andRepeatedInTheReplayLineAndTheReport() throws Exception {
    // An unlimited eager threshold makes the head-to-head sends eager: the deadlock it expects is gone.
    Path report = dir.resolve("report.xml");
    Result r = CliTest.run("test", "head-to-head-rendezvous", "library/probe-race-2x2.yaml", "--cfg",
        "network.eager-threshold:unlimited", "--junit", report.toString());
    assertEquals(1, r.code(), r.out() + r.err());
    List<String> lines = r.out().lines().toList();
    assertEquals("with --cfg network.eager-threshold:unlimited", lines.get(0));
    assertTrue(lines.get(1).startsWith("FAIL head-to-head-rendezvous: expect deadlock: the timed run (seed 0) ends ok, "
        + "not deadlock"), lines.get(1));
    assertTrue(lines.get(2).startsWith("PASS library/probe-race-2x2.yaml: expect race-reachable: ")
        && lines.get(2).endsWith(" --mode logical --schedule '0*4.1.0.2' --cfg network.eager-threshold:unlimited"),
        lines.get(2));
    Element property = (Element) validated(report).getElementsByTagName("property").item(0);
    assertEquals("cfg", property.getAttribute("name"));
    assertEquals("network.eager-threshold:unlimited", property.getAttribute("value"));
    Result malformed = CliTest.run("test", "head-to-head-rendezvous", "--cfg", "eager-threshold");
    assertEquals(64, malformed.code());
    assertEquals("", malformed.out());
    Result bad = CliTest.run("test", "head-to-head-rendezvous", "--cfg", "network.eager-threshold:sometimes");
    assertEquals(64, bad.code());
    assertTrue(bad.out().contains("ERROR head-to-head-rendezvous: --cfg network.eager-threshold:sometimes: "),
        bad.out());
  }

  @Test
  void badUsage_exits64_andRunsNothing() throws IOException {
    Result missing = CliTest.run("test", dir.resolve("nothing-here.yaml").toString());
    assertEquals(64, missing.code());
    assertTrue(missing.out().startsWith("ERROR "), missing.out());
    Result empty = CliTest.run("test", dir.toString());
    assertEquals(new Result(64, "", "matchpoint: error: no .yaml file in " + dir + "\n"), empty);
    Result report = CliTest.run("test", "mprobe-fix-2x2", "--junit", dir.resolve("no/such/dir/r.xml").toString());
    assertEquals(64, report.code());
    assertEquals("", report.out());
    assertTrue(report.err().contains("does not exist"), report.err());
    assertFalse(Files.exists(dir.resolve("no")));
    assertEquals(64, CliTest.run("test").code());
  }
}
