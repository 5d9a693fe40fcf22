package dev.matchpoint.properties.conformance;

import dev.matchpoint.properties.conformance.JavaTokens.Kind;
import dev.matchpoint.properties.conformance.JavaTokens.Token;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Generates {@code docs/conformance.md}, the conformance catalogue: every clause that a test names
 * with {@code @SpecClause(source = ..., text = ...)}, grouped by source, with the tests that check
 * it. It reads source text, not classes, so it covers every module's tests ({@code
 * <module>/src/test/java/**}{@code /*.java}, modules in the root pom's order) without loading them.
 * Annotation arguments may concatenate string literals and {@code static final String} constants of
 * the same file or statically imported, by name, from another test source of the same module
 * ({@code import static p.Type.NAME;} with {@code p/Type.java} beside it); anything else is an
 * error that names the file and line.
 *
 * <p>Run it with {@value #COMMAND}; {@code ConformanceCatalogueTest} fails the default build when
 * the committed file differs from what this generates.
 */
public final class ConformanceCatalogue {
  /** The command that regenerates the catalogue, from the repository root. */
  public static final String COMMAND = "mvn -B -q -Pconformance -pl properties -am process-test-classes";
  /** Where the catalogue lives, relative to the repository root. */
  public static final String OUTPUT = "docs/conformance.md";

  private static final Pattern MODULE = Pattern.compile("<module>([^<]+)</module>");
  private static final Pattern STATIC_IMPORT = Pattern.compile("import\\s+static\\s+([\\w.]+)\\.(\\w+)\\s*;");

  private ConformanceCatalogue() {}

  /**
   * One annotation on one test.
   *
   * @param source where the sentence is, e.g. {@code MPI-3.1 §3.5}
   * @param text the sentence
   * @param module the module of the test
   * @param file the test's file, relative to the repository root, with forward slashes
   * @param type the file's top-level type
   * @param member the annotated method, or empty for an annotated type
   * @param line the annotation's line
   */
  record Clause(String source, String text, String module, String file, String type, String member, int line) {
    String test() {
      return member.isEmpty() ? type : type + "#" + member;
    }
  }

  /**
   * Writes the catalogue.
   *
   * @param args optionally a directory inside the repository (default: the working directory)
   * @throws IOException when a file cannot be read or written
   */
  public static void main(String[] args) throws IOException {
    Path root = findRoot(Path.of(args.length > 0 ? args[0] : "").toAbsolutePath());
    List<Clause> clauses = scan(root);
    Path out = root.resolve(OUTPUT);
    Files.createDirectories(out.getParent());
    Files.writeString(out, render(clauses), StandardCharsets.UTF_8);
    System.out.println("wrote " + OUTPUT + ": " + clauses.size() + " annotations");
  }

  /**
   * The repository root: the nearest directory at or above {@code start} whose {@code pom.xml} lists
   * the {@code properties} module.
   *
   * @param start a directory inside the repository
   * @return the root
   * @throws IllegalStateException when there is none
   */
  static Path findRoot(Path start) {
    for (Path dir = start; dir != null; dir = dir.getParent()) {
      Path pom = dir.resolve("pom.xml");
      if (Files.isRegularFile(pom) && read(pom).contains("<module>properties</module>")) {
        return dir;
      }
    }
    throw new IllegalStateException("no pom.xml with <module>properties</module> at or above " + start);
  }

  /**
   * The modules of the root pom, in order.
   *
   * @param root the repository root
   * @return the module directory names
   */
  static List<String> modules(Path root) {
    List<String> out = new ArrayList<>();
    Matcher m = MODULE.matcher(read(root.resolve("pom.xml")));
    while (m.find()) {
      out.add(m.group(1).trim());
    }
    return out;
  }

  /**
   * Every {@code @SpecClause} in every module's test sources, files in path order.
   *
   * @param root the repository root
   * @return the clauses
   */
  static List<Clause> scan(Path root) {
    List<Clause> out = new ArrayList<>();
    for (String module : modules(root)) {
      Path tests = root.resolve(module).resolve("src/test/java");
      if (!Files.isDirectory(tests)) {
        continue;
      }
      List<Path> files;
      try (Stream<Path> walk = Files.walk(tests)) {
        files = walk.filter(p -> p.toString().endsWith(".java")).sorted().toList();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      for (Path f : files) {
        String rel = root.relativize(f).toString().replace('\\', '/');
        String src = read(f);
        out.addAll(parse(module, rel, src, imported(root, tests, src)));
      }
    }
    return out;
  }

  /**
   * The {@code @SpecClause} annotations of one source file.
   *
   * @param module the module
   * @param file the file's path relative to the root
   * @param src the file's text
   * @return the clauses, in file order
   * @throws IllegalArgumentException naming the file and line of an annotation it cannot read
   */
  static List<Clause> parse(String module, String file, String src) {
    return parse(module, file, src, Map.of());
  }

  /**
   * As {@link #parse(String, String, String)}, with constants imported from other files.
   *
   * @param imported constants by simple name, which the file's own constants of that name hide
   */
  static List<Clause> parse(String module, String file, String src, Map<String, String> imported) {
    List<Token> t = JavaTokens.lex(src);
    String type = file.substring(file.lastIndexOf('/') + 1).replace(".java", "");
    Map<String, String> constants = new TreeMap<>(imported);
    constants.putAll(constants(t, file));
    List<Clause> out = new ArrayList<>();
    for (int i = 0; i + 2 < t.size(); i++) {
      if (!(t.get(i).is("@") && t.get(i + 1).isIdent("SpecClause") && t.get(i + 2).is("("))) {
        continue;
      }
      int line = t.get(i).line();
      Map<String, String> args = new TreeMap<>();
      int[] pos = {i + 3};
      while (!t.get(pos[0]).is(")")) {
        Token name = t.get(pos[0]);
        if (name.kind() != Kind.IDENT || !t.get(pos[0] + 1).is("=")) {
          throw error(file, name.line(), "expected source = ... or text = ...");
        }
        pos[0] += 2;
        args.put(name.text(), expression(t, pos, constants, file));
        if (t.get(pos[0]).is(",")) {
          pos[0]++;
        }
      }
      if (!args.containsKey("source") || !args.containsKey("text")) {
        throw error(file, line, "@SpecClause needs source and text");
      }
      out.add(new Clause(args.get("source"), args.get("text"), module, file, type, member(t, pos[0] + 1), line));
      i = pos[0];
    }
    return out;
  }

  /**
   * The String constants a file imports by name ({@code import static p.Type.NAME;}) from a test
   * source of the same module, {@code tests/p/Type.java}; imports of anything else are skipped.
   */
  private static Map<String, String> imported(Path root, Path tests, String src) {
    Map<String, String> out = new TreeMap<>();
    Matcher m = STATIC_IMPORT.matcher(src);
    while (m.find()) {
      Path from = tests.resolve(m.group(1).replace('.', '/') + ".java");
      if (Files.isRegularFile(from)) {
        String value = constants(JavaTokens.lex(read(from)), root.relativize(from).toString()).get(m.group(2));
        if (value != null) {
          out.put(m.group(2), value);
        }
      }
    }
    return out;
  }

  /** String constants: {@code String NAME = "..." + OTHER;}, readable ones only. */
  private static Map<String, String> constants(List<Token> t, String file) {
    Map<String, String> out = new TreeMap<>();
    for (int i = 0; i + 3 < t.size(); i++) {
      if (t.get(i).isIdent("String") && t.get(i + 1).kind() == Kind.IDENT && t.get(i + 2).is("=")) {
        int[] pos = {i + 3};
        try {
          String value = expression(t, pos, out, file);
          if (t.get(pos[0]).is(";")) {
            out.put(t.get(i + 1).text(), value);
          }
        } catch (IllegalArgumentException notAConstant) {
          // e.g. String s = compute(); not something an annotation can name
        }
      }
    }
    return out;
  }

  /** {@code term ("+" term)*}, a term a string literal or a known constant; advances {@code pos}. */
  private static String expression(List<Token> t, int[] pos, Map<String, String> constants, String file) {
    StringBuilder sb = new StringBuilder();
    while (true) {
      Token term = t.get(pos[0]);
      if (term.kind() == Kind.STRING) {
        sb.append(term.text());
      } else if (term.kind() == Kind.IDENT && constants.containsKey(term.text())) {
        sb.append(constants.get(term.text()));
      } else {
        throw error(file, term.line(), "expected a string literal or a String constant of this file, got '"
            + term.text() + "'");
      }
      pos[0]++;
      if (!t.get(pos[0]).is("+")) {
        return sb.toString();
      }
      pos[0]++;
    }
  }

  /** The annotated member after position {@code i}: a method's name, or empty for a type. */
  private static String member(List<Token> t, int i) {
    while (i < t.size()) {
      Token k = t.get(i);
      if (k.is("@") && !t.get(i + 1).isIdent("interface")) {
        i += 2;
        while (t.get(i).is(".") && t.get(i + 1).kind() == Kind.IDENT) {
          i += 2;
        }
        if (t.get(i).is("(")) {
          int depth = 0;
          do {
            depth += t.get(i).is("(") ? 1 : t.get(i).is(")") ? -1 : 0;
            i++;
          } while (depth > 0);
        }
      } else if (k.kind() == Kind.IDENT && Set.of("class", "interface", "record", "enum").contains(k.text())) {
        return "";
      } else if (k.is("(")) {
        return t.get(i - 1).text();
      } else {
        i++;
      }
    }
    return "";
  }

  /**
   * Orders sources naturally: runs of digits compare as numbers ({@code §3.8 < §3.10}), the rest
   * case-insensitively, then exactly.
   */
  static final Comparator<String> NATURAL = (a, b) -> {
    List<String> x = chunks(a);
    List<String> y = chunks(b);
    for (int i = 0; i < Math.min(x.size(), y.size()); i++) {
      String p = x.get(i);
      String q = y.get(i);
      int c;
      if (Character.isDigit(p.charAt(0)) && Character.isDigit(q.charAt(0))) {
        c = new java.math.BigInteger(p).compareTo(new java.math.BigInteger(q));
      } else {
        c = p.compareToIgnoreCase(q);
      }
      if (c != 0) {
        return c;
      }
    }
    return x.size() != y.size() ? Integer.compare(x.size(), y.size()) : a.compareTo(b);
  };

  private static List<String> chunks(String s) {
    List<String> out = new ArrayList<>();
    Matcher m = Pattern.compile("\\d+|\\D+").matcher(s);
    while (m.find()) {
      out.add(m.group());
    }
    return out;
  }

  /**
   * The catalogue's Markdown.
   *
   * @param clauses every annotation
   * @return the file's text
   */
  static String render(List<Clause> clauses) {
    // source -> clause text -> tests (file, test name), all sorted
    Map<String, Map<String, Set<List<String>>>> bySource = new TreeMap<>(NATURAL);
    Set<String> tests = new TreeSet<>();
    for (Clause c : clauses) {
      bySource.computeIfAbsent(c.source(), k -> new TreeMap<>(NATURAL))
          .computeIfAbsent(c.text(), k -> new TreeSet<>(Comparator.comparing((List<String> l) -> l.get(0))
              .thenComparing(l -> l.get(1))))
          .add(List.of(c.file(), c.test(), c.module()));
      tests.add(c.file() + "#" + c.member());
    }
    int clauseCount = bySource.values().stream().mapToInt(Map::size).sum();
    StringBuilder sb = new StringBuilder();
    sb.append("# Conformance catalogue\n\n");
    sb.append("<!-- Generated by dev.matchpoint.properties.conformance.ConformanceCatalogue from the @SpecClause\n");
    sb.append("     annotations of every module's tests. Do not edit by hand: regenerate it. -->\n\n");
    sb.append("Every sentence of the MPI standard, of the seed papers and of the design that a test checks,\n");
    sb.append("with the tests that check it, from the `@SpecClause(source = ..., text = ...)` annotations on\n");
    sb.append("the tests and properties of every module. `ConformanceCatalogueTest` regenerates this file in\n");
    sb.append("memory in every build and fails when the committed copy differs. After adding or changing an\n");
    sb.append("annotation, regenerate it from the repository root with\n\n");
    sb.append("    ").append(COMMAND).append("\n\n");
    sb.append(clauseCount).append(" clauses from ").append(bySource.size()).append(" sources, checked by ")
        .append(tests.size()).append(" tests.\n\n");
    sb.append("| Source | Clauses |\n|---|---|\n");
    bySource.forEach((source, texts) -> sb.append("| [").append(cell(source)).append("](#").append(slug(source))
        .append(") | ").append(texts.size()).append(" |\n"));
    bySource.forEach((source, texts) -> {
      sb.append("\n## ").append(source).append("\n\n| Clause | Checked by |\n|---|---|\n");
      texts.forEach((text, checkers) -> {
        List<String> links = new ArrayList<>();
        for (List<String> c : checkers) {
          links.add("[`" + c.get(1) + "`](../" + c.get(0) + ") (" + c.get(2) + ")");
        }
        sb.append("| ").append(cell(text)).append(" | ").append(String.join("<br>", links)).append(" |\n");
      });
    });
    return sb.toString();
  }

  private static String cell(String s) {
    return s.replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ");
  }

  /** GitHub's heading anchor: lower case, letters, digits, spaces as hyphens, hyphens and underscores. */
  static String slug(String heading) {
    StringBuilder sb = new StringBuilder();
    for (int cp : heading.toLowerCase(java.util.Locale.ROOT).codePoints().toArray()) {
      if (Character.isLetterOrDigit(cp) || cp == '-' || cp == '_') {
        sb.appendCodePoint(cp);
      } else if (cp == ' ') {
        sb.append('-');
      }
    }
    return sb.toString();
  }

  private static String read(Path p) {
    try {
      return Files.readString(p, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static IllegalArgumentException error(String file, int line, String what) {
    return new IllegalArgumentException(file + ":" + line + ": " + what);
  }
}
