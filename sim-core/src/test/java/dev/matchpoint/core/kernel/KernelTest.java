package dev.matchpoint.core.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.matchpoint.core.sched.FifoScheduler;
import dev.matchpoint.core.sched.ReplayScheduler;
import dev.matchpoint.core.sched.Scheduler;
import dev.matchpoint.core.sched.SchedulerSeam;
import dev.matchpoint.core.sched.SeededScheduler;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

class KernelTest {
  /** Schedules events named 0..n-1, several at each time, each rescheduling a child once. */
  private static List<String> run(Scheduler scheduler, List<String> scheduleOut) {
    SchedulerSeam seam = new SchedulerSeam(scheduler);
    Kernel kernel = new Kernel(seam);
    List<String> fired = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      int id = i;
      kernel.schedule(10L * (i / 3), new Kernel.Action() {
        @Override
        public void fire() {
          fired.add(kernel.nowNs() + ":e" + id);
          kernel.schedule(5, new Kernel.Action() {
            @Override
            public void fire() {
              fired.add(kernel.nowNs() + ":c" + id);
            }

            @Override
            public String describe() {
              return "c" + id;
            }
          });
        }

        @Override
        public String describe() {
          return "e" + id;
        }
      });
    }
    Kernel.RunResult r = kernel.run(Long.MAX_VALUE, Long.MAX_VALUE);
    assertEquals(Kernel.Stop.QUIESCENT, r.stop());
    if (scheduleOut != null) {
      scheduleOut.add(seam.schedule().toString());
    }
    return fired;
  }

  @Test
  void run_fifoScheduler_firesSameTimeEventsInInsertionOrder() {
    assertEquals(List.of("0:e0", "0:e1", "0:e2", "5:c0", "5:c1", "5:c2",
        "10:e3", "10:e4", "10:e5", "15:c3", "15:c4", "15:c5"), run(FifoScheduler.INSTANCE, null));
  }

  @Test
  void run_seededScheduler_ordersTiesBySeedAndReplaysExactly() {
    Set<List<String>> orders = new HashSet<>();
    for (long seed = 0; seed < 40; seed++) {
      List<String> sched = new ArrayList<>();
      List<String> fired = run(new SeededScheduler(seed), sched);
      orders.add(fired);
      assertEquals(fired, run(new SeededScheduler(seed), null), "same seed, same order");
      assertEquals(fired, run(new ReplayScheduler(dev.matchpoint.core.sched.Schedule.parse(sched.get(0))), null),
          "replay of schedule " + sched.get(0));
      for (int i = 1; i < fired.size(); i++) {
        long before = Long.parseLong(fired.get(i - 1).split(":")[0]);
        long now = Long.parseLong(fired.get(i).split(":")[0]);
        assertEquals(true, before <= now, "time never goes back: " + fired);
      }
    }
    assertNotEquals(1, orders.size(), "ties are the scheduler's choice");
  }

  @Test
  void run_budgetsAndTimeLimit_stopWithTheirReason() {
    Kernel kernel = new Kernel(new SchedulerSeam(FifoScheduler.INSTANCE));
    for (int i = 0; i < 10; i++) {
      kernel.schedule(i * 100L, () -> { });
    }
    assertEquals(Kernel.Stop.EVENT_BUDGET, kernel.run(3, Long.MAX_VALUE).stop());
    Kernel.RunResult r = kernel.run(Long.MAX_VALUE, 550);
    assertEquals(Kernel.Stop.TIME_LIMIT, r.stop());
    assertEquals(500, r.endTimeNs());
    assertEquals(Kernel.Stop.QUIESCENT, kernel.run(Long.MAX_VALUE, Long.MAX_VALUE).stop());
  }

  @Test
  void anEventDueAfterTheHorizon_isNotScheduled_andTheRunEndsAfterTheEventThatAskedForIt() {
    Kernel kernel = new Kernel(new SchedulerSeam(FifoScheduler.INSTANCE));
    List<Long> fired = new ArrayList<>();
    kernel.schedule(10, () -> {
      fired.add(kernel.nowNs());
      kernel.scheduleAt(Kernel.HORIZON_NS, () -> fired.add(kernel.nowNs()));
      kernel.schedule(Kernel.HORIZON_NS, () -> fired.add(-1L));
    });
    kernel.schedule(20, () -> fired.add(kernel.nowNs()));
    Kernel.RunResult r = kernel.run(Long.MAX_VALUE, Long.MAX_VALUE);
    assertEquals(Kernel.Stop.HORIZON, r.stop());
    assertEquals(List.of(10L), fired);
    assertEquals(10, r.endTimeNs());
  }

  @Test
  void schedule_negativeDelay_isRejected() {
    Kernel kernel = new Kernel(new SchedulerSeam(FifoScheduler.INSTANCE));
    assertThrows(IllegalArgumentException.class, () -> kernel.schedule(-1, () -> { }));
  }

  @Test
  void run_inParallelThreads_givesIdenticalOrders() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<List<String>>> results = pool.invokeAll(Collections.nCopies(8,
          () -> run(new SeededScheduler(99), null)));
      for (Future<List<String>> f : results) {
        assertEquals(results.get(0).get(), f.get());
      }
    } finally {
      pool.shutdownNow();
    }
  }
}
