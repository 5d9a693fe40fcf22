package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.net.DeliveryOrder;
import dev.matchpoint.core.net.LatencyModel;
import dev.matchpoint.core.net.NetworkOptions;
import dev.matchpoint.core.sched.FifoScheduler;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.program.ProgramBuilder;
import dev.matchpoint.mpi.run.Outcome;
import dev.matchpoint.mpi.run.RunOptions;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.run.Runner;
import dev.matchpoint.mpi.testing.Exhaustive;
import dev.matchpoint.mpi.trace.TraceEvent;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Persistent channels with K-slackness (seed 003, proposals 1 and 3). */
class ChannelTest {
  private static final String READY = "they automatically have the ready property";

  private static final ModelOptions OPTIONS = ModelOptions.defaults()
      .withNetwork(NetworkOptions.defaults().withLatency(new LatencyModel.Constant(1000)));

  private static MpiOp start(String r) {
    return new MpiOp.Start(List.of(r), false);
  }

  private static MpiOp bind(String in, String out, int slack) {
    return new MpiOp.BindChannel(List.of(in), List.of(out), List.of(slack), false, slack > 1);
  }

  private static ProgramBuilder sendSide(int slack) {
    return program().call(new MpiOp.SendInit(SendMode.STANDARD, lit(1), lit(0), lit(256), Datatype.INT, MpiOp.WORLD,
        "p")).call(bind("p", "ch", slack));
  }

  private static ProgramBuilder recvSide(int slack) {
    return program().call(new MpiOp.RecvInit(lit(0), lit(0), lit(256), Datatype.INT, MpiOp.WORLD, "p"))
        .call(bind("p", "ch", slack));
  }

  /** Slack 1, lock-step: the receiver starts, then tells the sender to go (the ready property). */
  static ModelSpec lockStep(int rounds, ModelOptions options) {
    Program sender = sendSide(1).repeat(rounds, b -> b.recv(lit(1), lit(9), lit(0), Datatype.INT, null)
        .call(start("ch")).waitFor("ch", null)).call(new MpiOp.UnbindChannel(List.of("ch"), false)).build();
    Program receiver = recvSide(1).repeat(rounds, b -> b.call(start("ch")).send(lit(0), lit(9), lit(0), Datatype.INT)
        .waitFor("ch", "st")).call(new MpiOp.UnbindChannel(List.of("ch"), false)).build();
    return ModelSpec.builder().rank(sender).rank(receiver).options(options).build();
  }

  private static RunResult run(ModelSpec spec) {
    return Runner.timed(spec, 1, FifoScheduler.INSTANCE, RunOptions.keepingTrace(CheckKind.all()));
  }

  @Test
  @SpecClause(source = "seed 003 Proposal 1", text = "Each start wait sequence must occur in lock step. This is a "
      + "slack-1 channel")
  @SpecClause(source = "seed 003 Proposal 1", text = READY)
  void lockStepChannel_transfersWithoutMatchingOrRendezvous_inEverySchedule_seed003Proposal1() {
    Map<Exhaustive.End, Long> ends = Exhaustive.ends(lockStep(2, OPTIONS), CheckKind.values());
    ends.keySet().forEach(e -> assertTrue(!e.violated() && !e.deadlocked() && e.problems().isEmpty(), e.toString()));
    RunResult r = run(lockStep(3, OPTIONS));
    assertEquals(Outcome.OK, r.outcome(), r.trace().toText());
    // 1 KiB per transfer: a persistent send would use RTS/CTS/DATA; the channel sends one CDATA packet.
    assertEquals(3L, r.packetCounts().get("CDATA"));
    assertEquals(null, r.packetCounts().get("RTS"));
    assertEquals(List.of(0L, 1L, 2L), r.trace().of(TraceEvent.ChannelEvent.class).stream()
        .filter(c -> c.what().equals("transfer")).map(TraceEvent.ChannelEvent::seq).toList());
  }

  @Test
  @SpecClause(source = "seed 003 Proposal 1", text = READY)
  @SpecClause(source = "DESIGN §4", text = "channels have the ready property (a send start needs the peer's receive "
      + "start)")
  void sendStartBeforeTheReceiveStart_breaksTheReadyProperty_andIsReported_seed003() {
    Program sender = sendSide(1).call(start("ch")).waitFor("ch", null).build();
    Program receiver = recvSide(1).call(new MpiOp.Compute(lit(50_000))).call(start("ch")).waitFor("ch", null).build();
    RunResult r = run(ModelSpec.builder().rank(sender).rank(receiver).options(OPTIONS).build());
    assertEquals(Outcome.ERRONEOUS, r.outcome(), r.trace().toText());
    assertTrue(r.problems().get(0).contains("channel send started before the matching receive start"),
        r.problems().toString());
  }

  @Test
  @SpecClause(source = "seed 003 Proposal 1", text = READY)
  @SpecClause(source = "DESIGN §4", text = "channels have the ready property (a send start needs the peer's receive "
      + "start)")
  void sendStart_beforeTheReceiveStart_isReportedAtTheSendStart_evenWhenItsTransferArrivesAfterIt_seed003() {
    // Both ends are bound at 1000 ns; the send end starts at once, the receive end 300 ns later; the
    // transfer arrives at 2000 ns, after the receive start, but the send start came first.
    Program sender = sendSide(1).call(start("ch")).waitFor("ch", null).build();
    Program receiver = recvSide(1).call(new MpiOp.Compute(lit(300))).call(start("ch")).waitFor("ch", null).build();
    RunResult r = run(ModelSpec.builder().rank(sender).rank(receiver).options(OPTIONS).build());
    assertEquals(Outcome.ERRONEOUS, r.outcome(), r.trace().toText());
    assertEquals(List.of("erroneous: channel send started before the matching receive start (seed 003) at r0.t0"),
        r.problems());
    assertEquals(1000, r.trace().of(TraceEvent.ErroneousUse.class).get(0).timeNs());
  }

  @Test
  @SpecClause(source = "seed 003 Proposal 3", text = "Receiver may start as many as K times before first Wait.")
  @SpecClause(source = "seed 003 Proposal 3", text = "The modulus is computed automatically via the slackness and the "
      + "count information in the original data types.")
  void kSlackPipeline_cyclesThroughKBufferSlots_seed003Proposal3() {
    int k = 3;
    // Ready semantics need the program's own flow control: one "go" message per receive start.
    Program sender = sendSide(k).repeat(6, b -> b.recv(lit(1), lit(9), lit(0), Datatype.INT, null)
        .call(start("ch")).waitFor("ch", null)).build();
    Program receiver = recvSide(k)
        .repeat(k, b -> b.call(start("ch")).send(lit(0), lit(9), lit(0), Datatype.INT))
        .repeat(3, b -> b.waitFor("ch", null).call(start("ch")).send(lit(0), lit(9), lit(0), Datatype.INT))
        .repeat(3, b -> b.waitFor("ch", null)).build();
    RunResult r = run(ModelSpec.builder().rank(sender).rank(receiver).options(OPTIONS).build());
    assertEquals(Outcome.OK, r.outcome(), r.problems() + "\n" + r.trace().toText());
    List<Integer> slots = r.trace().of(TraceEvent.ChannelEvent.class).stream()
        .filter(c -> c.what().equals("start") && c.rank() == 1).map(TraceEvent.ChannelEvent::slot).toList();
    assertEquals(List.of(0, 1, 2, 0, 1, 2), slots, "ADDRESS_BASE_INCREMENT: start n uses slot n mod K");
    List<Integer> transfers = r.trace().of(TraceEvent.ChannelEvent.class).stream()
        .filter(c -> c.what().equals("transfer")).map(TraceEvent.ChannelEvent::slot).toList();
    assertEquals(List.of(0, 1, 2, 0, 1, 2), transfers, "transfer n lands in slot n mod K");
  }

  @Test
  @SpecClause(source = "seed 003 Proposal 3", text = "No more than K outstanding send or receive starts on either "
      + "end is legal.")
  void theKPlusFirstOutstandingStart_isErroneous_seed003() {
    Program sender = sendSide(2).build();
    Program receiver = recvSide(2).call(start("ch")).call(start("ch")).call(start("ch")).build();
    RunResult r = run(ModelSpec.builder().rank(sender).rank(receiver).options(OPTIONS).build());
    assertTrue(r.problems().stream().anyMatch(p -> p.contains("more than K outstanding starts")), r.problems().toString());
    assertEquals(List.of("start 3 without a Wait on a channel of slackness 2: \"No more than K outstanding send or "
        + "receive starts on either end is legal\""), r.trace().of(TraceEvent.ErroneousUse.class).stream()
        .map(TraceEvent.ErroneousUse::detail).filter(d -> d.startsWith("start ")).toList());
  }

  @Test
  @SpecClause(source = "seed 003 Proposal 3", text = "Slackness must be the same on both ends of the channel created, "
      + "or the program is erroneous.")
  void endsDisagreeingOnSlackness_isErroneous_seed003() {
    RunResult r = run(ModelSpec.builder().rank(sendSide(2).build()).rank(recvSide(3).build()).options(OPTIONS).build());
    assertTrue(r.problems().stream().anyMatch(p -> p.contains("disagree on slackness")), r.problems().toString());
  }

  @Test
  @SpecClause(source = "seed 003 Proposal 1", text = "This is a pairwise collective operation on the pair of "
      + "processes. It is blocking.")
  void aBindWithoutItsPeer_deadlocks_andTheReportNamesIt_seed003() {
    Program sender = sendSide(1).build();
    Program other = program().build();
    RunResult r = run(ModelSpec.builder().rank(sender).rank(other).options(OPTIONS).build());
    assertEquals(Outcome.DEADLOCK, r.outcome());
    assertTrue(r.report().toText().contains("waiting for rank 1 to bind a matching persistent receive"),
        r.report().toText());
  }

  @Test
  @SpecClause(source = "docs/trace-format.md", text = "`what` (`bound`, `start`, `transfer`, `unbound`), `seq` (the"
      + " transfer's position on the channel, -1 when none), `slot` (the start's circular-buffer slot, seq mod K, -1"
      + " when none), `peer` (the rank at the other end)")
  void eachEndsChannelEvents_runFromBoundToUnbound_namingItsPeer() {
    RunResult r = run(lockStep(2, OPTIONS));
    for (int rank = 0; rank < 2; rank++) {
      int me = rank;
      List<TraceEvent.ChannelEvent> mine = r.trace().of(TraceEvent.ChannelEvent.class).stream()
          .filter(c -> c.rank() == me).toList();
      assertEquals("bound", mine.get(0).what(), mine.toString());
      assertEquals("unbound", mine.get(mine.size() - 1).what(), mine.toString());
      assertEquals(2, mine.stream().filter(c -> c.what().equals("start")).count(), mine.toString());
      assertTrue(mine.stream().allMatch(c -> c.peer() == 1 - me), mine.toString());
    }
  }

  /**
   * Rank 0 binds persistent request {@code q}, waits on the channel it named, then starts, waits for
   * and frees {@code q}; rank 1 runs {@code one}.
   */
  private static RunResult bindOf(MpiOp init, Program one) {
    Program zero = program().call(init).call(bind("q", "ch", 1)).waitFor("ch", null)
        .call(new MpiOp.Start(List.of("q"), false)).waitFor("q", null).call(new MpiOp.RequestFree("q")).build();
    return run(ModelSpec.builder().rank(zero).rank(one).options(OPTIONS).build());
  }

  @Test
  @SpecClause(source = "seed 003 Proposal 1", text = "MPI_Bind_channel(MPI_Request *request, MPI_Request"
      + " *channel_request) takes a persistent request")
  void bindingANonPersistentRequest_orAWildcardReceive_isErroneous_andTheChannelIsNull_seed003() {
    Program zero = program().irecv(lit(1), lit(0), lit(1), Datatype.INT, "q").call(bind("q", "ch", 1))
        .waitFor("ch", null).waitFor("q", null).build();
    Program one = program().send(lit(0), lit(0), lit(1), Datatype.INT).build();
    RunResult plain = run(ModelSpec.builder().rank(zero).rank(one).options(OPTIONS).build());
    assertEquals(List.of("erroneous: binding a request that is not persistent (seed 003) at r0.t0"), plain.problems());
    assertEquals(Outcome.ERRONEOUS, plain.outcome());
    RunResult wildcard = bindOf(new MpiOp.RecvInit(dev.matchpoint.mpi.program.ProgramBuilder.anySource(), lit(0),
        lit(1), Datatype.INT, MpiOp.WORLD, "q"), one);
    assertEquals(List.of("erroneous: binding a receive with MPI_ANY_SOURCE or MPI_PROC_NULL is not modelled at r0.t0"),
        wildcard.problems());
    RunResult procNull = bindOf(new MpiOp.SendInit(SendMode.STANDARD, dev.matchpoint.mpi.program.ProgramBuilder
        .procNull(), lit(0), lit(1), Datatype.INT, MpiOp.WORLD, "q"), program().build());
    assertEquals(List.of("erroneous: binding a receive with MPI_ANY_SOURCE or MPI_PROC_NULL is not modelled at r0.t0"),
        procNull.problems());
  }

  @Test
  @SpecClause(source = "seed 003 Proposal 1", text = "Using MPI_Request_free() on a persistent channel type request "
      + "is erroneous.")
  @SpecClause(source = "seed 003 Proposal 1", text = "This is blocking over the process pair of the implied channel, "
      + "and is erroneous when used on a non-bound channel or normal request.")
  void requestFreeOnAChannel_andUnbindOfANonChannel_areErroneous_seed003() {
    Program sender = sendSide(1).call(new MpiOp.RequestFree("ch"))
        .call(new MpiOp.UnbindChannel(List.of("p"), false)).build();
    RunResult r = run(ModelSpec.builder().rank(sender).rank(recvSide(1).build()).options(OPTIONS).build());
    assertTrue(r.problems().get(0).contains("MPI_Request_free on a channel endpoint"), r.problems().toString());
    assertTrue(r.problems().get(1).contains("Unbind of a request that is not a bound channel"), r.problems().toString());
  }

  @Test
  @SpecClause(source = "seed 003 Proposal 1", text = "This form is non-blocking, and a Wait, Test, or variant must be "
      + "used on the in request before the out request becomes valid.")
  @SpecClause(source = "seed 003 Proposal 1", text = "This form is non-blocking, and a Wait, Test, or variant must be "
      + "used on the request before operation is deemed completed.")
  void nonblockingBindAndUnbind_completeWithWait() {
    Program sender = program()
        .call(new MpiOp.SendInit(SendMode.STANDARD, lit(1), lit(0), lit(1), Datatype.INT, MpiOp.WORLD, "p"))
        .call(new MpiOp.BindChannel(List.of("p"), List.of("ch"), List.of(1), true, false)).waitFor("p", null)
        .recv(lit(1), lit(9), lit(0), Datatype.INT, null).call(start("ch")).waitFor("ch", null)
        .call(new MpiOp.UnbindChannel(List.of("ch"), true)).waitFor("ch", null).build();
    Program receiver = program()
        .call(new MpiOp.RecvInit(lit(0), lit(0), lit(1), Datatype.INT, MpiOp.WORLD, "p"))
        .call(new MpiOp.BindChannel(List.of("p"), List.of("ch"), List.of(1), true, false)).waitFor("p", null)
        .call(start("ch")).send(lit(0), lit(9), lit(0), Datatype.INT).waitFor("ch", "st")
        .call(new MpiOp.UnbindChannel(List.of("ch"), true)).waitFor("ch", null).build();
    Map<Exhaustive.End, Long> ends = Exhaustive.ends(ModelSpec.builder().rank(sender).rank(receiver).options(OPTIONS)
        .build(), CheckKind.values());
    ends.keySet().forEach(e -> assertTrue(!e.violated() && e.problems().isEmpty(), e.toString()));
  }

  @Test
  void channelTransfers_stayInChannelOrder_onAnUnorderedNetwork() {
    ModelOptions unordered = ModelOptions.defaults().withNetwork(NetworkOptions.defaults()
        .withOrder(DeliveryOrder.UNORDERED).withLatency(new LatencyModel.Exponential(3000)));
    int k = 4;
    Program sender = sendSide(k).recv(lit(1), lit(9), lit(0), Datatype.INT, null)
        .repeat(k, b -> b.call(start("ch"))).repeat(k, b -> b.waitFor("ch", null)).build();
    Program receiver = recvSide(k).repeat(k, b -> b.call(start("ch"))).send(lit(0), lit(9), lit(0), Datatype.INT)
        .repeat(k, b -> b.waitFor("ch", null)).build();
    boolean reordered = false;
    for (long seed = 0; seed < 20; seed++) {
      RunResult r = Runner.timed(ModelSpec.builder().rank(sender).rank(receiver).options(unordered).build(), seed,
          FifoScheduler.INSTANCE, RunOptions.keepingTrace(CheckKind.all()));
      assertEquals(Outcome.OK, r.outcome(), r.problems().toString());
      List<Long> arrivals = r.trace().of(TraceEvent.ChannelEvent.class).stream()
          .filter(c -> c.what().equals("transfer")).map(TraceEvent.ChannelEvent::seq).toList();
      reordered |= !arrivals.equals(List.of(0L, 1L, 2L, 3L));
    }
    assertTrue(reordered, "some seed delivers the channel's packets out of order, and the channel still completes");
  }

  @Test
  @SpecClause(source = "seed 003 Proposal 1", text = "The purpose of this function is to be as fast as possible, not "
      + "be the same speed or slower than persistent send/receive, or normal send-receive.")
  void channelRoundTrip_costsLessSimulatedTimeThanPersistentSendRecv_seed003() {
    // Same 1 KiB transfers on the same network: the channel needs no RTS/CTS and no matching.
    RunResult channel = run(lockStep(4, OPTIONS));
    Program sender = program()
        .call(new MpiOp.SendInit(SendMode.STANDARD, lit(1), lit(0), lit(256), Datatype.INT, MpiOp.WORLD, "p"))
        .repeat(4, b -> b.recv(lit(1), lit(9), lit(0), Datatype.INT, null).call(start("p")).waitFor("p", null)).build();
    Program receiver = program()
        .call(new MpiOp.RecvInit(lit(0), lit(0), lit(256), Datatype.INT, MpiOp.WORLD, "p"))
        .repeat(4, b -> b.call(start("p")).send(lit(0), lit(9), lit(0), Datatype.INT).waitFor("p", "st")).build();
    ModelOptions rendezvous = OPTIONS.withNetwork(OPTIONS.network().withProtocol(
        OPTIONS.network().protocol().withEagerThreshold(512)));
    RunResult persistent = run(ModelSpec.builder().rank(sender).rank(receiver).options(rendezvous).build());
    assertEquals(Outcome.OK, persistent.outcome());
    assertTrue(channel.endTimeNs() < persistent.endTimeNs(), channel.endTimeNs() + " vs " + persistent.endTimeNs());
  }

  /** Rank 0 binds a tag-5 persistent send to rank 1; rank 1 binds {@code recvInit}; one lock-step transfer. */
  private static RunResult tagged(MpiOp recvInit) {
    Program sender = program().call(new MpiOp.SendInit(SendMode.STANDARD, lit(1), lit(5), lit(4), Datatype.INT,
        MpiOp.WORLD, "p")).call(bind("p", "ch", 1)).recv(lit(1), lit(9), lit(0), Datatype.INT, null)
        .call(start("ch")).waitFor("ch", null).build();
    Program receiver = program().call(recvInit).call(bind("p", "ch", 1)).call(start("ch"))
        .send(lit(0), lit(9), lit(0), Datatype.INT).waitFor("ch", "st").build();
    return run(ModelSpec.builder().rank(sender).rank(receiver).options(OPTIONS).build());
  }

  @Test
  @SpecClause(source = "seed 003 Proposal 1", text = "This is a pairwise collective operation on the pair of "
      + "processes. It is blocking.")
  @SpecClause(source = "MPI-3.1 §3.2.4", text = "The receiver may specify a wildcard MPI_ANY_TAG value for tag, "
      + "indicating that any tag is acceptable.")
  void aReceiveBindsASendWithItsTagOrWithMpiAnyTag_andOtherwiseTheBindsWaitForever_seed003() {
    RunResult anyTag = tagged(new MpiOp.RecvInit(lit(0), dev.matchpoint.mpi.program.ProgramBuilder.anyTag(), lit(4),
        Datatype.INT, MpiOp.WORLD, "p"));
    assertEquals(Outcome.OK, anyTag.outcome(), anyTag.problems()::toString);
    assertEquals(List.of("MPI_Recv_init ", "MPI_Bind_channel ", "MPI_Start ", "MPI_Send ",
        "MPI_Wait source=0 tag=5 count=16B"), RankRuns.returns(anyTag, 1));
    RunResult sameTag = tagged(new MpiOp.RecvInit(lit(0), lit(5), lit(4), Datatype.INT, MpiOp.WORLD, "p"));
    assertEquals(Outcome.OK, sameTag.outcome(), sameTag.problems()::toString);
    RunResult otherTag = tagged(new MpiOp.RecvInit(lit(0), lit(3), lit(4), Datatype.INT, MpiOp.WORLD, "p"));
    assertEquals(Outcome.DEADLOCK, otherTag.outcome());
    assertTrue(otherTag.report().toText().contains("waiting for rank 0 to bind a matching persistent send"),
        otherTag.report().toText());
    // Two send ends never bind each other.
    Program send = program().call(new MpiOp.SendInit(SendMode.STANDARD, lit(1), lit(0), lit(4), Datatype.INT,
        MpiOp.WORLD, "p")).call(bind("p", "ch", 1)).build();
    Program sendBack = program().call(new MpiOp.SendInit(SendMode.STANDARD, lit(0), lit(0), lit(4), Datatype.INT,
        MpiOp.WORLD, "p")).call(bind("p", "ch", 1)).build();
    assertEquals(Outcome.DEADLOCK, run(ModelSpec.builder().rank(send).rank(sendBack).options(OPTIONS).build())
        .outcome());
  }

  @Test
  @SpecClause(source = "seed 003 Proposal 1", text = "Persistent channels may be freed using MPI\\_Request\\_unbind().")
  @SpecClause(source = "MPI-3.1 §3.7.3", text = "One is allowed to call MPI_WAIT with a null or inactive request "
      + "argument.")
  void aBlockingUnbind_setsTheChannelToMpiRequestNull_whichAWaitAccepts_seed003() {
    Program sender = sendSide(1).recv(lit(1), lit(9), lit(0), Datatype.INT, null).call(start("ch")).waitFor("ch", null)
        .call(new MpiOp.UnbindChannel(List.of("ch"), false)).waitFor("ch", "st").build();
    Program receiver = recvSide(1).call(start("ch")).send(lit(0), lit(9), lit(0), Datatype.INT).waitFor("ch", null)
        .call(new MpiOp.UnbindChannel(List.of("ch"), false)).build();
    RunResult r = run(ModelSpec.builder().rank(sender).rank(receiver).options(OPTIONS).build());
    assertEquals(Outcome.OK, r.outcome(), r.problems()::toString);
    assertEquals("MPI_Wait source=MPI_ANY_SOURCE tag=MPI_ANY_TAG count=0B", RankRuns.returns(r, 0)
        .get(RankRuns.returns(r, 0).size() - 1));
  }
}
