package dev.matchpoint.scenario;

import dev.matchpoint.mpi.program.Compiler;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.program.ProgramException;
import dev.matchpoint.mpi.rank.ModelSpec;
import dev.matchpoint.scenario.format.ConfigOverrides;
import dev.matchpoint.scenario.format.ScenarioReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Loads and fully validates scenario files: YAML syntax, keys, types, ranges, names, and the
 * compilation of every program (undefined variables, type clashes), so that a scenario that loads
 * can run. Every problem is a {@link ScenarioException} naming the file, line and column.
 */
public final class ScenarioLoader {
  private ScenarioLoader() {}

  /**
   * Loads a file.
   *
   * @param path the file (UTF-8)
   * @return the validated scenario
   * @throws ScenarioException when the file cannot be read or is not a valid scenario
   */
  public static Scenario load(Path path) {
    return load(path, ConfigOverrides.NONE);
  }

  /**
   * Loads a file with command-line overrides of its model options.
   *
   * @param path the file (UTF-8)
   * @param overrides {@code --cfg} values that replace the file's
   * @return the validated scenario
   * @throws ScenarioException when the file cannot be read or is not a valid scenario
   */
  public static Scenario load(Path path, ConfigOverrides overrides) {
    String file = path.toString();
    String text;
    try {
      text = Files.readString(path, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      throw new ScenarioException(file, 0, 0, "no such file");
    } catch (IOException e) {
      throw new ScenarioException(file, 0, 0, "cannot read the file: " + e.getMessage());
    }
    return load(text, file, overrides);
  }

  /**
   * Loads scenario text.
   *
   * @param text the YAML text
   * @param file the name to report in messages and statement locations
   * @return the validated scenario
   * @throws ScenarioException when the text is not a valid scenario
   */
  public static Scenario load(String text, String file) {
    return load(text, file, ConfigOverrides.NONE);
  }

  /**
   * Loads scenario text with command-line overrides of its model options.
   *
   * @param text the YAML text
   * @param file the name to report in messages and statement locations
   * @param overrides {@code --cfg} values that replace the file's
   * @return the validated scenario
   * @throws ScenarioException when the text is not a valid scenario
   */
  public static Scenario load(String text, String file, ConfigOverrides overrides) {
    Scenario s = ScenarioReader.read(text, file, overrides);
    compile(s);
    return s;
  }

  /**
   * Every problem of a scenario file, for {@code matchpoint check}: what {@link #load(Path)} throws
   * at the first, and every other problem it would meet (see {@link ScenarioReader#readAll}); when
   * the file reads without a problem, each program is compiled on its own, so an undefined variable
   * in one thread and a type clash in another are both reported (one problem per program).
   *
   * @param path the file (UTF-8)
   * @return the problems, in file order (line, then column); empty when the file is a valid scenario
   */
  public static List<ScenarioException> problems(Path path) {
    String file = path.toString();
    String text;
    try {
      text = Files.readString(path, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      return List.of(new ScenarioException(file, 0, 0, "no such file"));
    } catch (IOException e) {
      return List.of(new ScenarioException(file, 0, 0, "cannot read the file: " + e.getMessage()));
    }
    return problems(text, file);
  }

  /**
   * Every problem of scenario text; see {@link #problems(Path)}.
   *
   * @param text the YAML text
   * @param file the name to report in messages
   * @return the problems, in file order; empty when the text is a valid scenario
   */
  public static List<ScenarioException> problems(String text, String file) {
    ScenarioReader.Result r = ScenarioReader.readAll(text, file);
    if (!r.problems().isEmpty()) {
      return inFileOrder(r.problems());
    }
    Set<String> communicators = new LinkedHashSet<>();
    communicators.add(MpiOp.WORLD);
    communicators.addAll(r.scenario().communicators());
    List<ScenarioException> out = new ArrayList<>();
    Set<Program> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    for (List<Program> threads : r.scenario().ranks()) {
      for (Program p : threads) {
        if (seen.add(p)) {
          try {
            Compiler.compile(p, communicators);
          } catch (ProgramException e) {
            out.add(new ScenarioException(e.at(), e.problem()));
          }
        }
      }
    }
    return inFileOrder(out);
  }

  private static List<ScenarioException> inFileOrder(List<ScenarioException> problems) {
    List<ScenarioException> out = new ArrayList<>(problems);
    out.sort(Comparator.comparingInt(ScenarioException::line).thenComparingInt(ScenarioException::column));
    return List.copyOf(out);
  }

  /**
   * Compiles a scenario's programs into the model's specification.
   *
   * @param scenario the scenario
   * @return the spec
   * @throws ScenarioException at the statement of the first program that does not compile
   */
  public static ModelSpec compile(Scenario scenario) {
    try {
      return scenario.spec();
    } catch (ProgramException e) {
      throw new ScenarioException(e.at(), e.problem());
    }
  }
}
