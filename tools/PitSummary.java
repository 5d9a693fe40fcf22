import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * Summarises a PIT report directory (the mutation profile writes properties/target/pit-reports):
 * per package the mutants, the share killed (PIT's "mutation coverage": every detected mutant,
 * timed out included), the test strength (killed among the mutants some test covers) and the line
 * coverage; then the classes with the most surviving mutants.
 *
 * <p>Run it with the JDK alone, from the repository root:
 * {@code java tools/PitSummary.java [report-dir] [classes-to-list]} (defaults:
 * properties/target/pit-reports, 10). Mutant figures come from mutations.xml; line coverage,
 * which the XML does not carry, from the package table of PIT's index.html.
 */
public final class PitSummary {

  /** Counts for one package or one class. */
  static final class Tally {
    int mutants;
    int killed;
    int survived;
    int noCoverage;

    void add(String status, boolean detected) {
      mutants++;
      if (detected) {
        killed++;
      } else if (status.equals("NO_COVERAGE")) {
        noCoverage++;
      } else {
        survived++;
      }
    }

    String killedPercent() {
      return percent(killed, mutants);
    }

    String strengthPercent() {
      return percent(killed, mutants - noCoverage);
    }
  }

  public static void main(String[] args) throws Exception {
    Path dir = Path.of(args.length > 0 ? args[0] : "properties/target/pit-reports");
    int worst = args.length > 1 ? Integer.parseInt(args[1]) : 10;
    Map<String, Tally> packages = new TreeMap<>();
    Map<String, Tally> classes = new TreeMap<>();
    NodeList mutations = DocumentBuilderFactory.newInstance().newDocumentBuilder()
        .parse(dir.resolve("mutations.xml").toFile()).getElementsByTagName("mutation");
    for (int i = 0; i < mutations.getLength(); i++) {
      Element m = (Element) mutations.item(i);
      String mutated = m.getElementsByTagName("mutatedClass").item(0).getTextContent();
      String topLevel = mutated.replaceFirst("\\$.*", "");
      String status = m.getAttribute("status");
      boolean detected = Boolean.parseBoolean(m.getAttribute("detected"));
      packages.computeIfAbsent(topLevel.substring(0, topLevel.lastIndexOf('.')), k -> new Tally())
          .add(status, detected);
      classes.computeIfAbsent(topLevel, k -> new Tally()).add(status, detected);
    }
    Map<String, String> lines = lineCoverage(dir.resolve("index.html"));
    Tally all = new Tally();
    System.out.printf("%-28s %8s %8s %9s %20s%n", "package", "mutants", "killed", "strength",
        "line coverage");
    for (Map.Entry<String, Tally> e : packages.entrySet()) {
      Tally t = e.getValue();
      System.out.printf("%-28s %8d %8s %9s %20s%n", e.getKey(), t.mutants, t.killedPercent(),
          t.strengthPercent(), lines.getOrDefault(e.getKey(), "-"));
      all.mutants += t.mutants;
      all.killed += t.killed;
      all.survived += t.survived;
      all.noCoverage += t.noCoverage;
    }
    System.out.printf("%-28s %8d %8s %9s %20s%n%n", "all", all.mutants, all.killedPercent(),
        all.strengthPercent(), lines.getOrDefault("", "-"));
    List<Map.Entry<String, Tally>> ranked = new ArrayList<>(classes.entrySet());
    ranked.sort((a, b) -> Integer.compare(
        b.getValue().survived + b.getValue().noCoverage, a.getValue().survived + a.getValue().noCoverage));
    System.out.printf("%-48s %8s %8s %9s %12s%n", "class (most mutants alive)", "mutants", "killed",
        "survived", "no coverage");
    for (Map.Entry<String, Tally> e : ranked.subList(0, Math.min(worst, ranked.size()))) {
      Tally t = e.getValue();
      System.out.printf("%-48s %8d %8s %9d %12d%n", e.getKey().replace("dev.matchpoint.", ""),
          t.mutants, t.killedPercent(), t.survived, t.noCoverage);
    }
  }

  /** Package name (and "" for the project) to "covered/lines (percent)", from PIT's index.html. */
  static Map<String, String> lineCoverage(Path index) throws IOException {
    Map<String, String> byPackage = new TreeMap<>();
    if (!Files.exists(index)) {
      return byPackage;
    }
    String html = Files.readString(index);
    Matcher total = Pattern.compile("coverage_legend\">(\\d+)/(\\d+)<").matcher(html);
    if (total.find()) {
      byPackage.put("", fraction(total));
    }
    Matcher row = Pattern.compile(
        "index\\.html\">([\\w.]+)</a>.*?coverage_legend\">(\\d+)/(\\d+)<", Pattern.DOTALL).matcher(html);
    while (row.find()) {
      byPackage.put(row.group(1), row.group(2) + "/" + row.group(3) + " ("
          + percent(Integer.parseInt(row.group(2)), Integer.parseInt(row.group(3))) + ")");
    }
    return byPackage;
  }

  private static String fraction(Matcher m) {
    int covered = Integer.parseInt(m.group(1));
    int total = Integer.parseInt(m.group(2));
    return covered + "/" + total + " (" + percent(covered, total) + ")";
  }

  private static String percent(int part, int whole) {
    return whole == 0 ? "-" : String.format("%.1f%%", 100.0 * part / whole);
  }
}
