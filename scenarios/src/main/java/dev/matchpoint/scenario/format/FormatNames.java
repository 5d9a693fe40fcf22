package dev.matchpoint.scenario.format;

import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.check.CheckKind;
import java.util.ArrayList;
import java.util.List;

/** The accepted names of closed sets, listed for error messages and documentation. */
final class FormatNames {
  private FormatNames() {}

  /**
   * Every datatype's scenario-file name.
   *
   * @return e.g. {@code byte, char, short, int, ...}
   */
  static String datatypes() {
    List<String> out = new ArrayList<>();
    for (Datatype d : Datatype.values()) {
      out.add(d.configName());
    }
    return String.join(", ", out);
  }

  /**
   * Every check's name.
   *
   * @return e.g. {@code probe-then-receive-same-message, non-overtaking, ...}
   */
  static String checks() {
    List<String> out = new ArrayList<>();
    for (CheckKind k : CheckKind.values()) {
      out.add(k.configName());
    }
    return String.join(", ", out);
  }
}
