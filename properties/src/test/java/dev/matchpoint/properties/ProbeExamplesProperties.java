package dev.matchpoint.properties;

import static dev.matchpoint.mpi.program.ProgramBuilder.anySource;
import static dev.matchpoint.mpi.program.ProgramBuilder.eq;
import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static dev.matchpoint.mpi.program.ProgramBuilder.source;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.explore.Counterexample;
import dev.matchpoint.core.explore.Verdict;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.WildcardPolicy;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.program.Expr;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.rank.ModelOptions;
import dev.matchpoint.mpi.rank.ModelSpec;
import dev.matchpoint.properties.oracle.Explore;
import dev.matchpoint.properties.oracle.Exploration;
import dev.matchpoint.properties.oracle.TraceAssertions;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * The two probe examples of MPI-2.2 §3.8 (seed 001), as examples and as properties over generated
 * fan-in workloads: receiving from the probed source gets the probed message in a single-threaded
 * rank; receiving with MPI_ANY_SOURCE after the probe can get another sender's message.
 */
class ProbeExamplesProperties {
  private static final CheckKind PROBE = CheckKind.PROBE_THEN_RECEIVE_SAME_MESSAGE;
  private static final String SECOND = "We slightly modified Example Probe and Cancel, using MPI_ANY_SOURCE as the "
      + "source argument in the two receive calls in statements labeled 100 and 200. The program is now incorrect: "
      + "the receive operation may receive a message that is distinct from the message probed by the preceding call "
      + "to MPI_PROBE.";
  /** "the receive after a probe of S#i received T#j instead", with the two sources. */
  private static final Pattern WRONG = Pattern.compile("probe of (\\d+)#\\d+ received (\\d+)#\\d+ instead");

  /** Seed 001's program: ranks 0 and 1 send to rank 2, which probes twice and receives by the probed source. */
  static ModelSpec seed001(boolean anySourceReceives, WildcardPolicy policy) {
    Expr from0 = anySourceReceives ? anySource() : lit(0);
    Expr from1 = anySourceReceives ? anySource() : lit(1);
    Program receiver = program().repeat(2, body -> body
            .probe(anySource(), lit(0), "status")
            .ifElse(eq(source("status"), lit(0)),
                then -> then.recv(from0, lit(0), lit(1), Datatype.INTEGER, "status"),
                orElse -> orElse.recv(from1, lit(0), lit(1), Datatype.REAL, "status")))
        .build();
    return ModelSpec.builder()
        .rank(program().send(lit(2), lit(0), lit(1), Datatype.INTEGER).build())
        .rank(program().send(lit(2), lit(0), lit(1), Datatype.REAL).build())
        .rank(receiver)
        .options(ModelOptions.defaults().withWildcard(policy))
        .build();
  }

  /** Whether an outcome shows a receive after a probe getting another sender's message. */
  static boolean anotherSendersMessage(Verdict v) {
    for (String d : v.details()) {
      Matcher m = WRONG.matcher(d);
      if (d.startsWith(PROBE.configName()) && m.find() && !m.group(1).equals(m.group(2))) {
        return true;
      }
    }
    return false;
  }

  /** The second example under the standard's policy: the wrong receipt is reachable, and so is the right one. */
  @Example
  @SpecClause(source = "MPI-2.2 §3.8 (seed 001)", text = SECOND)
  void seed001SecondExample_anySourceReceiveAfterProbe_canReceiveTheOtherSendersMessage() {
    Exploration e = Explore.exhaustive("seed 001, second probe example (MPI_ANY_SOURCE receives), wildcard any",
        seed001(true, WildcardPolicy.ANY), PROBE, CheckKind.NO_DEADLOCK);
    assertTrue(e.exhaustive(), e::toString);
    Counterexample c = TraceAssertions.assertReachable(e, "a receive gets the other sender's message",
        ProbeExamplesProperties::anotherSendersMessage);
    System.out.println(e + "\noutcome: " + c.verdict().outcome() + "\n" + Exploration.describe(c));
    TraceAssertions.assertReachable(e, "every message received after its probe", v -> !v.violation());
  }

  /** Under Open MPI's round-robin policy the wrong receipt is reachable too; under arrival order it is not. */
  @Example
  @SpecClause(source = "MPI-2.2 §3.8 (seed 001)", text = SECOND)
  @SpecClause(source = "DESIGN §4", text = "a receive with MPI_ANY_SOURCE after a probe may take another source's "
      + "message (the MPI-2.2 example) — under round-robin it does so deterministically")
  void seed001SecondExample_underRoundRobin_isReachable_underArrival_isNot() {
    Exploration rr = Explore.exhaustive("seed 001, second example, wildcard round-robin",
        seed001(true, WildcardPolicy.ROUND_ROBIN), PROBE);
    TraceAssertions.assertReachable(rr, "a receive gets the other sender's message",
        ProbeExamplesProperties::anotherSendersMessage);
    Exploration arrival = Explore.exhaustive("seed 001, second example, wildcard arrival",
        seed001(true, WildcardPolicy.ARRIVAL), PROBE);
    TraceAssertions.assertNever(arrival, PROBE);
  }

  /** The first example: "Each message is received with the right type", under every policy. */
  @Example
  @SpecClause(source = "MPI-2.2 §3.8 (seed 001)", text = "Use blocking probe to wait for an incoming message. [...] "
      + "Each message is received with the right type.")
  void seed001FirstExample_receiveFromTheProbedSource_isRightInEverySchedule() {
    for (WildcardPolicy p : WildcardPolicy.values()) {
      Exploration e = Explore.exhaustive("seed 001, first probe example, wildcard " + p.configName(),
          seed001(false, p), PROBE, CheckKind.NO_DEADLOCK, CheckKind.NO_ERRORS);
      assertTrue(e.exhaustive(), e::toString);
      TraceAssertions.assertNever(e, PROBE, CheckKind.NO_DEADLOCK, CheckKind.NO_ERRORS);
    }
  }

  /**
   * Senders to a single-threaded rank 0 that probes (by source or MPI_ANY_SOURCE) then receives with
   * MPI_ANY_SOURCE and the probed tag; one tag, so every sender's message matches every receive.
   */
  @Provide
  Arbitrary<Workload> probeThenAnySource() {
    return MpiArbitraries.specs().fanIn().ranks(2, 4).threads(1, 1).messages(1, 4).tags(0, 0)
        .sourceWildcardPercent(50).tagWildcardPercent(30).messageBytes(0, 8192)
        .receives(ReceiveCall.PROBE_RECV_ANY_SOURCE).sends(SendCall.SEND, SendCall.ISEND);
  }

  /**
   * The second example generalized: with a single receiving thread, an MPI_ANY_SOURCE receive after a
   * probe can receive another sender's message exactly when two or more ranks send to the probing
   * rank: the first receive's probe finds a message of one sender while another sender's first
   * message is pending too. With one sender, non-overtaking makes it the probed message.
   */
  @Property(tries = 30)
  @SpecClause(source = "MPI-2.2 §3.8 (seed 001)", text = SECOND)
  void anySourceReceiveAfterProbe_getsAnotherSendersMessage_exactlyWhenTwoRanksSend(
      @ForAll("probeThenAnySource") Workload w) {
    Exploration e = Explore.exhaustive(w, PROBE);
    assertTrue(e.exhaustive(), e::toString);
    int senders = w.sendersTo(0).size();
    Statistics.label("senders").collect(senders);
    if (senders >= 2) {
      TraceAssertions.assertReachable(e, "a receive after a probe gets another sender's message",
          ProbeExamplesProperties::anotherSendersMessage);
    } else {
      TraceAssertions.assertEvery(e, "no receive after a probe gets another sender's message",
          v -> !anotherSendersMessage(v));
    }
  }
}
