package dev.matchpoint.scenario.importer.otf2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.scenario.importer.FormatLimit;
import dev.matchpoint.scenario.importer.ImportedTrace;
import dev.matchpoint.scenario.importer.LocationProgram;
import dev.matchpoint.scenario.importer.MessageSize;
import dev.matchpoint.scenario.importer.ReceiveSpec;
import dev.matchpoint.scenario.importer.RequestKey;
import dev.matchpoint.scenario.importer.SourcePattern;
import dev.matchpoint.scenario.importer.TagPattern;
import dev.matchpoint.scenario.importer.TraceImportFormat;
import dev.matchpoint.scenario.importer.TraceOp;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class Otf2ImporterTest {
  private static OptionalLong t(long ticks) {
    return OptionalLong.of(ticks);
  }

  private static ReceiveSpec spec(int source, long tag, long comm, long bytes) {
    return new ReceiveSpec(SourcePattern.rank(source), TagPattern.of(tag), comm,
        MessageSize.bytes(bytes));
  }

  @Test
  void rich_locationsCommunicatorsAndClock() throws Exception {
    ImportedTrace trace = TraceImportFormat.named("otf2").importer().read(Otf2Samples.anchor("rich"));
    assertEquals(List.of("0/0 0", "0/1 4294967296", "1/0 1", "1/1 4294967297", "2/0 2"),
        trace.programs().stream().map(p -> p.location().rank() + "/" + p.location().thread() + " "
            + Long.toUnsignedString(p.location().id())).toList());
    assertEquals(List.of(0, 1, 2), trace.communicator(0).worldRanks());
    assertEquals(List.of(2, 0), trace.communicator(1).worldRanks());
    assertEquals("sub", trace.communicator(1).name());
    assertEquals(OptionalLong.of(1_000_000_000L), trace.clock().ticksPerSecond());
    assertEquals(Otf2Samples.RICH_BASE + 5, trace.clock().globalOffsetTicks());
    assertTrue(trace.limits().contains(FormatLimit.RECEIVE_WILDCARDS_NOT_RECORDED));
    assertEquals(List.of(), trace.warnings());
  }

  @Test
  void rich_rank1_programKeepsPostingOrderAndFillsIrecvsFromTheirCompletion() throws Exception {
    ImportedTrace trace = TraceImportFormat.OTF2.importer().read(Otf2Samples.anchor("rich"));
    LocationProgram rank1 = trace.program(1);
    RequestKey first = new RequestKey(1, 1, 0);
    RequestKey second = new RequestKey(1, 2, 0);
    RequestKey reused = new RequestKey(1, 1, 1);
    RequestKey fourth = new RequestKey(1, 4, 0);
    assertEquals(
        List.of(
            new TraceOp.Irecv(t(0), first, Optional.of(spec(0, 5, 0, 100))),
            new TraceOp.Irecv(t(1), second, Optional.of(spec(0, 5, 0, 200))),
            new TraceOp.Recv(t(40), spec(0, 5, 0, 300)),
            new TraceOp.Wait(t(45), List.of(second)),
            new TraceOp.Wait(t(46), List.of(first)),
            new TraceOp.Irecv(t(75), reused, Optional.empty()),
            new TraceOp.Test(t(77), reused, TraceOp.TestOutcome.NOT_COMPLETE),
            new TraceOp.Cancel(t(80), reused),
            new TraceOp.Irecv(t(85), fourth, Optional.of(spec(2, 11, 0, 8))),
            new TraceOp.Wait(t(90), List.of(fourth)),
            new TraceOp.Recv(t(145), spec(2, 12, 0, 4)),
            new TraceOp.Collective(t(195), "BARRIER", 0, OptionalInt.empty(), t(0), t(0))),
        rank1.ops());
  }

  @Test
  void rich_rank0_isendsWaitsAndCancelledIsend() throws Exception {
    ImportedTrace trace = TraceImportFormat.OTF2.importer().read(Otf2Samples.anchor("rich"));
    List<TraceOp> ops = trace.program(0).ops();
    assertEquals(new TraceOp.Isend(t(5), new RequestKey(0, 1, 0), 1, 0, 5, MessageSize.bytes(100)),
        ops.get(0));
    assertEquals(new TraceOp.Send(t(25), 1, 0, 5, MessageSize.bytes(300)), ops.get(2));
    assertEquals(new TraceOp.Wait(t(35), List.of(new RequestKey(0, 2, 0))), ops.get(3));
    assertEquals(new TraceOp.Isend(t(45), new RequestKey(0, 1, 1), 2, 0, 9, MessageSize.bytes(50)),
        ops.get(5), "request id 1 reused");
    assertEquals(new TraceOp.Cancel(t(70), new RequestKey(0, 3, 0)), ops.get(9));
    // Thread 1 of rank 0 sends on the sub-communicator to its rank 0, world rank 2.
    TraceOp.Send sub = (TraceOp.Send) trace.program(1L << 32).ops().get(0);
    assertEquals(2, trace.communicator(sub.communicator()).worldRank(sub.dest()));
  }
}
