package dev.matchpoint.scenario.library;

import dev.matchpoint.scenario.Scenario;
import dev.matchpoint.scenario.ScenarioException;
import dev.matchpoint.scenario.ScenarioLoader;
import dev.matchpoint.scenario.format.ConfigOverrides;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.FileSystemAlreadyExistsException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The library index: the scenario files packaged as classpath resources {@code
 * library/NAME.yaml} (one copy, kept in the repository's {@code scenarios/library/}). Names are
 * listed in alphabetical order, from a classes directory and from the jar alike.
 */
public final class Library {
  /** The resource folder of the library. */
  public static final String RESOURCE_DIR = "library";
  /** Where the files live in the repository, relative to its root. */
  public static final String REPOSITORY_DIR = "scenarios/library";

  private Library() {}

  /**
   * The names of the library's scenarios.
   *
   * @return names without {@code .yaml}, sorted
   * @throws UncheckedIOException when the resources cannot be listed
   */
  public static List<String> names() {
    URL url = Library.class.getClassLoader().getResource(RESOURCE_DIR + "/");
    if (url == null) {
      return List.of();
    }
    try {
      if (url.getProtocol().equals("jar")) {
        String spec = url.toString();
        java.net.URI jar = java.net.URI.create(spec.substring(0, spec.indexOf("!/")));
        try (FileSystem fs = FileSystems.newFileSystem(jar, Map.of())) {
          return list(fs.getPath("/" + RESOURCE_DIR));
        } catch (FileSystemAlreadyExistsException e) {
          return list(FileSystems.getFileSystem(jar).getPath("/" + RESOURCE_DIR));
        }
      }
      return list(Path.of(url.toURI()));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list the library", e);
    } catch (URISyntaxException e) {
      throw new IllegalStateException("cannot list the library at " + url, e);
    }
  }

  private static List<String> list(Path dir) throws IOException {
    List<String> out = new ArrayList<>();
    try (Stream<Path> files = Files.list(dir)) {
      files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".yaml")).sorted()
          .forEach(n -> out.add(n.substring(0, n.length() - ".yaml".length())));
    }
    return out;
  }

  /**
   * Whether the library has a scenario of that name.
   *
   * @param name e.g. {@code probe-race-2x2}
   * @return true when {@code library/NAME.yaml} is a resource
   */
  public static boolean contains(String name) {
    return name.matches("[A-Za-z0-9._-]+") && Library.class.getClassLoader()
        .getResource(RESOURCE_DIR + "/" + name + ".yaml") != null;
  }

  /**
   * Loads one scenario of the library.
   *
   * @param name its name
   * @return the validated scenario; statement locations name {@code scenarios/library/NAME.yaml}
   * @throws ScenarioException when there is no such scenario or it is invalid
   */
  public static Scenario load(String name) {
    return load(name, ConfigOverrides.NONE);
  }

  /**
   * Loads one scenario of the library with command-line overrides of its model options.
   *
   * @param name its name
   * @param overrides {@code --cfg} values that replace the file's
   * @return the validated scenario; statement locations name {@code scenarios/library/NAME.yaml}
   * @throws ScenarioException when there is no such scenario or it (with the overrides) is invalid
   */
  public static Scenario load(String name, ConfigOverrides overrides) {
    String file = REPOSITORY_DIR + "/" + name + ".yaml";
    if (!contains(name)) {
      throw new ScenarioException(name, 0, 0, "no such file, and no library scenario of that name (see "
          + "'matchpoint list')");
    }
    try (InputStream in = Library.class.getClassLoader().getResourceAsStream(RESOURCE_DIR + "/" + name + ".yaml")) {
      return ScenarioLoader.load(new String(in.readAllBytes(), StandardCharsets.UTF_8), file, overrides);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read library scenario " + name, e);
    }
  }
}
