import dev.matchpoint.scenario.format.ScenarioWriter;
import dev.matchpoint.scenario.library.Patterns;

/**
 * Prints the scenario file of the matched-probe pattern T x T (Mprobe/Mrecv, T senders; the
 * scenarios {@code bench explore} builds with {@code Patterns.matchedProbe}): run as
 * {@code java -cp scenarios/target/matchpoint.jar tools/MprobePattern.java T > mprobe-fix-TxT.yaml}.
 * tools/spark-bench.sh uses it.
 */
public final class MprobePattern {
  private MprobePattern() {}

  /**
   * Prints the scenario.
   *
   * @param args T, at least 1
   */
  public static void main(String[] args) {
    System.out.print(ScenarioWriter.write(Patterns.matchedProbe(Integer.parseInt(args[0]))));
  }
}
