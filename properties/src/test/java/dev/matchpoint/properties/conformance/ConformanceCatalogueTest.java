package dev.matchpoint.properties.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.matchpoint.mpi.SpecClause;
import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import net.jqwik.api.Example;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/** The conformance catalogue is current, and every property and example of the suite names its clause. */
class ConformanceCatalogueTest {
  private static final Path ROOT = ConformanceCatalogue.findRoot(Path.of("").toAbsolutePath());

  @Test
  void committedCatalogue_isWhatTheAnnotationsGenerate() throws IOException {
    String expected = ConformanceCatalogue.render(ConformanceCatalogue.scan(ROOT));
    Path file = ROOT.resolve(ConformanceCatalogue.OUTPUT);
    String actual = Files.isRegularFile(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
    if (!expected.equals(actual)) {
      String[] e = expected.split("\n", -1);
      String[] a = actual.split("\n", -1);
      int line = 0;
      while (line < Math.min(e.length, a.length) && e[line].equals(a[line])) {
        line++;
      }
      fail(ConformanceCatalogue.OUTPUT + " is stale (it differs from the @SpecClause annotations from line "
          + (line + 1) + ").\n  generated: " + (line < e.length ? e[line] : "<end of file>") + "\n  committed: "
          + (line < a.length ? a[line] : "<end of file>") + "\nRegenerate it from the repository root with\n  "
          + ConformanceCatalogue.COMMAND + "\nand commit it.");
    }
  }

  /** Every @Property and @Example of the suite, except the generators' own tests here and in arbitraries. */
  @Test
  void everyPropertyAndExampleOfTheSuite_namesItsClause() throws Exception {
    Path tests = ROOT.resolve("properties/src/test/java");
    List<String> missing = new ArrayList<>();
    int checked = 0;
    try (Stream<Path> walk = Files.walk(tests)) {
      for (Path p : walk.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
        String name = tests.relativize(p).toString().replace('/', '.').replace('\\', '.').replaceAll("\\.java$", "");
        if (name.startsWith("dev.matchpoint.properties.arbitraries.")
            || name.startsWith("dev.matchpoint.properties.conformance.")) {
          continue;
        }
        for (Method m : Class.forName(name).getDeclaredMethods()) {
          if (m.isAnnotationPresent(Property.class) || m.isAnnotationPresent(Example.class)) {
            checked++;
            if (m.getAnnotationsByType(SpecClause.class).length == 0) {
              missing.add(name + "#" + m.getName());
            }
          }
        }
      }
    }
    assertTrue(checked >= 10, "found only " + checked + " properties and examples");
    assertEquals(List.of(), missing, "properties and examples without @SpecClause");
  }

  @Test
  void parse_readsConcatenationConstantsRepeatsAndTheAnnotatedMember() {
    String src = String.join("\n",
        "class Demo {",
        "  private static final String ORDER = \"Messages are \" + \"non-overtaking.\";",
        "  // @SpecClause(source = \"in a comment\", text = \"ignored\")",
        "  String s = \"@SpecClause(source = \\\"in a string\\\", text = \\\"ignored\\\")\";",
        "  @Property(tries = 3)",
        "  @SpecClause(source = \"MPI-3.1 §3.5\", text = ORDER)",
        "  @SpecClause(source = \"seed 000 §1\",",
        "      text = \"a | b \" + \"c\")",
        "  @Label(\"x\")",
        "  <T> void order_holds(@ForAll int x) {}",
        "}");
    List<ConformanceCatalogue.Clause> clauses = ConformanceCatalogue.parse("m", "m/src/test/java/Demo.java", src);
    assertEquals(2, clauses.size(), clauses.toString());
    assertEquals("MPI-3.1 §3.5", clauses.get(0).source());
    assertEquals("Messages are non-overtaking.", clauses.get(0).text());
    assertEquals("Demo#order_holds", clauses.get(0).test());
    assertEquals("a | b c", clauses.get(1).text());
    assertEquals(6, clauses.get(0).line());
    String md = ConformanceCatalogue.render(clauses);
    assertTrue(md.contains("| a \\| b c | [`Demo#order_holds`](../m/src/test/java/Demo.java) (m) |"), md);
    assertTrue(md.contains("| [MPI-3.1 §3.5](#mpi-31-35) | 1 |"), md);
  }

  @Test
  void parse_rejectsAnArgumentItCannotRead_namingFileAndLine() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ConformanceCatalogue.parse("m",
        "F.java", "class F {\n  @SpecClause(source = \"x\", text = compute())\n  void f() {}\n}"));
    assertTrue(e.getMessage().startsWith("F.java:2:"), e.getMessage());
  }

  @Test
  void scan_readsAConstantImportedStaticallyFromAnotherTestSourceOfTheModule(@org.junit.jupiter.api.io.TempDir Path root)
      throws IOException {
    Files.writeString(root.resolve("pom.xml"), "<modules><module>m</module></modules>");
    Path p = Files.createDirectories(root.resolve("m/src/test/java/p"));
    Files.writeString(p.resolve("Texts.java"),
        "package p;\nfinal class Texts {\n  static final String RULE = \"Messages are \" + \"non-overtaking.\";\n}\n");
    Files.writeString(p.resolve("UsesTest.java"), String.join("\n",
        "package p;",
        "import static p.Texts.RULE;",
        "import static org.junit.jupiter.api.Assertions.assertEquals;",
        "class UsesTest {",
        "  @SpecClause(source = \"MPI-3.1 §3.5\", text = RULE)",
        "  void order() {}",
        "}"));
    List<ConformanceCatalogue.Clause> clauses = ConformanceCatalogue.scan(root);
    assertEquals(1, clauses.size(), clauses.toString());
    assertEquals("Messages are non-overtaking.", clauses.get(0).text());
    assertEquals("UsesTest#order", clauses.get(0).test());
  }

  @Test
  void sources_sortNaturally() {
    List<String> sources = new ArrayList<>(List.of("seed 004", "MPI-3.1 §3.10", "MPI-3.1 §3.8.2", "MPI-2.2 §3.8",
        "DESIGN §5", "MPI-3.1 §3.5", "seed 000 §3.2", "seed 000 §1"));
    sources.sort(ConformanceCatalogue.NATURAL);
    assertEquals(List.of("DESIGN §5", "MPI-2.2 §3.8", "MPI-3.1 §3.5", "MPI-3.1 §3.8.2", "MPI-3.1 §3.10",
        "seed 000 §1", "seed 000 §3.2", "seed 004"), sources);
  }
}
