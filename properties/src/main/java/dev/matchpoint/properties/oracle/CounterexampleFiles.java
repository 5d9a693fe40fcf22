package dev.matchpoint.properties.oracle;

import dev.matchpoint.scenario.Scenario;
import dev.matchpoint.scenario.format.ScenarioWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.zip.CRC32;

/**
 * Writes the model of a failed property as a scenario file, so that {@code ./matchpoint explore}
 * and {@code ./matchpoint replay} run it outside the test. The files go to {@link #DIRECTORY}, under
 * the working directory (a Maven or Gradle test runs in the module's directory, so they land in its
 * build output), or to the directory the system property {@value #DIRECTORY_PROPERTY} names.
 */
public final class CounterexampleFiles {
  /** The directory, relative to the working directory, unless {@value #DIRECTORY_PROPERTY} is set. */
  public static final String DIRECTORY = "target/matchpoint-counterexamples";
  /** The system property that moves the files elsewhere. */
  public static final String DIRECTORY_PROPERTY = "matchpoint.counterexamples";

  private CounterexampleFiles() {}

  /**
   * Writes a scenario as YAML ({@link ScenarioWriter}) to {@code NAME-CRC.yaml} in the directory,
   * where {@code CRC} is the CRC-32 of the text in hex: the same scenario always gets the same
   * file, and rewriting it changes nothing.
   *
   * @param s the scenario
   * @return the file's absolute path
   * @throws UncheckedIOException when the directory or the file cannot be written
   */
  public static Path write(Scenario s) {
    String yaml = ScenarioWriter.write(s);
    CRC32 crc = new CRC32();
    crc.update(yaml.getBytes(StandardCharsets.UTF_8));
    Path dir = Path.of(System.getProperty(DIRECTORY_PROPERTY, DIRECTORY)).toAbsolutePath().normalize();
    Path file = dir.resolve(s.name() + "-" + HexFormat.of().toHexDigits((int) crc.getValue()) + ".yaml");
    try {
      Files.createDirectories(dir);
      Files.writeString(file, yaml, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the counterexample scenario " + file, e);
    }
    return file;
  }

  /**
   * A word as a POSIX shell reads it: as it is when it holds only safe characters, else in single
   * quotes.
   *
   * @param word the word
   * @return the quoted word
   */
  static String quote(String word) {
    return word.matches("[A-Za-z0-9_./:=+-]+") ? word : "'" + word.replace("'", "'\\''") + "'";
  }
}
