package dev.matchpoint.scenario.cli;

import static dev.matchpoint.scenario.cli.CliTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.matchpoint.scenario.format.ConfigOverrides;
import dev.matchpoint.scenario.format.ScenarioReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --cfg KEY:VALUE} overrides a scenario's model options as editing the file would, is echoed
 * in the banner, and is repeated by every replay command printed, so that the command reproduces
 * the run.
 */
class ConfigOverridesTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void anOverride_runsAsTheEditedFileWould(@TempDir Path dir) throws IOException {
    String text = Files.readString(Path.of("library", "head-to-head-eager.yaml"));
    assertTrue(text.contains("eager-threshold: 4096") && text.contains("L: 1000"), text);
    Path edited = dir.resolve("edited.yaml");
    Files.writeString(edited, text.replace("eager-threshold: 4096", "eager-threshold: 1000").replace("L: 1000", "L: 500"));
    Path original = dir.resolve("original.yaml");
    Files.writeString(original, text);
    JsonNode byFile = JSON.readTree(run("run", edited.toString(), "--json").out());
    CliTest.Result r = run("run", original.toString(), "--json", "--cfg", "network.eager-threshold:1000", "--cfg",
        "network.latency.L:500");
    JsonNode byCfg = JSON.readTree(r.out());
    JsonNode plain = JSON.readTree(run("run", original.toString(), "--json").out());
    // 1020-byte messages above a 1000-byte threshold go rendezvous, 500 ns wires end sooner.
    assertNotEquals(plain.get("packets"), byCfg.get("packets"));
    assertEquals(byFile.get("packets"), byCfg.get("packets"));
    assertEquals(byFile.get("end_time_ns"), byCfg.get("end_time_ns"));
    assertEquals(byFile.get("matches"), byCfg.get("matches"));
    assertTrue(byCfg.get("banner").asText().contains("eager-threshold=1000 ") && byCfg.get("banner").asText()
        .contains(" cfg=network.eager-threshold:1000 cfg=network.latency.L:500 scenario="), byCfg.toString());
  }

  @Test
  void theLatencyModel_canBeReplaced_andItsKeysGivenAfresh() throws IOException {
    JsonNode n = JSON.readTree(run("run", "head-to-head-eager", "--json", "--cfg", "network.latency.model:constant",
        "--cfg", "network.latency.value:300").out());
    assertTrue(n.get("banner").asText().contains("network=constant(300ns)"), n.get("banner").asText());
    assertEquals("OK", n.get("outcome").asText());
  }

  @Test
  void thePrintedReplayCommand_repeatsTheOverrides_andReproducesTheRun() throws IOException {
    CliTest.Result r = run("explore", "probe-race-2x2", "--json", "--threads", "1", "--cfg", "wildcard-policy:arrival",
        "--cfg", "network.order:unordered");
    JsonNode report = JSON.readTree(r.out());
    assertTrue(report.get("violation_found").asBoolean(), r.out());
    String replay = report.get("replay").asText();
    assertTrue(replay.endsWith(" --cfg wildcard-policy:arrival --cfg network.order:unordered"), replay);
    List<String> args = new ArrayList<>(List.of(replay.substring(replay.indexOf(" replay ") + 1).replace("'", "")
        .split(" ")));
    args.add("--json");
    JsonNode replayed = JSON.readTree(run(args.toArray(new String[0])).out());
    assertEquals("DEADLOCK", replayed.get("outcome").asText());
    assertTrue(replayed.get("banner").asText().contains("wildcard-policy=arrival"), replayed.toString());
    // Without the overrides the same schedule does not fit the scenario or ends otherwise.
    List<String> without = new ArrayList<>(args.subList(0, args.indexOf("--cfg")));
    without.add("--json");
    CliTest.Result plain = run(without.toArray(new String[0]));
    ObjectNode a = (ObjectNode) replayed;
    assertTrue(plain.code() == 64 || !JSON.readTree(plain.out()).get("matches").equals(a.get("matches"))
        || !JSON.readTree(plain.out()).get("banner").equals(a.get("banner")), plain.out() + plain.err());
  }

  @Test
  void aBadOverride_isOneErrorNamingTheOption_exit64() {
    for (String[] bad : new String[][] {{"network.latency.L:abc", "expected an integer"},
        {"network.latncy.L:5", "unknown key 'network.latncy.L'"}, {"nocolon", "expected KEY:VALUE"},
        {"wildcard-policy:fair", "wildcard-policy"}, {"network.latency.L:", "expected one value"}}) {
      CliTest.Result r = run("run", "head-to-head-eager", "--cfg", bad[0]);
      assertEquals(64, r.code(), bad[0]);
      assertEquals(1, r.err().lines().count(), r.err());
      assertTrue(r.err().startsWith("matchpoint: error: --cfg " + bad[0] + ": ") && r.err().contains(bad[1]), r.err());
    }
  }

  @Test
  void everyKeyItAccepts_isAKeyOfTheFormat() {
    String loggp = "scenario: s\nranks:\n  - rank: 0\n    program: []\n";
    for (String key : ConfigOverrides.KEYS) {
      String value = switch (key) {
        case "wildcard-policy" -> "arrival";
        case "queues" -> "bucketed";
        case "send-cancel" -> "until-matched";
        case "collective-sync" -> "always";
        case "seed000-message-cancel", "network.credit-packets" -> "true";
        case "network.order" -> "unordered";
        case "network.eager-rule" -> "payload-below";
        case "network.on-credit-exhausted" -> "rendezvous";
        case "network.latency.model" -> "loggp";
        case "network.latency.mean", "network.latency.sigma" -> "2.5";
        default -> "7";
      };
      List<String> cfg = new ArrayList<>(List.of(key + ":" + value));
      if (key.startsWith("network.latency.") && !key.equals("network.latency.model")) {
        String model = switch (key.substring("network.latency.".length())) {
          case "value" -> "constant";
          case "min", "max" -> "uniform";
          case "mean" -> "exponential";
          case "mu", "sigma" -> "lognormal";
          default -> "loggp";
        };
        cfg.add(0, "network.latency.model:" + model);
        for (String other : switch (model) {
          case "uniform" -> List.of("min", "max");
          case "lognormal" -> List.of("mu", "sigma");
          default -> List.<String>of();
        }) {
          if (!key.endsWith("." + other)) {
            cfg.add("network.latency." + other + ":" + ("max".equals(other) ? "9" : "1"));
          }
        }
      }
      ScenarioReader.read(loggp, "s.yaml", ConfigOverrides.parse(cfg));
    }
  }
}
