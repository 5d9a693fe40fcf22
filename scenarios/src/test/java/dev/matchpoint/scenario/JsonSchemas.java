package dev.matchpoint.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;

/**
 * The published JSON Schemas of {@code docs/schemas/} for tests, validated with networknt's
 * json-schema-validator (draft-07, the dialect the schemas declare).
 */
public final class JsonSchemas {
  /** The schemas' directory, from the scenarios module's directory (the tests' working directory). */
  public static final Path DIR = Path.of("..", "docs", "schemas");
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final SchemaRegistry REGISTRY = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_7);
  private static final Map<String, Schema> LOADED = new ConcurrentHashMap<>();

  private JsonSchemas() {}

  /**
   * Loads a schema.
   *
   * @param file its file name in {@code docs/schemas}, e.g. {@code trace.schema.json}
   * @return the schema
   */
  public static Schema schema(String file) {
    return LOADED.computeIfAbsent(file, f -> {
      try (InputStream in = Files.newInputStream(DIR.resolve(f))) {
        return REGISTRY.getSchema(in);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    });
  }

  /**
   * Validates a JSON document.
   *
   * @param file the schema's file name
   * @param json the document's text
   * @return the errors, each as "path: message"; empty when valid
   */
  public static List<String> errors(String file, String json) {
    try {
      return errors(file, JSON.readTree(json));
    } catch (IOException e) {
      return List.of("not JSON: " + e.getMessage());
    }
  }

  /**
   * Validates a parsed document.
   *
   * @param file the schema's file name
   * @param node the document
   * @return the errors; empty when valid
   */
  public static List<String> errors(String file, JsonNode node) {
    List<String> out = new ArrayList<>();
    for (Error e : schema(file).validate(node)) {
      out.add(e.getInstanceLocation() + ": " + e.getMessage());
    }
    return out;
  }

  /**
   * Reads YAML 1.2 (SnakeYAML Engine, as the scenario reader does) into a JSON tree.
   *
   * @param yaml the text
   * @return the tree
   */
  public static JsonNode yaml(String yaml) {
    Object value = new Load(LoadSettings.builder().build()).loadFromString(yaml);
    return JSON.valueToTree(value);
  }
}
