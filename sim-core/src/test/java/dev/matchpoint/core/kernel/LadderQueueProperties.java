package dev.matchpoint.core.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.matchpoint.core.sched.FifoScheduler;
import dev.matchpoint.core.sched.Scheduler;
import dev.matchpoint.core.sched.SchedulerSeam;
import dev.matchpoint.core.sched.SeededScheduler;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import umontreal.ssj.simevents.Event;
import umontreal.ssj.simevents.Simulator;
import umontreal.ssj.simevents.eventlist.EventList;
import umontreal.ssj.simevents.eventlist.SplayTree;

/**
 * {@link LadderQueue} against SSJ's {@link SplayTree}: the same seeded sequence of adds (with many
 * exact ties and distinct priorities), addFirst, addBefore, addAfter, removals of random pending
 * events, removeFirst, getFirst, getFirstOfClass, clear and full iterations must give the same
 * events in the same order, and so must simulations driven through SSJ's event API and through our
 * {@link Kernel}. Failures name the seed: jqwik reports it with the shrunk sample, and {@link
 * EventListDifferential} repeats it with the last operations.
 */
class LadderQueueProperties {

  @Property(tries = 300)
  void mixedOperations_shortRuns_matchSplayTree(
      @ForAll long seed, @ForAll @IntRange(min = 1, max = 3_000) int operations) {
    EventListDifferential.run(seed, operations, 400);
  }

  @Property(tries = 12)
  void mixedOperations_longRunsWithLargeLists_matchSplayTree(
      @ForAll long seed, @ForAll @IntRange(min = 20_000, max = 120_000) int operations) {
    EventListDifferential.run(seed, operations, 30_000);
  }

  @Property(tries = 100)
  void ssjEventApi_scheduleNextBeforeAfterCancelReschedule_firesInSplayTreeOrder(
      @ForAll long seed, @ForAll boolean tinySizes) {
    assertEquals(new ScriptedRun(new SplayTree(), seed).fire(),
        new ScriptedRun(ladder(tinySizes), seed).fire(), "seed=" + seed);
  }

  @Property(tries = 100)
  void kernel_tiesDecidedBySeededScheduler_fireInSplayTreeOrder(
      @ForAll long seed, @ForAll boolean tinySizes) {
    List<String> splay = kernelRun(new SplayTree(), new SeededScheduler(seed), seed);
    List<String> ladder = kernelRun(ladder(tinySizes), new SeededScheduler(seed), seed);
    assertEquals(splay, ladder, "seed=" + seed);
  }

  @Property(tries = 50)
  void kernel_fifoTies_fireInSplayTreeOrder(@ForAll long seed, @ForAll boolean tinySizes) {
    List<String> splay = kernelRun(new SplayTree(), FifoScheduler.INSTANCE, seed);
    List<String> ladder = kernelRun(ladder(tinySizes), FifoScheduler.INSTANCE, seed);
    assertEquals(splay, ladder, "seed=" + seed);
  }

  private static LadderQueue ladder(boolean tinySizes) {
    return tinySizes ? new LadderQueue(Tunings.TINY) : new LadderQueue();
  }

  /** Actions at integral times full of ties, each scheduling up to two children. */
  private static List<String> kernelRun(EventList list, Scheduler scheduler, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    SchedulerSeam seam = new SchedulerSeam(scheduler);
    Kernel kernel = new Kernel(list, seam);
    List<String> fired = new ArrayList<>();
    int[] budget = {400};
    class Node implements Kernel.Action {
      final String name;

      Node(String name) {
        this.name = name;
      }

      @Override
      public void fire() {
        fired.add(kernel.nowNs() + ":" + name);
        int children = random.nextInt(3);
        for (int c = 0; c < children && budget[0]-- > 0; c++) {
          kernel.schedule(new long[] {0, 0, 1, 2, 5}[random.nextInt(5)], new Node(name + "." + c));
        }
      }

      @Override
      public String describe() {
        return name;
      }
    }
    for (int i = 0; i < 40; i++) {
      kernel.schedule(random.nextInt(6), new Node("n" + i));
    }
    kernel.run(Long.MAX_VALUE, Long.MAX_VALUE);
    fired.add("schedule " + seam.schedule());
    return fired;
  }

  /** A simulation whose events use SSJ's scheduling API at random, from one seeded stream. */
  private static final class ScriptedRun {
    private final Simulator simulator;
    private final SplittableRandom random;
    private final List<Step> pending = new ArrayList<>();
    private final List<String> fired = new ArrayList<>();
    private int nextId;
    private int budget = 600;

    ScriptedRun(EventList list, long seed) {
      this.simulator = new Simulator(list);
      this.random = new SplittableRandom(seed);
    }

    List<String> fire() {
      for (int i = 0; i < 30; i++) {
        Step s = new Step();
        s.setPriority(random.nextInt(3));
        s.schedule(random.nextInt(4));
      }
      simulator.start();
      return fired;
    }

    private final class Step extends Event {
      final int id = nextId++;

      Step() {
        super(simulator);
        pending.add(this);
      }

      @Override
      public void actions() {
        pending.remove(this);
        fired.add(sim.time() + ":" + id);
        int actions = random.nextInt(4);
        for (int a = 0; a < actions && budget-- > 0; a++) {
          act();
        }
      }

      private void act() {
        int kind = random.nextInt(7);
        if (kind >= 3 && pending.isEmpty()) {
          kind = 0;
        }
        Step other = pending.isEmpty() ? null : pending.get(random.nextInt(pending.size()));
        switch (kind) {
          case 0, 1 -> {
            Step s = new Step();
            s.setPriority(random.nextInt(3));
            s.schedule(random.nextBoolean() ? random.nextInt(3) : -Math.log(1 - random.nextDouble()));
          }
          case 2 -> new Step().scheduleNext();
          case 3 -> new Step().scheduleBefore(other);
          case 4 -> new Step().scheduleAfter(other);
          case 5 -> {
            other.cancel();
            pending.remove(other);
          }
          default -> other.reschedule(random.nextInt(3));
        }
      }
    }
  }
}
