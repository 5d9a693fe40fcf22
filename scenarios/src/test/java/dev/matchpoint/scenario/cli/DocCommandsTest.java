package dev.matchpoint.scenario.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.matchpoint.scenario.cli.CliTest.Result;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import picocli.CommandLine;

/**
 * Every command in README.md and the Markdown files under docs/ is a golden test, in the spirit of SimGrid's tesh: in a
 * {@code console} block, {@code $ ./matchpoint ARGS   # exit N} is run in-process through the
 * command line's entry point from the repository root (this test's JVM runs in target/doc-commands,
 * where {@code scenarios} links to the module), and the lines after it must be what it prints
 * (standard output, then standard error), {@code ...} standing for any lines. The convention is
 * described at the top of docs/cli.md. A {@code ./matchpoint ARGS} anywhere else (a line of another
 * code block, an inline code span) that is not one of the golden commands fails the test:
 * documented commands cannot drift. The examples in every {@code --help} run too.
 */
class DocCommandsTest {
  private static final Pattern FENCE = Pattern.compile("^\\s*```\\s*([A-Za-z0-9_-]*)\\s*$");
  private static final Pattern COMMAND = Pattern.compile("^\\$ (\\./matchpoint(?: .*?)?)\\s+# exit (\\d+)\\b.*$");
  /** A line that runs the launcher: optional prompt, optional VAR=value words, then ./matchpoint. */
  private static final Pattern LAUNCHER_LINE = Pattern.compile("^\\s*(\\$\\s+)?([A-Za-z_][A-Za-z0-9_]*=\\S*\\s+)*"
      + "\\./matchpoint(\\s|$).*");
  private static final Pattern INLINE = Pattern.compile("`(\\./matchpoint\\s[^`]*)`");

  private static Path root;

  /** One documented command. */
  record Golden(String where, String command, int exit, List<String> expected) {}

  /**
   * What a document holds: its golden commands; the commands it mentions elsewhere (in prose or
   * another code block), each of which must be one of the golden commands; and what breaks the
   * convention.
   */
  record Doc(List<Golden> golden, List<String> inline, List<String> problems) {}

  @BeforeAll
  static void linkTheRepository() throws IOException {
    String property = System.getProperty("matchpoint.root");
    assumeTrue(property != null, "run by the build's doc-commands execution (mvn test), which sets matchpoint.root");
    root = Path.of(property).toRealPath();
    Path link = Path.of("scenarios");
    if (!Files.exists(link)) {
      Files.createSymbolicLink(link, root.resolve("scenarios"));
    }
  }

  private static List<Path> documents() throws IOException {
    List<Path> docs = new ArrayList<>(List.of(root.resolve("README.md")));
    try (Stream<Path> s = Files.walk(root.resolve("docs"))) {
      s.filter(p -> p.toString().endsWith(".md")).sorted().forEach(docs::add);
    }
    return docs;
  }

  /**
   * Reads a document's commands.
   *
   * @param name the document's name in messages
   * @param lines its lines
   * @return the commands and the problems
   */
  static Doc parse(String name, List<String> lines) {
    List<Golden> golden = new ArrayList<>();
    List<String> inline = new ArrayList<>();
    List<String> problems = new ArrayList<>();
    String block = null;
    Golden current = null;
    StringBuilder prose = new StringBuilder();
    List<Integer> proseLines = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      String where = name + ":" + (i + 1);
      Matcher fence = FENCE.matcher(line);
      if (fence.matches()) {
        if (block == null) {
          block = fence.group(1);
          current = null;
        } else {
          block = null;
        }
        continue;
      }
      if (block == null) {
        prose.append(line).append('\n');
        proseLines.add(i + 1);
      } else if (block.equals("console")) {
        Matcher m = COMMAND.matcher(line);
        if (m.matches()) {
          current = new Golden(where, m.group(1), Integer.parseInt(m.group(2)), new ArrayList<>());
          golden.add(current);
        } else if (line.startsWith("$")) {
          problems.add(where + ": a console block's command is '$ ./matchpoint ARGS   # exit N': " + line);
        } else if (current == null) {
          problems.add(where + ": output before the first '$ ./matchpoint' command of a console block: " + line);
        } else {
          current.expected().add(line.stripTrailing());
        }
      } else if (LAUNCHER_LINE.matcher(line).matches()) {
        String command = line.strip().replaceFirst("^\\$\\s+", "").replaceFirst("\\s+#.*$", "");
        if (command.startsWith("./matchpoint")) {
          inline.add(where + " " + command);
        } else {
          problems.add(where + ": a ./matchpoint command with a prefix cannot be a golden test: " + line);
        }
      }
    }
    // Inline code spans may run over a line break: look for them in the prose as a whole.
    Matcher m = INLINE.matcher(prose);
    while (m.find()) {
      int line = (int) prose.substring(0, m.start()).chars().filter(c -> c == '\n').count();
      inline.add(name + ":" + proseLines.get(line) + " " + m.group(1).replaceAll("\\s+", " ").strip());
    }
    inline.sort(java.util.Comparator.comparingInt(in -> Integer.parseInt(in.substring(name.length() + 1,
        in.indexOf(' ')))));
    return new Doc(golden, inline, problems);
  }

  private static List<Doc> all() throws IOException {
    List<Doc> docs = new ArrayList<>();
    for (Path p : documents()) {
      docs.add(parse(root.relativize(p).toString(), Files.readAllLines(p, StandardCharsets.UTF_8)));
    }
    return docs;
  }

  @Test
  void everyDocumentedCommand_isAGoldenTest() throws IOException {
    List<String> problems = new ArrayList<>();
    List<String> commands = new ArrayList<>();
    List<Doc> docs = all();
    docs.forEach(d -> d.golden().forEach(g -> commands.add(g.command())));
    for (Doc d : docs) {
      problems.addAll(d.problems());
      for (String in : d.inline()) {
        String command = in.substring(in.indexOf(' ') + 1);
        if (!commands.contains(command)) {
          problems.add(in.substring(0, in.indexOf(' ')) + ": " + command + " is not one of the golden commands (give "
              + "it a console block: '$ ./matchpoint ARGS   # exit N' and its output; a synopsis says 'matchpoint "
              + "...', without './')");
        }
      }
    }
    assertEquals(List.of(), problems);
    assertTrue(commands.size() >= 10, "the README and docs/cli.md show the commands: " + commands);
  }

  @TestFactory
  Stream<DynamicTest> documentedCommands_exitAndPrintAsDocumented() throws IOException {
    List<DynamicTest> tests = new ArrayList<>();
    for (Doc d : all()) {
      for (Golden g : d.golden()) {
        tests.add(DynamicTest.dynamicTest(g.where() + " " + g.command(), () -> check(g)));
      }
    }
    return tests.stream();
  }

  private static void check(Golden g) {
    List<String> args = words(g.command());
    Result r = CliTest.run(args.subList(1, args.size()).toArray(new String[0]));
    List<String> printed = (r.out() + r.err()).lines().map(String::stripTrailing).toList();
    String shown = g.where() + " $ " + g.command() + "\nprinted (exit " + r.code() + "):\n" + String.join("\n", printed);
    assertEquals(g.exit(), r.code(), "exit code of " + shown);
    String problem = match(g.expected(), printed);
    if (problem != null) {
      fail(problem + "\n" + shown);
    }
  }

  /**
   * Whether printed lines are what a block shows: the shown lines in order and consecutive, a
   * {@code ...} line standing for any lines (none included), also before the first or after the last.
   *
   * @param expected the block's lines after the command
   * @param printed what the command printed
   * @return null when they match, else what is missing
   */
  static String match(List<String> expected, List<String> printed) {
    List<List<String>> runs = new ArrayList<>();
    List<String> run = new ArrayList<>();
    boolean openStart = !expected.isEmpty() && expected.get(0).equals("...");
    boolean openEnd = !expected.isEmpty() && expected.get(expected.size() - 1).equals("...");
    for (String e : expected) {
      if (e.equals("...")) {
        runs.add(run);
        run = new ArrayList<>();
      } else {
        run.add(e);
      }
    }
    runs.add(run);
    int at = 0;
    for (int k = 0; k < runs.size(); k++) {
      List<String> want = runs.get(k);
      if (want.isEmpty()) {
        continue;
      }
      int found = -1;
      for (int i = at; i + want.size() <= printed.size() && found < 0; i++) {
        if (printed.subList(i, i + want.size()).equals(want) && (i == at || k > 0 || openStart)) {
          found = i;
        }
      }
      if (found < 0) {
        return "not printed" + (k == 0 && !openStart ? " from the first line" : " after line " + at) + ":\n  "
            + String.join("\n  ", want);
      }
      at = found + want.size();
    }
    return openEnd || at == printed.size() ? null : "printed more after line " + at + " (end the block with '...')";
  }

  /**
   * Splits a command line as a POSIX shell would, for the quoting the docs use: words separated by
   * blanks, '...' and "..." quoting, a backslash escaping one character. Redirections, pipes,
   * variables and command substitution are refused: the commands run in-process, not in a shell.
   *
   * @param line the command line
   * @return the words
   */
  static List<String> words(String line) {
    List<String> words = new ArrayList<>();
    StringBuilder w = null;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (c == ' ' || c == '\t') {
        if (w != null) {
          words.add(w.toString());
          w = null;
        }
        continue;
      }
      if (w == null) {
        w = new StringBuilder();
      }
      if (c == '\'') {
        int end = line.indexOf('\'', i + 1);
        assertTrue(end > 0, "unterminated ' in " + line);
        w.append(line, i + 1, end);
        i = end;
      } else if (c == '"') {
        int end = line.indexOf('"', i + 1);
        assertTrue(end > 0, "unterminated \" in " + line);
        String quoted = line.substring(i + 1, end);
        assertTrue(quoted.indexOf('$') < 0 && quoted.indexOf('`') < 0 && quoted.indexOf('\\') < 0,
            "no expansion in double quotes: " + line);
        w.append(quoted);
        i = end;
      } else if (c == '\\' && i + 1 < line.length()) {
        w.append(line.charAt(++i));
      } else {
        assertTrue("|&;<>()$`*?[#~".indexOf(c) < 0, "not a plain command ('" + c + "'): " + line);
        w.append(c);
      }
    }
    if (w != null) {
      words.add(w.toString());
    }
    return words;
  }

  @Test
  void theConventionsParts_workAsDocumented() {
    assertEquals(List.of("./matchpoint", "replay", "x.yaml", "--schedule", "0*4.1", "a b", "it's"),
        words("./matchpoint replay x.yaml --schedule '0*4.1' \"a b\" it\\'s"));
    Doc d = parse("t.md", List.of("```console", "$ ./matchpoint list   # exit 0", "a", "...", "c", "```",
        "```bash", "./matchpoint run x", "MATCHPOINT_JAVA_OPTS=-Xmx1g ./matchpoint list", "mvn -B verify", "```",
        "see `./matchpoint list` and `./matchpoint run", "y`", "```console", "$ ./matchpoint list", "```"));
    assertEquals(List.of(new Golden("t.md:2", "./matchpoint list", 0, List.of("a", "...", "c"))), d.golden());
    assertEquals(List.of("t.md:8 ./matchpoint run x", "t.md:12 ./matchpoint list", "t.md:12 ./matchpoint run y"),
        d.inline());
    assertEquals(2, d.problems().size(), d.problems().toString());
    assertEquals(null, match(List.of("a", "...", "c"), List.of("a", "b", "b", "c")));
    assertEquals(null, match(List.of("...", "b", "..."), List.of("a", "b", "c")));
    assertNotEquals(null, match(List.of("b", "..."), List.of("a", "b", "c")));
    assertNotEquals(null, match(List.of("...", "b"), List.of("a", "b", "c")));
    assertNotEquals(null, match(List.of("a", "c"), List.of("a", "b", "c")));
  }

  /** Every example in a {@code --help} text, run from the repository root, is not refused as bad input. */
  @Test
  void helpExamples_runWithoutBadInput() {
    List<String> run = new ArrayList<>();
    CommandLine main = Main.commandLine();
    List<CommandLine> commands = new ArrayList<>(List.of(main));
    commands.addAll(main.getSubcommands().values());
    for (CommandLine c : commands) {
      for (String line : c.getCommandSpec().usageMessage().footer()) {
        String example = line.replaceFirst("\\s+#.*$", "").trim();
        if (!example.startsWith("matchpoint ") || example.startsWith("matchpoint bench ")) {
          continue;
        }
        List<String> args = words(example);
        if (args.stream().anyMatch(a -> (a.endsWith(".yaml") || a.contains("/")) && !a.startsWith("target/")
            && !a.startsWith("out.") && !Files.exists(Path.of(a)) || Files.isDirectory(Path.of(a)))) {
          continue;
        }
        Result r = CliTest.run(args.subList(1, args.size()).toArray(new String[0]));
        assertTrue(r.code() != 64 && r.code() != 70, example + " exits " + r.code() + ":\n" + r.out() + r.err());
        run.add(example);
      }
    }
    assertTrue(run.contains("matchpoint replay probe-race-2x2 --seed 3 --mode logical --schedule 0.1.2.1"), run
        .toString());
  }
}
