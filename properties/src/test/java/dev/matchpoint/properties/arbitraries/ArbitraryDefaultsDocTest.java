package dev.matchpoint.properties.arbitraries;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.properties.MpiArbitraries;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * properties/README.md documents every default of the arbitraries (issue 16: a user's "Mprobe never
 * deadlocks" property met MPI_ANY_TAG in 20% of its receives without knowing). Each arbitrary's
 * {@code toString()} names all its settings; the README quotes the defaults' exactly, so a changed
 * default fails here until the README follows.
 */
class ArbitraryDefaultsDocTest {
  @Test
  void readme_quotesEveryDefaultArbitrary() throws Exception {
    String readme = Files.readString(Path.of("README.md"));
    List<String> missing = Stream.of(MpiArbitraries.specs(), MpiArbitraries.swarmPrograms(),
        MpiArbitraries.programs(), MpiArbitraries.networks(), MpiArbitraries.schedules()).map(Object::toString)
        .filter(a -> !readme.contains(a)).toList();
    assertTrue(missing.isEmpty(), () -> "properties/README.md does not quote the defaults\n" + String.join("\n",
        missing));
  }
}
