package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.anySource;
import static dev.matchpoint.mpi.program.ProgramBuilder.eq;
import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static dev.matchpoint.mpi.program.ProgramBuilder.source;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.net.LatencyModel;
import dev.matchpoint.core.net.NetworkOptions;
import dev.matchpoint.core.sched.FifoScheduler;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.WildcardPolicy;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.check.Checks;
import dev.matchpoint.mpi.match.MessageIds;
import dev.matchpoint.mpi.program.Expr;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.run.RunOptions;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.run.Runner;
import dev.matchpoint.mpi.testing.Exhaustive;
import dev.matchpoint.mpi.trace.MatchKind;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The two probe examples of the MPI-2.2 standard, §3.8 (seed 001). The first, "Use blocking probe
 * to wait for an incoming message", receives from the probed source: "Each message is received with
 * the right type." The second receives with MPI_ANY_SOURCE: "the receive operation may receive a
 * message that is distinct from the message probed by the preceding call to MPI_PROBE."
 */
class Mpi22ProbeExamplesTest {
  /** Rank 2's loop; {@code wildcard} picks the second example's MPI_ANY_SOURCE receives. */
  static Program receiver(boolean wildcard, long delayNs) {
    Expr from0 = wildcard ? anySource() : lit(0);
    Expr from1 = wildcard ? anySource() : lit(1);
    var b = program();
    if (delayNs > 0) {
      b.call(new MpiOp.Compute(lit((int) delayNs)));
    }
    return b.repeat(2, body -> body
            .probe(anySource(), lit(0), "status")
            .ifElse(eq(source("status"), lit(0)),
                then -> then.recv(from0, lit(0), lit(1), Datatype.INTEGER, "status"),
                orElse -> orElse.recv(from1, lit(0), lit(1), Datatype.REAL, "status")))
        .build();
  }

  static ModelSpec spec(boolean wildcard, WildcardPolicy policy, long delayNs) {
    return ModelSpec.builder()
        .rank(program().send(lit(2), lit(0), lit(1), Datatype.INTEGER).build())
        .rank(program().send(lit(2), lit(0), lit(1), Datatype.REAL).build())
        .rank(receiver(wildcard, delayNs))
        .options(ModelOptions.defaults().withWildcard(policy))
        .build();
  }

  @ParameterizedTest
  @EnumSource(WildcardPolicy.class)
  @SpecClause(source = "MPI-2.2 §3.8 (seed 001)", text = "Use blocking probe to wait for an incoming message. [...] "
      + "Each message is received with the right type.")
  void firstExample_receivingFromTheProbedSource_isRightInEverySchedule(WildcardPolicy policy) {
    Map<Exhaustive.End, Long> ends = Exhaustive.ends(spec(false, policy, 0),
        CheckKind.PROBE_THEN_RECEIVE_SAME_MESSAGE, CheckKind.NO_DEADLOCK, CheckKind.NO_ERRORS);
    ends.keySet().forEach(e -> assertFalse(e.violated(), e.toString()));
  }

  @Test
  @SpecClause(source = "MPI-2.2 §3.8 (seed 001)", text = "We slightly modified Example Probe and Cancel, using "
      + "MPI_ANY_SOURCE as the source argument in the two receive calls in statements labeled 100 and 200. The "
      + "program is now incorrect: the receive operation may receive a message that is distinct from the message "
      + "probed by the preceding call to MPI_PROBE.")
  void secondExample_underAny_wrongPairingIsReachable_andSoIsTheRightOne() {
    Map<Exhaustive.End, Long> ends = Exhaustive.ends(spec(true, WildcardPolicy.ANY, 0),
        CheckKind.PROBE_THEN_RECEIVE_SAME_MESSAGE);
    assertTrue(ends.keySet().stream().anyMatch(Exhaustive.End::violated), ends.toString());
    assertTrue(ends.keySet().stream().anyMatch(e -> !e.violated()), ends.toString());
  }

  @Test
  @SpecClause(source = "DESIGN §4", text = "`arrival` (earliest arrival first, as MPICH and SimGrid do)")
  void secondExample_underArrival_isNeverWrong() {
    Map<Exhaustive.End, Long> ends = Exhaustive.ends(spec(true, WildcardPolicy.ARRIVAL, 0),
        CheckKind.PROBE_THEN_RECEIVE_SAME_MESSAGE, CheckKind.NO_DEADLOCK);
    ends.keySet().forEach(e -> assertFalse(e.violated(), e.toString()));
  }

  @Test
  @SpecClause(source = "DESIGN §4", text = "a receive with MPI_ANY_SOURCE after a probe may take another source's "
      + "message (the MPI-2.2 example) — under round-robin it does so deterministically")
  @SpecClause(source = "Open MPI 4.1 ompi/mca/pml/ob1/pml_ob1_recvreq.c, recv_req_match_wild",
      text = "In order to avoid starvation do this in a round-robin fashion.")
  void secondExample_underRoundRobin_pairsProbeAndReceiveAsOpenMpiOb1Does_p1r0_p1r1() {
    // Rank 2 computes for 50 us first, so both messages are queued when it probes. ob1's pointer
    // starts at 0: the probe scans from source 1 and sees 1#0 (pointer 1); the MPI_ANY_SOURCE receive
    // scans 2, then wraps to 0 and takes 0#0 (pointer 0); the second probe sees 1#0 again and the
    // receive takes it. Open MPI 4.1 pairs them p1/r0 p1/r1 in every run.
    for (LatencyModel latency : List.of(new LatencyModel.Constant(500), new LatencyModel.Exponential(800),
        new LatencyModel.LogGP(1000, 200, 100, 0.1))) {
      for (long seed = 0; seed < 20; seed++) {
        ModelSpec s = spec(true, WildcardPolicy.ROUND_ROBIN, 50_000);
        s = new ModelSpec(s.threads(), s.communicators(), s.options().withNetwork(
            NetworkOptions.defaults().withLatency(latency)));
        RunResult r = Runner.timed(s, seed, FifoScheduler.INSTANCE,
            RunOptions.keepingTrace(new Checks(List.of(CheckKind.PROBE_THEN_RECEIVE_SAME_MESSAGE.create()))));
        List<String> pairs = r.trace().matches().stream()
            .map(m -> (m.match() == MatchKind.PROBE ? "p" : "r") + MessageIds.source(m.messageKey())).toList();
        assertEquals(List.of("p1", "r0", "p1", "r1"), pairs, latency + " seed " + seed);
        assertEquals(1, r.violations().size(), latency + " seed " + seed + ": " + r.violations());
        assertTrue(r.violations().get(0).message().contains("a probe of 1#0 received 0#0 instead"),
            r.violations().toString());
      }
    }
  }

  @Test
  @SpecClause(source = "DESIGN §4", text = "`arrival` (earliest arrival first, as MPICH and SimGrid do)")
  void secondExample_underArrival_isRightInTheSameTimedRuns() {
    ModelSpec s = spec(true, WildcardPolicy.ARRIVAL, 50_000);
    for (long seed = 0; seed < 20; seed++) {
      RunResult r = Runner.timed(s, seed, FifoScheduler.INSTANCE,
          RunOptions.keepingTrace(new Checks(List.of(CheckKind.PROBE_THEN_RECEIVE_SAME_MESSAGE.create()))));
      assertTrue(r.clean(), r.violations().toString());
    }
  }
}
