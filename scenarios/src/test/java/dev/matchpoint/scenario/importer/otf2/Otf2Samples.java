package dev.matchpoint.scenario.importer.otf2;

import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Path;

/** The archives under {@code src/test/resources/traces/otf2}, written by generate.py. */
final class Otf2Samples {
  /** The BASE time of generate.py's rich archive, in ns since the epoch. */
  static final long RICH_BASE = 1_700_000_000_000_000_000L;

  private Otf2Samples() {}

  static Path anchor(String archive) {
    URL url = Otf2Samples.class.getResource("/traces/otf2/" + archive + "/traces.otf2");
    if (url == null) {
      throw new IllegalStateException("missing test archive " + archive);
    }
    try {
      return Path.of(url.toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }
}
