package dev.matchpoint.scenario.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.matchpoint.scenario.JsonSchemas;
import dev.matchpoint.scenario.ScenarioException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * docs/schemas/scenario.schema.json, the schema editors use for completion (YAML language server),
 * describes the format the reader accepts: every library scenario and every scenario documented in
 * the docs matches it, its statements and keys are the reader's, and files the reader refuses for
 * an unknown or missing key it refuses too.
 */
class ScenarioSchemaTest {
  private static final String SCHEMA = "scenario.schema.json";

  @Test
  void everyLibraryAndBenchScenario_matchesTheSchema() throws IOException {
    List<Path> files = new ArrayList<>();
    for (String dir : List.of("library", "bench")) {
      try (Stream<Path> s = Files.list(Path.of(dir))) {
        s.filter(p -> p.toString().endsWith(".yaml")).sorted().forEach(files::add);
      }
    }
    assertTrue(files.size() > 40, files.toString());
    for (Path f : files) {
      JsonNode node = JsonSchemas.yaml(Files.readString(f));
      assertEquals(List.of(), JsonSchemas.errors(SCHEMA, node), f.toString());
    }
  }

  @Test
  void everyScenarioDocumentedInTheDocs_matchesTheSchema_andLoads() throws IOException {
    Pattern block = Pattern.compile("```yaml\\n(.*?)```", Pattern.DOTALL);
    int checked = 0;
    for (Path doc : docs()) {
      Matcher m = block.matcher(Files.readString(doc));
      while (m.find()) {
        String yaml = m.group(1);
        if (!yaml.startsWith("scenario:")) {
          continue; // a fragment (a statement or a loop), not a whole file
        }
        assertEquals(List.of(), JsonSchemas.errors(SCHEMA, JsonSchemas.yaml(yaml)), doc + ":\n" + yaml);
        ScenarioReader.read(yaml, doc.getFileName() + ".yaml");
        checked++;
      }
    }
    assertTrue(checked >= 1, "no documented scenario found");
  }

  @Test
  void theSchemasStatementsAndKeys_areTheReaders() throws IOException {
    JsonNode schema = JsonSchemas.yaml(Files.readString(JsonSchemas.DIR.resolve(SCHEMA)));
    JsonNode statements = schema.at("/definitions/statement/oneOf/0/properties");
    Map<String, TreeSet<String>> inSchema = new TreeMap<>();
    statements.fields().forEachRemaining(e -> {
      JsonNode args = e.getValue().has("anyOf") ? e.getValue().get("anyOf").get(0) : e.getValue();
      TreeSet<String> keys = new TreeSet<>();
      args.get("properties").fieldNames().forEachRemaining(keys::add);
      inSchema.put(e.getKey(), keys);
    });
    Map<String, TreeSet<String>> inReader = new TreeMap<>();
    CallReader.KEYS.forEach((name, keys) -> inReader.put(name, new TreeSet<>(keys)));
    inReader.put("repeat", new TreeSet<>(List.of("times", "index", "do")));
    inReader.put("if", new TreeSet<>(List.of("cond", "then", "else")));
    inReader.put("while", new TreeSet<>(List.of("cond", "do")));
    inReader.put("until", new TreeSet<>(List.of("cond", "do")));
    assertEquals(inReader, inSchema);

    TreeSet<String> topLevel = new TreeSet<>();
    schema.get("properties").fieldNames().forEachRemaining(topLevel::add);
    assertEquals(new TreeSet<>(ScenarioReader.KEYS), topLevel);
    TreeSet<String> network = new TreeSet<>();
    schema.at("/properties/network/properties").fieldNames().forEachRemaining(network::add);
    assertEquals(new TreeSet<>(NetworkReader.KEYS), network);
  }

  @Test
  void filesTheReaderRefusesForTheirKeys_theSchemaRefusesToo() {
    String ok = """
        scenario: s
        ranks:
          - rank: 0
            program:
              - send: {dest: 1, tag: 0}
          - rank: 1
            program:
              - recv: {source: any, tag: 0, status: st}
        checks: [no-deadlock]
        """;
    assertEquals(List.of(), JsonSchemas.errors(SCHEMA, JsonSchemas.yaml(ok)));
    ScenarioReader.read(ok, "ok.yaml");
    for (String[] bad : new String[][] {
        {"scenario: s\n", "scenario: s\nspeed: 3\n"},                       // unknown top-level key
        {"- send: {dest: 1, tag: 0}", "- sned: {dest: 1, tag: 0}"},        // unknown statement
        {"- send: {dest: 1, tag: 0}", "- send: {tag: 0}"},                 // a required argument missing
        {"- send: {dest: 1, tag: 0}", "- send: {dest: 1, tga: 0}"},        // unknown argument
        {"[no-deadlock]", "[no-deadlocks]"},                                // unknown check
    }) {
      String yaml = ok.replace(bad[0], bad[1]);
      assertFalse(yaml.equals(ok), bad[1]);
      assertFalse(JsonSchemas.errors(SCHEMA, JsonSchemas.yaml(yaml)).isEmpty(), "schema accepts:\n" + yaml);
      assertThrows(ScenarioException.class, () -> ScenarioReader.read(yaml, "bad.yaml"), yaml);
    }
  }

  private static List<Path> docs() throws IOException {
    List<Path> out = new ArrayList<>(List.of(Path.of("..", "README.md")));
    try (Stream<Path> s = Files.list(Path.of("..", "docs"))) {
      s.filter(p -> p.toString().endsWith(".md")).sorted().forEach(out::add);
    }
    return out;
  }
}
