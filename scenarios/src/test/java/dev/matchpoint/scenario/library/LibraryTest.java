package dev.matchpoint.scenario.library;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.explore.ExplorationReport;
import dev.matchpoint.core.sched.FifoScheduler;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.match.MessageIds;
import dev.matchpoint.mpi.program.SourceLocation;
import dev.matchpoint.mpi.run.Outcome;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.run.Runner;
import dev.matchpoint.mpi.trace.MatchKind;
import dev.matchpoint.mpi.trace.TraceEvent;
import dev.matchpoint.scenario.ExpectationCheck;
import dev.matchpoint.scenario.Scenario;
import dev.matchpoint.scenario.ScenarioLoader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Runs the whole canonical library and checks every scenario's stated expectation as {@code
 * matchpoint test} does ({@link ExpectationCheck}). The independent {@link LogicalEnumerator} checks
 * the explorer on a few small scenarios.
 */
class LibraryTest {
  private static final Path DIR = Path.of("library");

  static Stream<String> names() throws IOException {
    try (Stream<Path> files = Files.list(DIR)) {
      return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".yaml")).sorted()
          .map(n -> n.substring(0, n.length() - 5)).toList().stream();
    }
  }

  private static Scenario load(String name) {
    return ScenarioLoader.load(DIR.resolve(name + ".yaml"));
  }

  @Test
  void library_onDiskAndOnTheClasspath_listsTheSameScenarios_andHasTheRequiredOnes() throws IOException {
    List<String> disk = names().toList();
    assertEquals(disk, Library.names());
    for (String required : List.of("probe-race-2x2", "probe-race-3x3", "mprobe-fix-2x2", "mprobe-fix-3x3",
        "mpi22-probe-correct", "mpi22-probe-any-source", "mpi22-probe-any-source-round-robin",
        "ssend-matched-by-mprobe", "proc-null-mprobe", "head-to-head-eager", "head-to-head-rendezvous",
        "rendezvous-late-receive", "rendezvous-early-receive", "truncation", "deep-unexpected-queue",
        // issue 6: cancel, persistent requests, channels
        "cancel-pending-irecv", "cancel-eager-isend-before-match", "cancel-eager-isend-after-match",
        "cancel-rendezvous-isend-before-match", "cancel-rendezvous-isend-after-match", "cancel-after-probe",
        "cancel-race-until-matched", "persistent-ping-pong", "channel-lock-step", "channel-k-slack-pipeline",
        "persistent-start-active", "channel-k-plus-first-start", "channel-ready-violation",
        "channel-slackness-mismatch", "channel-request-free", "channel-unbind-non-channel",
        "message-cancel-without-option", "channel-bind-without-peer", "transfer-1k-channel",
        "transfer-1k-persistent",
        // issue 11
        "persistent-any-source-start", "finalize-unreceived-send",
        // issue 13
        "persistent-halo-exchange",
        // issue 15
        "iprobe-polling-loop", "collective-order-mismatch", "bcast-deadlocks-if-synchronising",
        "ibcast-overlaps-ssend", "gatherv-count-mismatch")) {
      assertTrue(disk.contains(required), required);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("names")
  void libraryScenario_isNamedAfterItsFile_andNamesItsSourceAndExpectation(String name) {
    Scenario s = load(name);
    assertEquals(name, s.name());
    assertFalse(s.source().isBlank(), "source");
    assertFalse(s.description().isBlank(), "description");
    assertNotNull(s.expect(), "expect");
    assertEquals(s.withoutLocations(), Library.load(name).withoutLocations(), "the packaged copy is the same");
  }

  /**
   * The check {@code matchpoint test} makes ({@link ExpectationCheck}): the timed run and every
   * logical schedule end as expected, or a logical schedule violates a check and replays to the same
   * violations. Every exploration must finish, but that of the 10,000-message queue.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("names")
  void libraryScenario_meetsItsExpectation(String name) {
    ExpectationCheck.Result r = ExpectationCheck.check(load(name), ExpectationCheck.OPTIONS);
    assertTrue(r.passed(), name + ": " + r.reason());
    assertTrue(r.exhaustive() || name.equals("deep-unexpected-queue"), "only the deep queue is too large to explore: "
        + r.reason());
  }

  /** The run outcome an explorer outcome class names first: {@code ok | ...}, {@code deadlock | ...}. */
  private static Outcome outcome(String outcomeClass) {
    return Outcome.valueOf(outcomeClass.substring(0, outcomeClass.indexOf(' ')).toUpperCase(Locale.ROOT));
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"probe-race-2x2", "mprobe-fix-2x2", "cancel-race-until-matched", "channel-lock-step"})
  void explorer_reachesTheSameEndClasses_asTheIndependentEnumerator(String name) {
    Scenario s = load(name);
    TreeSet<LogicalEnumerator.End> ends = new LogicalEnumerator(100_000, 400).ends(s).orElseThrow();
    Set<String> enumerated = new TreeSet<>();
    ends.forEach(e -> enumerated.add(e.outcome() + (e.violated() ? " violated" : "")));
    ExplorationReport r = ExpectationCheck.explore(s);
    assertTrue(r.exhaustive(), r.stopReason());
    Set<String> explored = new TreeSet<>();
    r.outcomes().forEach((k, c) -> explored.add(outcome(k) + (c.verdict().violation() ? " violated" : "")));
    assertEquals(enumerated, explored);
  }

  @Test
  void cancelRaceUntilMatched_exploration_reachesBothTheCancelledAndTheReceivedOutcome_mpi31Section384() {
    ExplorationReport r = ExpectationCheck.explore(load("cancel-race-until-matched"));
    assertTrue(r.exhaustive(), r.stopReason());
    assertFalse(r.violationFound(), r.outcomes().keySet().toString());
    assertEquals(Set.of("ok | receipts none", "ok | receipts r1.t0#0<-0#0"), r.outcomes().keySet(),
        "both cancels succeed (nothing received) or both fail (the message received), never a mix");
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.10", text = "The semantics of a send-receive operation is what would be obtained "
      + "if the caller forked two concurrent threads, one to execute the send, and one to execute the receive, "
      + "followed by a join of these two threads.")
  void sendrecvHalvesInterleave_exploration_reachesTheOutcomeWhereTheReceiveHalfIsPostedLast() {
    ExplorationReport r = ExpectationCheck.explore(load("sendrecv-halves-interleave"));
    assertTrue(r.exhaustive(), r.stopReason());
    assertEquals(Set.of("ok | receipts r0.t0#1<-1#1 r0.t1#0<-1#0 r0.t1#1<-1#2 r1.t0#0<-0#0",
        "ok | receipts r0.t0#1<-1#2 r0.t1#0<-1#0 r0.t1#1<-1#1 r1.t0#0<-0#0"), r.outcomes().keySet());
  }

  private static RunResult timed(String name) {
    Scenario s = load(name);
    return Runner.timed(ScenarioLoader.compile(s), s.seed(), FifoScheduler.INSTANCE, s.runOptions().withKeepTrace(true));
  }

  @Test
  @SpecClause(source = "Open MPI 4.1 ompi/mca/pml/ob1/pml_ob1_recvreq.c, recv_req_match_wild",
      text = "In order to avoid starvation do this in a round-robin fashion.")
  void mpi22ProbeAnySourceRoundRobin_pairsProbeAndReceiveAsOpenMpi41Does_p1r0_p1r1() {
    RunResult r = timed("mpi22-probe-any-source-round-robin");
    List<String> pairs = r.trace().matches().stream()
        .map(m -> (m.match() == MatchKind.PROBE ? "p" : "r") + MessageIds.source(m.messageKey())).toList();
    assertEquals(List.of("p1", "r0", "p1", "r1"), pairs);
  }

  @Test
  void rendezvousLateReceive_queuesTheRtsAsUnexpected_earlyReceive_matchesItOnArrival_seed004Figure5() {
    RunResult late = timed("rendezvous-late-receive");
    RunResult early = timed("rendezvous-early-receive");
    assertEquals(1, late.trace().of(TraceEvent.QueuedUnexpected.class).size());
    assertEquals(0, early.trace().of(TraceEvent.QueuedUnexpected.class).size());
    for (RunResult r : List.of(late, early)) {
      assertEquals(1L, r.packetCounts().get("RTS"));
      assertEquals(1L, r.packetCounts().get("CTS"));
      assertEquals(1L, r.packetCounts().get("DATA"));
    }
  }

  @Test
  void ssendMatchedByMprobe_returnsOnlyAfterTheMrecvStarted_seed000Revision3() {
    RunResult r = timed("ssend-matched-by-mprobe");
    long ssendReturned = r.trace().of(TraceEvent.CallReturned.class).stream()
        .filter(c -> c.call().equals("MPI_Ssend")).findFirst().orElseThrow().timeNs();
    long mrecvStarted = r.trace().of(TraceEvent.CallStarted.class).stream()
        .filter(c -> c.call().equals("MPI_Mrecv")).findFirst().orElseThrow().timeNs();
    assertTrue(mrecvStarted >= 10_000, "rank 1 computed first");
    assertTrue(ssendReturned >= mrecvStarted, "Ssend returned at " + ssendReturned + " before Mrecv at "
        + mrecvStarted);
  }

  @Test
  void deepUnexpectedQueue_holdsAllTenThousandMessages_andReceivesEachOnce() {
    RunResult r = timed("deep-unexpected-queue");
    assertEquals(10_000, r.queueMaxima()[1][1]);
    assertEquals(10_000, r.trace().matches().size());
    assertEquals(99, r.trace().matches().get(0).tag(), "reverse tag order: 99 first");
  }

  @Test
  void rsendCausallyBeforeReceive_isReportedAtTheRsend_whenItStarts_mpi31Section34() {
    Scenario s = load("rsend-causally-before-receive");
    RunResult r = timed("rsend-causally-before-receive");
    assertEquals(List.of("erroneous: ready-mode send started before its matching receive was posted (MPI-3.1 §3.4) "
        + "at r0.t0"), r.problems());
    TraceEvent.ErroneousUse e = r.trace().of(TraceEvent.ErroneousUse.class).get(0);
    assertEquals(new SourceLocation("library/rsend-causally-before-receive.yaml", 15, 9), e.at());
    assertEquals(s.ranks().get(0).get(0).body().get(0).at(), e.at(), "the MPI_Rsend statement");
    long rsendStarted = r.trace().of(TraceEvent.CallStarted.class).stream()
        .filter(c -> c.call().equals("MPI_Rsend")).findFirst().orElseThrow().timeNs();
    assertEquals(rsendStarted, e.timeNs());
  }

  // ---- issue 6: cancel, persistent requests, channels --------------------------------------------

  private static List<Boolean> cancelDecisions(RunResult r) {
    return r.trace().of(TraceEvent.CancelDecided.class).stream().map(TraceEvent.CancelDecided::cancelled).toList();
  }

  @Test
  void cancelScenarios_decideAsTheirDescriptionsSay_mpi31Section384() {
    assertEquals(List.of(true), cancelDecisions(timed("cancel-pending-irecv")));
    RunResult eagerBefore = timed("cancel-eager-isend-before-match");
    assertEquals(List.of(true), cancelDecisions(eagerBefore));
    assertTrue(eagerBefore.trace().matches().stream().noneMatch(m -> m.tag() == 0), "0#0 is never matched");
    RunResult eagerAfter = timed("cancel-eager-isend-after-match");
    assertEquals(List.of(false), cancelDecisions(eagerAfter));
    RunResult rdvBefore = timed("cancel-rendezvous-isend-before-match");
    assertEquals(List.of(true), cancelDecisions(rdvBefore));
    assertEquals(1L, rdvBefore.packetCounts().get("RTS"));
    assertNull(rdvBefore.packetCounts().get("CTS"), "the withdrawn RTS is never answered");
    assertNull(rdvBefore.packetCounts().get("DATA"));
    RunResult rdvAfter = timed("cancel-rendezvous-isend-after-match");
    assertEquals(List.of(false), cancelDecisions(rdvAfter));
    assertEquals(1L, rdvAfter.packetCounts().get("DATA"));
    RunResult afterProbe = timed("cancel-after-probe");
    assertEquals(List.of(true), cancelDecisions(afterProbe));
    List<String> rank1 = afterProbe.trace().matches().stream().filter(m -> m.rank() == 1)
        .map(m -> m.match() + " " + MessageIds.format(m.messageKey())).toList();
    assertEquals(List.of("PROBE 0#0", "RECEIVE 0#1", "RECEIVE 0#2"), rank1,
        "the receive after the probe gets a later message: the probed send was cancelled first");
  }

  @Test
  void erroneousIssue6Scenarios_nameTheRuleTheyBreak() {
    Map<String, String> rules = Map.of(
        "persistent-start-active", "MPI_Start of an active persistent request",
        "channel-k-plus-first-start", "more than K outstanding starts on a K-slack channel",
        "channel-ready-violation", "channel send started before the matching receive start",
        "channel-slackness-mismatch", "the two ends of a channel disagree on slackness",
        "channel-request-free", "MPI_Request_free on a channel endpoint",
        "channel-unbind-non-channel", "Unbind of a request that is not a bound channel",
        "message-cancel-without-option", "MPI_Message_cancel is a proposal");
    rules.forEach((name, rule) -> {
      RunResult r = timed(name);
      assertTrue(r.problems().stream().anyMatch(p -> p.contains(rule)), name + ": " + r.problems());
    });
    RunResult unbound = timed("channel-bind-without-peer");
    assertTrue(unbound.report().toText().contains("waiting for rank 1 to bind a matching persistent receive"),
        unbound.report().toText());
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.3.1", text = "The types of a send and receive match (phase two) if both operations "
      + "use identical names.")
  void typeSignatureMismatch_isErroneousAtTheReceive_andNamesTheSend_mpi31Section331() {
    RunResult r = timed("type-signature-mismatch");
    assertEquals(List.of("erroneous: send and receive datatypes do not match (MPI-3.1 §3.3.1) at r1.t0"),
        r.problems());
    TraceEvent.ErroneousUse e = r.trace().of(TraceEvent.ErroneousUse.class).get(0);
    assertEquals(16, e.at().line(), "the receive's line");
    assertTrue(e.detail().contains("1 MPI_FLOAT sent at " + DIR.resolve("type-signature-mismatch.yaml") + ":13:9")
        && e.detail().contains("received as MPI_INT"), e.detail());
  }

  @Test
  void persistentPingPong_restartsOneRequestPerDirection_mpi31Section39() {
    RunResult r = timed("persistent-ping-pong");
    assertEquals(6, r.trace().matches().size());
    for (int rank = 0; rank < 2; rank++) {
      int me = rank;
      assertEquals(1, r.trace().of(TraceEvent.MessageSent.class).stream().filter(m -> m.rank() == me)
          .map(TraceEvent.MessageSent::requestId).distinct().count(), "rank " + rank + " sends with one request");
    }
  }

  @Test
  void kSlackPipeline_cyclesThroughItsKBufferSlots_seed003Proposal3() {
    RunResult r = timed("channel-k-slack-pipeline");
    assertEquals(5L, r.packetCounts().get("CDATA"));
    assertEquals(List.of(0, 1, 0, 1, 0), r.trace().of(TraceEvent.ChannelEvent.class).stream()
        .filter(c -> c.what().equals("start") && c.rank() == 1).map(TraceEvent.ChannelEvent::slot).toList());
  }

  @Test
  void channelTransfers_costLessSimulatedTimeThanPersistentSendRecv_onTheSameNetwork_seed003() {
    Scenario channel = load("transfer-1k-channel");
    Scenario persistent = load("transfer-1k-persistent");
    assertEquals(channel.options(), persistent.options(), "the same network and model options");
    RunResult c = timed("transfer-1k-channel");
    RunResult p = timed("transfer-1k-persistent");
    assertEquals(4L, c.packetCounts().get("CDATA"));
    assertNull(c.packetCounts().get("RTS"));
    assertNull(c.packetCounts().get("CTS"));
    for (String kind : List.of("RTS", "CTS", "DATA")) {
      assertEquals(4L, p.packetCounts().get(kind), kind);
    }
    // The numbers the two scenarios' descriptions state, computed by hand under the LogGOPS rules
    // (LogGopsTiming; L = 1000, o = 200, g = 100, G = 0.1: a 1 KiB payload costs kG = 102 at the
    // receiver, every other packet is 0 bytes; each costs o at both CPUs; no call cost).
    // Channel: both BINDs start at 0 and are received at 0 + o + L + o = 1400. Round i (rank 1's
    // zero-byte go sent at s_i, s_1 = 1400): rank 0 receives it at s_i + 1400, sends the CREDIT
    // (CPU s_i+1400..s_i+1600) then CDATA (s_i+1600..s_i+1800), arriving at s_i + 2800; rank 1's CPU
    // takes the CREDIT at s_i+2600..s_i+2800, then CDATA until s_i + 2800 + o + 102 = s_i + 3102 =
    // s_(i+1). Round 4 (s_4 = 10706): CDATA at rank 1 until 13808; rank 0's UNBIND waits for its NIC
    // (CDATA's g + kG: 12306 + 202 = 12508), arrives at 13708 and is taken after CDATA, 13808..14008;
    // rank 1's UNBIND starts at 14008 and is received at 14008 + 1400 = 15408.
    // Persistent: rank 1's go at s_1 = 0 reaches rank 0 at 1400; CREDIT 1400..1600, RTS 1600..1800
    // (arrives 2800, taken after the CREDIT: 2800..3000); CTS 3000 -> 4400; DATA 4400 -> arrives
    // 5600, received at 5600 + o + 102 = 5902 = s_2. Four rounds: 4 x 5902 = 23608.
    // (Before the LogGOPS rules, with sends overlapping their overhead: 14808 and 23208.)
    assertEquals(15_408, c.endTimeNs());
    assertEquals(23_608, p.endTimeNs());
    assertTrue(channel.description().contains("15408 ns") && channel.description().contains("23608 ns"));
    assertTrue(persistent.description().contains("23608 ns") && persistent.description().contains("15408 ns"));
  }
}
