package dev.matchpoint.core.sched;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

class ScheduleTest {
  @Test
  void toString_runsOfThreeOrMore_areWrittenWithACount() {
    assertEquals("1.0*4.2", Schedule.of(1, 0, 0, 0, 0, 2).toString());
    assertEquals("3.3", Schedule.of(3, 3).toString());
    assertEquals("-", Schedule.empty().toString());
  }

  @Test
  void parse_malformedElement_namesTheOffset() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Schedule.parse("1.0.x.2"));
    assertTrue(e.getMessage().contains("offset 4"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> Schedule.parse("1..2"));
    assertThrows(IllegalArgumentException.class, () -> Schedule.parse("1*0"));
    assertThrows(IllegalArgumentException.class, () -> Schedule.parse("-1"));
  }

  @Test
  void parse_aLongRun_keepsItRunLength_andAnswersEveryIndex() {
    // Issue 14 defect 9: parse expanded every run, so this needed 8 GiB.
    Schedule s = Schedule.parse("2.0*2147483646");
    assertEquals(Integer.MAX_VALUE, s.length());
    assertEquals(2, s.choice(0));
    assertEquals(0, s.choice(1));
    assertEquals(0, s.choice(Integer.MAX_VALUE - 1));
    assertThrows(IndexOutOfBoundsException.class, () -> s.choice(Integer.MAX_VALUE));
    assertEquals("2.0*2147483646", s.toString());
    assertEquals("2", s.trimmed().toString());
  }

  @Test
  void parse_pastIntMaxChoices_namesTheOffsetOfTheElementThatOverflows() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Schedule.parse("1.0*2147483646.3"));
    assertTrue(e.getMessage().contains("offset 15"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> Schedule.parse("1*99999999999"));
    assertTrue(e.getMessage().contains("malformed schedule at offset 0"), e.getMessage());
  }

  @Property(tries = 300)
  void parse_ofToString_isTheSameSchedule(@ForAll @Size(max = 60) int[] raw) {
    int[] choices = new int[raw.length];
    for (int i = 0; i < raw.length; i++) {
      choices[i] = Math.floorMod(raw[i], 4);
    }
    Schedule s = Schedule.of(choices);
    assertEquals(s, Schedule.parse(s.toString()));
    assertArrayEquals(choices, Schedule.parse(s.toString()).toArray());
  }

  @Property(tries = 100)
  void replay_ofARecordedSeededRun_makesTheSameChoices(@ForAll long seed, @ForAll @IntRange(min = 2, max = 9) int width) {
    SchedulerSeam recorded = new SchedulerSeam(new SeededScheduler(seed));
    int[] first = new int[50];
    for (int i = 0; i < first.length; i++) {
      first[i] = recorded.choose(ChoiceKind.STEP, width - (i % 2), k -> "option " + k);
    }
    SchedulerSeam replayed = new SchedulerSeam(new ReplayScheduler(recorded.schedule()));
    for (int i = 0; i < first.length; i++) {
      assertEquals(first[i], replayed.choose(ChoiceKind.STEP, width - (i % 2), k -> "option " + k));
    }
  }

  @Test
  void replay_choiceOutOfRange_isAScheduleMismatch() {
    SchedulerSeam seam = new SchedulerSeam(new ReplayScheduler(Schedule.of(3)));
    ScheduleMismatchException e = assertThrows(ScheduleMismatchException.class,
        () -> seam.choose(ChoiceKind.WILDCARD, 2, k -> "x"));
    assertTrue(e.getMessage().contains("choice #0"), e.getMessage());
  }

  @Test
  void seam_singleOption_isNeitherAskedNorRecorded() {
    SchedulerSeam seam = new SchedulerSeam(new ReplayScheduler(Schedule.of(1)));
    assertEquals(0, seam.choose(ChoiceKind.STEP, 1, k -> "only"));
    assertEquals(1, seam.choose(ChoiceKind.STEP, 2, k -> "two"));
    assertEquals("1", seam.schedule().toString());
  }

  @Test
  void trimmed_dropsTrailingZeros() {
    assertEquals("2.1", Schedule.of(2, 1, 0, 0).trimmed().toString());
  }
}
