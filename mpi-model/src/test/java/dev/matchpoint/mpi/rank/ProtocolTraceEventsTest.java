package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.matchpoint.core.net.CreditPolicy;
import dev.matchpoint.core.net.EagerRule;
import dev.matchpoint.core.net.NetworkOptions;
import dev.matchpoint.core.net.ProtocolOptions;
import dev.matchpoint.core.sched.FifoScheduler;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.run.RunOptions;
import dev.matchpoint.mpi.run.Runner;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.trace.TraceEvent;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The packet events of a kept trace (docs/trace-format.md): a message sent, arriving, and queued when unexpected. */
class ProtocolTraceEventsTest {
  private static List<String> packetEvents(RunResult r) {
    return r.trace().events().stream().filter(e -> e instanceof TraceEvent.MessageSent
        || e instanceof TraceEvent.MessageArrived || e instanceof TraceEvent.QueuedUnexpected)
        .map(e -> e.getClass().getSimpleName() + " r" + e.rank()).toList();
  }

  @Test
  @SpecClause(source = "docs/trace-format.md", text = "`message_arrived` | `message`, `source`, `context`, `seq`, "
      + "`tag`, `bytes`, `protocol`, `mode` (an eager message or an RTS reached matching, in sequence order)")
  @SpecClause(source = "docs/trace-format.md", text = "`queued_unexpected` | `message`, `unexpected_depth` (depth "
      + "after the append)")
  void aMessageArrivingBeforeItsReceive_isTracedAsSentArrivedAndQueuedUnexpected() {
    Program sender = program().send(lit(1), lit(0), lit(1), Datatype.INT).build();
    Program late = program().call(new MpiOp.Compute(lit(50_000))).recv(lit(0), lit(0), lit(1), Datatype.INT, null)
        .build();
    assertEquals(List.of("MessageSent r0", "MessageArrived r1", "QueuedUnexpected r1"),
        packetEvents(RankRuns.run(sender, late)));
    Program early = program().recv(lit(0), lit(0), lit(1), Datatype.INT, null).build();
    assertEquals(List.of("MessageSent r0", "MessageArrived r1"), packetEvents(RankRuns.run(sender, early)),
        "a message that finds its receive posted is not queued");
  }

  private static List<String> packets(Program p0, Program p1, ProtocolOptions protocol) {
    ModelSpec spec = ModelSpec.builder().rank(p0).rank(p1).options(ModelOptions.defaults()
        .withNetwork(NetworkOptions.defaults().withProtocol(protocol))).build();
    RunResult r = Runner.timed(spec, 1, FifoScheduler.INSTANCE, RunOptions.keepingTrace(CheckKind.all()));
    return r.trace().of(TraceEvent.PacketSent.class).stream().map(e -> "r" + e.rank() + " " + e.packet() + " "
        + e.sizeBytes()).toList();
  }

  @Test
  @SpecClause(source = "docs/scenario-format.md", text = "`header-bytes` ... per-message header: carried on the "
      + "wire and counted with the payload against the eager buffer")
  void aHeader_travelsWithEveryPacket_andItsEagerCreditComesBackWithThePayload() {
    // Rendezvous (threshold 100 B): the DATA packet carries the 200 B payload and the 16 B header.
    ProtocolOptions rendezvous = new ProtocolOptions(100, 16, 1024, CreditPolicy.WAIT, EagerRule.PAYLOAD_BELOW);
    Program send = program().send(lit(1), lit(0), lit(50), Datatype.INT).build();
    Program recv = program().recv(lit(0), lit(0), lit(50), Datatype.INT, null).build();
    assertEquals(List.of("r0 RTS 16", "r1 CTS 16", "r0 DATA 216"), packets(send, recv, rendezvous));
    // Eager with room for exactly one 8 B message and its header: the second fits only if the receive
    // gave back all 24 B; otherwise it would go as rendezvous.
    ProtocolOptions oneMessage = new ProtocolOptions(4096, 16, 24, CreditPolicy.RENDEZVOUS, EagerRule.PAYLOAD_BELOW);
    Program sender = program().send(lit(1), lit(0), lit(2), Datatype.INT).call(new MpiOp.Compute(lit(100_000)))
        .send(lit(1), lit(0), lit(2), Datatype.INT).build();
    Program receiver = program().recv(lit(0), lit(0), lit(2), Datatype.INT, null)
        .recv(lit(0), lit(0), lit(2), Datatype.INT, null).build();
    assertEquals(List.of("r0 EAGER 24", "r1 CREDIT 16", "r0 EAGER 24", "r1 CREDIT 16"),
        packets(sender, receiver, oneMessage));
  }
  @Test
  @SpecClause(source = "docs/trace-format.md", text = "`message_sent` | `dest`, `tag`, `context`, `seq`, `message`, "
      + "`bytes`, `mode` (STANDARD, BUFFERED, SYNCHRONOUS, READY), `protocol` (eager, rendezvous), `request`")
  @SpecClause(source = "seed 004", text = "For small messages, the buffered protocol is most appropriate because the "
      + "extra copy cost is insignificant.")
  void messageSent_namesTheProtocolTheMessageTakes() {
    // Threshold 100 B: 4 B go eager, 200 B by rendezvous.
    ProtocolOptions protocol = new ProtocolOptions(100, 0, 1024, CreditPolicy.WAIT, EagerRule.PAYLOAD_BELOW);
    Program sender = program().send(lit(1), lit(0), lit(1), Datatype.INT).send(lit(1), lit(0), lit(50), Datatype.INT)
        .build();
    Program receiver = program().recv(lit(0), lit(0), lit(1), Datatype.INT, null)
        .recv(lit(0), lit(0), lit(50), Datatype.INT, null).build();
    ModelSpec spec = ModelSpec.builder().rank(sender).rank(receiver).options(ModelOptions.defaults()
        .withNetwork(NetworkOptions.defaults().withProtocol(protocol))).build();
    RunResult r = Runner.timed(spec, 1, FifoScheduler.INSTANCE, RunOptions.keepingTrace(CheckKind.all()));
    assertEquals(List.of("4 B eager", "200 B rendezvous"), r.trace().of(TraceEvent.MessageSent.class).stream()
        .map(e -> e.sizeBytes() + " B " + (e.rendezvous() ? "rendezvous" : "eager")).toList());
  }
}
