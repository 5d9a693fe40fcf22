package dev.matchpoint.properties;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.explore.Counterexample;
import dev.matchpoint.core.explore.Verdict;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.properties.oracle.Explore;
import dev.matchpoint.properties.oracle.Exploration;
import dev.matchpoint.properties.oracle.TraceAssertions;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * The matched probe and matched receive (seed 000 §3; MPI-3.1 §3.8.2–3.8.3): what the plain probe
 * cannot promise to a multi-threaded rank, the matched probe does.
 */
class MatchedProbeProperties {
  /** Workloads of every shape: probes, matched probes, receives, wildcards, several threads. */
  @Provide
  Arbitrary<Workload> workloads() {
    return MpiArbitraries.specs().ranks(2, 3).threads(1, 3).messages(2, 4).tags(0, 1).wildcardPercent(40)
        .messageBytes(0, 8192).receives(ReceiveCall.MPROBE_MRECV, ReceiveCall.RECV, ReceiveCall.PROBE_RECV,
            ReceiveCall.IRECV, ReceiveCall.PROBE_RECV_ANY_SOURCE);
  }

  /**
   * "A matched receive executed with the message handle will receive the message that was matched by
   * the probe. Unlike MPI_IPROBE, no other probe or receive operation may match the message returned
   * by MPI_IMPROBE", and every message is received at most once: in every explored schedule of every
   * generated workload (which may deadlock or take the wrong message in its plain probes and
   * wildcard receives; those are other clauses). The sizes keep every search well inside its budget
   * (the largest of 300 drawn needed 17 000 of the 200 000 schedules); a search cut by its budget
   * fails the property.
   */
  @Property(tries = 40)
  @SpecClause(source = "seed 000 §3.2", text = "A matched receive executed with the message handle will receive the "
      + "message that was matched by the probe. Unlike MPI_IPROBE, no other probe or receive operation may match the "
      + "message returned by MPI_IMPROBE.")
  @SpecClause(source = "seed 000 §1", text = "The new probe matches a message and returns a handle to that specific "
      + "message, which cannot be found by any other probe operation or matched by any other receive.")
  @SpecClause(source = "MPI-3.1 §3.5", text = "If a receiver posts two receives in succession, and both match the same "
      + "message, then the second receive operation cannot be satisfied by this message, if the first one is still "
      + "pending.")
  void matchedProbe_receivesTheMatchedMessage_andNoMessageIsReceivedTwice(@ForAll("workloads") Workload w) {
    Exploration e = Explore.exhaustive(w, CheckKind.MATCHED_MESSAGE_EXCLUSIVE, CheckKind.RECEIVED_AT_MOST_ONCE);
    assertTrue(e.exhaustive(), () -> "a search cut by its budget shows nothing of the schedules it left out: " + e);
    Statistics.label("matched probes").collect(w.messages().stream()
        .filter(m -> m.receive() == ReceiveCall.MPROBE_MRECV).count());
    TraceAssertions.assertNever(e, CheckKind.MATCHED_MESSAGE_EXCLUSIVE, CheckKind.RECEIVED_AT_MOST_ONCE);
  }

  /** Seed 000's pattern: T messages from any senders to rank 0, T threads each matched-probing one. */
  @Provide
  Arbitrary<Workload> mprobePattern() {
    return MpiArbitraries.specs().fanIn().ranks(2, 4).threads(1, 2).messages(1, 3).oneReceiveThreadPerMessage()
        .wildcardPercent(100).tags(0, 2).messageBytes(0, 8192).receives(ReceiveCall.MPROBE_MRECV)
        .sends(SendCall.SEND, SendCall.ISEND, SendCall.SSEND);
  }

  /**
   * "Note that this code can be concurrently executed in several threads, each of which will receive
   * different messages": T threads each doing Mprobe(MPI_ANY_SOURCE, MPI_ANY_TAG) then Mrecv, T
   * messages in all from any senders, eager or rendezvous. In every schedule no thread blocks, no
   * check fails, and the trace of each outcome's schedule receives every message exactly once.
   */
  @Property(tries = 30)
  @SpecClause(source = "seed 000 §1", text = "Note that this code can be concurrently executed in several threads, "
      + "each of which will receive different messages.")
  @SpecClause(source = "seed 000 §3.2", text = "if a call to MPI_MPROBE has been issued by a process, and a send that "
      + "matches the probe has been initiated by some process, then the call to MPI_MPROBE will return, unless the "
      + "message is matched by a concurrent matching probe operation or received by another concurrent receive "
      + "operation")
  void mprobePattern_receivesEveryMessageExactlyOnce_andNoThreadBlocks(@ForAll("mprobePattern") Workload w) {
    Exploration e = Explore.exhaustive(w, CheckKind.values());
    assertTrue(e.exhaustive(), e::toString);
    Statistics.label("threads").collect(w.receivingThreads(0));
    TraceAssertions.assertNoDeadlock(e);
    TraceAssertions.assertNever(e, CheckKind.values());
    for (Verdict v : e.verdicts()) {
      Counterexample c = e.example(v::equals).orElseThrow();
      TraceAssertions.assertEveryMessageReceivedExactlyOnce(e.replay(c), e + "\n" + Exploration.describe(c));
    }
  }
}
