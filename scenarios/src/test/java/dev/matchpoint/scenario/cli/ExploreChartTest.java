package dev.matchpoint.scenario.cli;

import static dev.matchpoint.scenario.cli.CliTest.run;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.scenario.cli.CliTest.Result;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** {@code matchpoint explore --diagram} and {@code --html}: the chart's content, its bytes, the exit codes. */
class ExploreChartTest {
  static final String PROBE_RACE = "library/probe-race-2x2.yaml";

  /** The drawn SVG, parsed (fails on anything that is not well-formed XML). */
  static Document parse(byte[] svg) throws Exception {
    DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
    f.setNamespaceAware(true);
    f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
    return f.newDocumentBuilder().parse(new ByteArrayInputStream(svg));
  }

  private static List<Element> groups(Document d, String cssClass) {
    List<Element> out = new ArrayList<>();
    NodeList gs = d.getElementsByTagNameNS("http://www.w3.org/2000/svg", "g");
    for (int i = 0; i < gs.getLength(); i++) {
      Element g = (Element) gs.item(i);
      if ((" " + g.getAttribute("class") + " ").contains(" " + cssClass + " ")) {
        out.add(g);
      }
    }
    return out;
  }

  /** The lines of text an element draws, in document order. */
  private static List<String> texts(Element e) {
    List<String> out = new ArrayList<>();
    NodeList ts = e.getElementsByTagNameNS("http://www.w3.org/2000/svg", "text");
    for (int i = 0; i < ts.getLength(); i++) {
      out.add(ts.item(i).getTextContent());
    }
    return out;
  }

  private static Result explore(String file, Path dir, String... more) {
    List<String> args = new ArrayList<>(List.of("explore", file, "--threads", "1"));
    args.addAll(List.of(more));
    return run(args.toArray(new String[0]));
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.8.1", text = "A subsequent receive executed with the same communicator, and the "
      + "source and tag returned in status by MPI_IPROBE will receive the message that was matched by the probe, if "
      + "no other intervening receive occurs after the probe, and the send is not successfully cancelled before the "
      + "receive.")
  void diagram_probeRace2x2_drawsALanePerThread_anArrowPerMatch_andTheViolatedRuleInRed(@TempDir Path dir)
      throws Exception {
    Path svg = dir.resolve("race.svg");
    Result r = explore(PROBE_RACE, dir, "--diagram", svg.toString());
    assertEquals(1, r.code(), r.out() + r.err());
    assertTrue(r.out().contains("diagram:     " + svg), r.out());
    Document d = parse(Files.readAllBytes(svg));
    assertEquals("svg", d.getDocumentElement().getLocalName());
    Map<String, String> lanes = new LinkedHashMap<>();
    for (Element head : groups(d, "participant-head")) {
      lanes.put(head.getAttribute("data-entity-uid"), String.join(" ", texts(head)));
    }
    assertEquals(List.of("r0.t0", "r1.t0", "r2.t0", "r2.t1"), List.copyOf(lanes.values()));
    List<String> arrows = new ArrayList<>();
    for (Element m : groups(d, "message")) {
      arrows.add(lanes.get(m.getAttribute("data-entity-1")) + " -> " + lanes.get(m.getAttribute("data-entity-2"))
          + ": " + String.join(" / ", texts(m)));
    }
    assertEquals(List.of(
        "r0.t0 -> r2.t0: 4. MPI_Probe(source=MPI_ANY_SOURCE, tag=0) / returns source=0 tag=0 count=4B: message 0#0",
        "r0.t0 -> r2.t1: 5. MPI_Probe(source=MPI_ANY_SOURCE, tag=0) / returns source=0 tag=0 count=4B: message 0#0",
        "r0.t0 -> r2.t0: 6. MPI_Recv(source=0, tag=0) / got message 0#0: source 0, tag 0, 4 B, sent at step 1",
        // an arrow off the right edge: PlantUML names its sender at both ends
        "r1.t0 -> r1.t0: 9. message 1#0 (tag 0, 8 B) arrives at rank 2 / and is never received"), arrows);
    List<String> all = texts(d.getDocumentElement());
    assertTrue(all.contains("1. MPI_Send: message 0#0 to rank 2, tag 0, 4 B eager"), all.toString());
    StringBuilder red = new StringBuilder();
    NodeList ts = d.getElementsByTagNameNS("http://www.w3.org/2000/svg", "text");
    for (int i = 0; i < ts.getLength(); i++) {
      Element t = (Element) ts.item(i);
      if (t.getAttribute("fill").equalsIgnoreCase("#C00000")) {
        red.append(t.getTextContent()).append(' ');
      }
    }
    String redText = red.toString().replaceAll("\\s+", " ");
    for (String part : List.of("8. MPI_Recv(source=0 tag=0 count=1 MPI_INT comm=world) never returns",
        "its probe at step 5 returned message 0#0, which r2.t0 received at step 6", "violated:",
        "probe-then-receive-same-message: the receive r2.t1#0 after a probe of 0#0 never received it")) {
      assertTrue(redText.contains(part), part + " in red text: " + redText);
    }
  }

  @Test
  void diagram_isByteIdenticalFromRunToRun_withNoDateOrVersionAge(@TempDir Path dir) throws Exception {
    Path a = dir.resolve("a.svg");
    Path b = dir.resolve("b.svg");
    assertEquals(1, explore(PROBE_RACE, dir, "--diagram", a.toString()).code());
    assertEquals(1, run("explore", PROBE_RACE, "--threads", "2", "--diagram", b.toString()).code(),
        "the parallel search finds the same shortest counterexample");
    byte[] first = Files.readAllBytes(a);
    assertArrayEquals(first, Files.readAllBytes(b));
    String text = new String(first, StandardCharsets.UTF_8);
    for (String clock : List.of("days old", "plantuml.com", "<!--")) {
      assertFalse(text.contains(clock), clock);
    }
    assertFalse(java.util.regex.Pattern.compile("\\d{4}-\\d\\d-\\d\\d|\\d\\d:\\d\\d:\\d\\d").matcher(text).find(),
        "no date or time of day");
  }

  @Test
  void diagram_withoutViolation_writesNothing_exits0_andHtmlSaysThereIsNoCounterexample(@TempDir Path dir)
      throws Exception {
    Path svg = dir.resolve("fix.svg");
    Path html = dir.resolve("fix.html");
    Result r = explore("library/mprobe-fix-2x2.yaml", dir, "--diagram", svg.toString(), "--html", html.toString());
    assertEquals(0, r.code(), r.out() + r.err());
    assertFalse(Files.exists(svg));
    assertTrue(r.err().contains("no counterexample to draw: " + svg + " not written"), r.err());
    String page = Files.readString(html);
    assertTrue(page.contains("id=\"no-counterexample\""), page);
    assertFalse(page.contains("<svg"), page);
  }

  @Test
  void diagramAndHtml_sameFile_orUnwritableDirectory_isBadInput_andWritesNothing(@TempDir Path dir) {
    Path f = dir.resolve("x.out");
    Result same = explore(PROBE_RACE, dir, "--diagram", f.toString(), "--html", f.toString());
    assertEquals(64, same.code(), same.out() + same.err());
    assertTrue(same.err().contains("--diagram and --html name the same file"), same.err());
    Result missing = explore(PROBE_RACE, dir, "--html", dir.resolve("no/such/dir/x.html").toString());
    assertEquals(64, missing.code(), missing.out() + missing.err());
    assertFalse(Files.exists(f));
  }

  @Test
  void html_isOnePage_withTheClassesTheirCountsTheChartAndTheReplayCommand_escaped(@TempDir Path dir)
      throws Exception {
    Path html = dir.resolve("race.html");
    Result r = explore(PROBE_RACE, dir, "--html", html.toString(), "--json");
    assertEquals(1, r.code(), r.out() + r.err());
    String page = Files.readString(html);
    assertTrue(page.startsWith("<!DOCTYPE html>"), page);
    assertEquals(6, page.split("<td class=\"verdict\">", -1).length - 1, "six outcome classes");
    assertEquals(4, page.split("<td class=\"verdict\">VIOLATION", -1).length - 1, "four violating");
    assertTrue(page.contains("<li>receipts r2.t0#0&lt;-0#0</li>"), "outcome parts escaped");
    assertTrue(page.contains("<pre id=\"replay\"><code>./matchpoint replay " + PROBE_RACE
        + " --mode logical --schedule &#39;0*4.1.0.2&#39;</code></pre>"), page);
    int chart = page.indexOf("<figure id=\"chart\">\n<svg");
    assertTrue(chart > 0, "the chart inline");
    parse(page.substring(chart + "<figure id=\"chart\">\n".length(), page.indexOf("</figure>", chart))
        .getBytes(StandardCharsets.UTF_8));
    for (String fetch : List.of("<script", " src=", " href=", "url(", "@import", "<link")) {
      assertFalse(page.contains(fetch), "self-contained: " + fetch);
    }
  }

  @Test
  void escape_showsCreoleMarkupAndPreprocessorText_literally() throws Exception {
    String nasty = "a--b **c** //d// __e__ <b>f</b> [[g]] #1 ~h \\n %date() $x & \"q\"";
    String source = "@startuml\nparticipant \"L\" as L0\nL0 -> L0 : " + ExploreChart.escape(nasty) + "\n@enduml\n";
    Document d = parse(ExploreChart.svg(source));
    assertEquals(List.of(nasty), texts(groups(d, "message").get(0)));
  }
}
