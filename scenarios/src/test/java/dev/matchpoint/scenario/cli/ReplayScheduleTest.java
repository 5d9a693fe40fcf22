package dev.matchpoint.scenario.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.scenario.cli.CliTest.Result;
import org.junit.jupiter.api.Test;

/** {@code replay --schedule}: a schedule's text, however many choices it stands for, costs what the text costs. */
class ReplayScheduleTest {
  @Test
  void aRunOfTwoBillionChoices_replaysWithoutExpandingIt() {
    // Issue 14 defect 9: this once allocated 8 GiB and died of OutOfMemoryError.
    Result r = CliTest.run("replay", "mprobe-fix-2x2", "--mode", "logical", "--schedule", "0*2147483647");
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("scheduler=replay(0*2147483647)"), r.out());
  }

  @Test
  void aScheduleOfMoreThanIntMaxChoices_isBadInput_atTheElementThatOverflows() {
    Result r = CliTest.run("replay", "mprobe-fix-2x2", "--mode", "logical", "--schedule", "0*2147483647.1*5");
    assertEquals(64, r.code(), r.err());
    assertTrue(r.err().contains("--schedule: schedule too long at offset 13: '1*5'"), r.err());
    assertEquals(1, r.err().lines().count(), r.err());
  }
}
