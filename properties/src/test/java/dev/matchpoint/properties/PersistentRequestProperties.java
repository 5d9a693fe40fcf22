package dev.matchpoint.properties;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.explore.Counterexample;
import dev.matchpoint.core.explore.Verdict;
import dev.matchpoint.core.net.DeliveryOrder;
import dev.matchpoint.mpi.RequestIds;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.match.MessageIds;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.trace.TraceEvent;
import dev.matchpoint.properties.PersistentProgram.ReceiveSide;
import dev.matchpoint.properties.PersistentProgram.StartCall;
import dev.matchpoint.properties.oracle.Explore;
import dev.matchpoint.properties.oracle.Exploration;
import dev.matchpoint.properties.oracle.Observe;
import dev.matchpoint.properties.oracle.TraceAssertions;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * Persistent communication requests (MPI-3.1 §3.9) over every schedule of generated programs
 * ({@link PersistentProgram}): a persistent send request in each of the four modes, started N times
 * with MPI_Start or MPI_Startall, received by a persistent receive request or by plain MPI_Recv.
 * Each exploration records what every MPI_Wait returned; each outcome's example schedule is replayed
 * for its full trace, where request ids and call steps show.
 */
class PersistentRequestProperties {
  private static final Observe WAITS = Observe.calls("MPI_Wait");
  private static final String EMPTY_STATUS = "MPI_Wait source=MPI_ANY_SOURCE tag=MPI_ANY_TAG count=0B";
  private static final String REACTIVATED = "The request becomes inactive after successful completion of such call. "
      + "The request is not deallocated and it can be activated anew by an MPI_START or MPI_STARTALL call.";

  /** 1–3 starts, any mode, eager or rendezvous, any start call and receive side, FIFO or reordering network. */
  @Provide
  Arbitrary<PersistentProgram> persistentPrograms() {
    return Combinators.combine(Arbitraries.integers().between(1, 3), Arbitraries.of(SendMode.class),
        Arbitraries.of(8L, 128L), Arbitraries.of(StartCall.class), Arbitraries.of(ReceiveSide.class),
        Arbitraries.of(false, true), Arbitraries.of(false, true),
        Arbitraries.of(DeliveryOrder.PER_PAIR_FIFO, DeliveryOrder.UNORDERED)).as(PersistentProgram::new);
  }

  /**
   * In every schedule the program completes, rank 1 receives exactly the N messages {@code 0#0 ..
   * 0#N-1} in start order, and the trace (of each outcome's example, replayed) shows one request
   * doing all the work on each persistent side: the request MPI_Send_init created completes N times
   * and, except in buffered mode, sends every message; the request MPI_Recv_init created completes N
   * times and is the receive every message matches. (A buffered message travels under a request of
   * its own once copied into the attached buffer, as the model's MPI_Ibsend does.)
   */
  @Property(tries = 80)
  @SpecClause(source = "MPI-3.1 §3.9", text = REACTIVATED)
  @SpecClause(source = "MPI-3.1 §3.9", text = "a call to MPI_START with a request created by MPI_SEND_INIT starts a "
      + "communication in the same manner as a call to MPI_ISEND; a call to MPI_START with a request created by "
      + "MPI_BSEND_INIT starts a communication in the same manner as a call to MPI_IBSEND; and so on.")
  @SpecClause(source = "MPI-3.1 §3.9", text = "A send operation initiated with MPI_START can be matched with any "
      + "receive operation")
  void persistentRequest_startedNTimes_isOneRequestReused_andItsNMessagesMatchInOrder(
      @ForAll("persistentPrograms") PersistentProgram p) {
    Exploration e = explore(p);
    List<String> messages = new ArrayList<>();
    for (int i = 0; i < p.restarts(); i++) {
      messages.add("0#" + i);
    }
    TraceAssertions.assertEvery(e, "rank 1 receives " + messages + " in this order",
        v -> Exploration.receipts(v).getOrDefault("r1.t0", List.of()).equals(messages));
    for (Verdict v : e.verdicts()) {
      Counterexample c = e.example(v::equals).orElseThrow();
      RunResult r = e.replay(c);
      // MPI_Send_init and MPI_Recv_init create the first request of their thread.
      requireOneRequest(e, v, r, "the requests completed at rank 0", completed(r, 0), "r0.t0#0", p.restarts());
      if (p.mode() != SendMode.BUFFERED) {
        // A buffered message travels under a request of its own once copied to the attached buffer (as with
        // MPI_Ibsend); the other modes send under the persistent request.
        requireOneRequest(e, v, r, "the requests that sent rank 0's messages", r.trace().of(TraceEvent.MessageSent.class)
            .stream().filter(m -> m.rank() == 0 && m.tag() == 0).map(m -> RequestIds.format(m.requestId())).toList(),
            "r0.t0#0", p.restarts());
      }
      if (p.persistentReceive()) {
        requireOneRequest(e, v, r, "the requests completed at rank 1", completed(r, 1), "r1.t0#0", p.restarts());
        requireOneRequest(e, v, r, "the receive requests matched at rank 1", r.trace().matches().stream()
            .filter(m -> m.rank() == 1 && m.match().receives() && m.tag() == 0)
            .map(m -> RequestIds.format(m.requestId())).toList(), "r1.t0#0", p.restarts());
      }
      List<String> matched = r.trace().matches().stream().filter(m -> m.rank() == 1 && m.match().receives()
          && m.tag() == 0).map(m -> MessageIds.format(m.messageKey())).toList();
      if (!matched.equals(messages)) {
        throw new AssertionError(report(e, v, r, "the replayed trace matched " + matched + ", expected " + messages));
      }
    }
    Statistics.label("mode").collect(p.mode());
  }

  /**
   * MPI_Wait on an inactive persistent request, whether just created or completed N times, returns
   * at once (in the step that called it) with the empty status, in every schedule; each of the N
   * MPI_Wait calls in between returns the status of one message.
   */
  @Property(tries = 80)
  @SpecClause(source = "MPI-3.1 §3.7.3", text = "One is allowed to call MPI_WAIT with a null or inactive request "
      + "argument. In this case the operation returns immediately with empty status.")
  @SpecClause(source = "MPI-3.1 §3.9", text = "A persistent communication request is inactive after it was created")
  @SpecClause(source = "MPI-3.1 §3.9", text = REACTIVATED)
  void waitOnAnInactivePersistentRequest_returnsAtOnce_withTheEmptyStatus(
      @ForAll("persistentPrograms") PersistentProgram p) {
    Exploration e = explore(p);
    List<String> receiverWaits = new ArrayList<>();
    if (p.persistentReceive()) {
      if (p.waitFirst()) {
        receiverWaits.add(EMPTY_STATUS);
      }
      for (int i = 0; i < p.restarts(); i++) {
        receiverWaits.add("MPI_Wait source=0 tag=0 count=" + p.bytes() + "B");
      }
      receiverWaits.add(EMPTY_STATUS);
    }
    TraceAssertions.assertEvery(e, "rank 0's first (before any start) and last (after the last completion) MPI_Wait "
        + "return the empty status", v -> {
          List<String> waits = Exploration.observed(v).getOrDefault("r0.t0", List.of());
          return waits.size() == p.restarts() + (p.waitFirst() ? 2 : 1) && waits.get(waits.size() - 1)
              .equals(EMPTY_STATUS) && (!p.waitFirst() || waits.get(0).equals(EMPTY_STATUS));
        });
    if (p.persistentReceive()) {
      TraceAssertions.assertEvery(e, "rank 1's MPI_Wait calls return " + receiverWaits,
          v -> Exploration.observed(v).getOrDefault("r1.t0", List.of()).equals(receiverWaits));
    }
    for (Verdict v : e.verdicts()) {
      Counterexample c = e.example(v::equals).orElseThrow();
      RunResult r = e.replay(c);
      for (int rank = 0; rank < 2; rank++) {
        if (rank == 1 && !p.persistentReceive()) {
          continue;
        }
        List<long[]> waits = waitSteps(r, rank);
        List<long[]> inactive = new ArrayList<>();
        inactive.add(waits.get(waits.size() - 1));
        if (p.waitFirst()) {
          inactive.add(waits.get(0));
        }
        for (long[] w : inactive) {
          if (w[0] != w[1]) {
            throw new AssertionError(report(e, v, r, "rank " + rank + "'s MPI_Wait on its inactive request was called "
                + "at step " + w[0] + " but returned at step " + w[1] + ", not at once"));
          }
        }
      }
    }
  }

  static Exploration explore(PersistentProgram p) {
    Exploration e = Explore.exhaustive(p.toString(), p.scenario().spec(), WAITS, PersistentProgram.CHECKS);
    assertTrue(e.exhaustive(), e::toString);
    TraceAssertions.assertNever(e, PersistentProgram.CHECKS);
    TraceAssertions.assertEvery(e, "the program completes without errors", v -> v.outcome().startsWith("ok"));
    return e;
  }

  /** The (call step, return step) of each MPI_Wait of a rank's thread 0, in call order. */
  private static List<long[]> waitSteps(RunResult r, int rank) {
    List<long[]> out = new ArrayList<>();
    long started = -1;
    for (TraceEvent ev : r.trace().events()) {
      if (ev instanceof TraceEvent.CallStarted s && s.rank() == rank && s.call().equals("MPI_Wait")) {
        started = s.step();
      } else if (ev instanceof TraceEvent.CallReturned ret && ret.rank() == rank && ret.call().equals("MPI_Wait")) {
        out.add(new long[] {started, ret.step()});
      }
    }
    return out;
  }

  /** The requests of a rank completed in a run that the program holds (not a buffered message's own), in order. */
  private static List<String> completed(RunResult r, int rank) {
    return r.trace().of(TraceEvent.RequestCompleted.class).stream().filter(c -> c.rank() == rank)
        .map(c -> RequestIds.format(c.requestId())).filter(id -> id.equals("r" + rank + ".t0#0")).toList();
  }

  private static void requireOneRequest(Exploration e, Verdict v, RunResult r, String what, List<String> requests,
      String expected, int n) {
    if (!requests.equals(Collections.nCopies(n, expected))) {
      throw new AssertionError(report(e, v, r, what + " should be " + n + " times " + expected + ", were "
          + requests));
    }
  }

  private static String report(Exploration e, Verdict v, RunResult r, String what) {
    return TraceAssertions.report(e, v, what) + "trace of the replay:\n" + r.trace().toText();
  }
}
