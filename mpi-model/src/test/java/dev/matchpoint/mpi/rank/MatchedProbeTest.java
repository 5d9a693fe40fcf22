package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.anySource;
import static dev.matchpoint.mpi.program.ProgramBuilder.count;
import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.procNull;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.net.CreditPolicy;
import dev.matchpoint.core.net.DeliveryOrder;
import dev.matchpoint.core.net.LatencyModel;
import dev.matchpoint.core.net.NetworkOptions;
import dev.matchpoint.core.net.ProtocolOptions;
import dev.matchpoint.core.sched.FifoScheduler;
import dev.matchpoint.core.sched.SeededScheduler;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.ErrorClass;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.check.Checks;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.run.Outcome;
import dev.matchpoint.mpi.run.RunOptions;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.run.Runner;
import dev.matchpoint.mpi.trace.MatchKind;
import dev.matchpoint.mpi.trace.Trace;
import dev.matchpoint.mpi.trace.TraceEvent;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The matched probe and matched receive (seed 000 §3; MPI-3.1 §3.8.2–3.8.3). */
class MatchedProbeTest {
  private static final ModelOptions SMALL_LATENCY = ModelOptions.defaults().withNetwork(new NetworkOptions(
      new LatencyModel.Constant(1000), DeliveryOrder.PER_PAIR_FIFO, new ProtocolOptions(4096, 0, 16384,
      CreditPolicy.WAIT)));

  private static int indexOf(Trace trace, java.util.function.Predicate<TraceEvent> p) {
    List<TraceEvent> events = trace.events();
    for (int i = 0; i < events.size(); i++) {
      if (p.test(events.get(i))) {
        return i;
      }
    }
    throw new AssertionError("no such event in\n" + trace.toText());
  }

  @Test
  @SpecClause(source = "seed 000 §3.2", text = "When a matched probe operation matches a synchronous-mode send, the "
      + "synchronous send can only complete once the corresponding matched receive operation has begun execution.")
  void ssendMatchedByMprobe_completesOnlyAfterTheMrecvStarts_seed000Revision3() {
    // "When a matched probe operation matches a synchronous-mode send, the synchronous send can only
    // complete once the corresponding matched receive operation has begun execution."
    Program sender = program().send(SendMode.SYNCHRONOUS, lit(1), lit(0), lit(1), Datatype.INT).build();
    Program receiver = program().mprobe(anySource(), lit(0), "m", "st").call(new MpiOp.Compute(lit(20_000)))
        .mrecv("m", count("st", Datatype.INT), Datatype.INT, null).build();
    ModelSpec spec = ModelSpec.builder().rank(sender).rank(receiver).options(SMALL_LATENCY).build();
    RunResult timed = Runner.timed(spec, 1, FifoScheduler.INSTANCE, RunOptions.keepingTrace(Checks.none()));
    TraceEvent.CallReturned ssend = timed.trace().of(TraceEvent.CallReturned.class).stream()
        .filter(c -> c.call().equals("MPI_Ssend")).findFirst().orElseThrow();
    assertEquals(22_000, ssend.timeNs(), "Mprobe at 1 us, Mrecv at 21 us, its ACK arrives at 22 us");
    for (long seed = 0; seed < 50; seed++) {
      Trace t = Runner.logical(spec, new SeededScheduler(seed), RunOptions.keepingTrace(Checks.none())).trace();
      int mrecv = indexOf(t, e -> e instanceof TraceEvent.Matched m && m.match() == MatchKind.MRECV);
      int done = indexOf(t, e -> e instanceof TraceEvent.CallReturned c && c.call().equals("MPI_Ssend"));
      assertTrue(mrecv < done, "seed " + seed + ":\n" + t.toText());
    }
  }

  @Test
  @SpecClause(source = "DESIGN §4", text = "rendezvous (RTS with the envelope; CTS when a matching receive or Mrecv "
      + "starts; then DATA) at or above it")
  void rendezvousMatchedByMprobe_sendsItsCtsOnlyWhenTheMrecvStarts() {
    Program sender = program().send(lit(1), lit(0), lit(5000), Datatype.INT).build();
    Program receiver = program().mprobe(anySource(), lit(0), "m", "st").call(new MpiOp.Compute(lit(20_000)))
        .mrecv("m", count("st", Datatype.INT), Datatype.INT, "st").build();
    RunResult r = Runner.timed(ModelSpec.builder().rank(sender).rank(receiver).options(SMALL_LATENCY).build(), 1,
        FifoScheduler.INSTANCE, RunOptions.keepingTrace(Checks.none()));
    TraceEvent.PacketSent cts = r.trace().of(TraceEvent.PacketSent.class).stream()
        .filter(p -> p.packet().equals("CTS")).findFirst().orElseThrow();
    assertEquals(21_000, cts.timeNs());
    assertEquals(Outcome.OK, r.outcome());
  }

  @Test
  @SpecClause(source = "seed 000 §3.2", text = "A matched receive executed with the message handle will receive the "
      + "message that was matched by the probe. Unlike MPI_IPROBE, no other probe or receive operation may match the "
      + "message returned by MPI_IMPROBE.")
  void mprobe_takesTheMessageOutOfTheQueue_noOtherProbeOrReceiveFindsIt_seed000() {
    Program sender = program().send(lit(1), lit(0), lit(1), Datatype.INT).build();
    Program receiver = program().mprobe(anySource(), lit(0), "m", "st")
        .iprobe(anySource(), lit(0), "found", null)
        .improbe(anySource(), lit(0), "found2", "m2", null)
        .mrecv("m", lit(1), Datatype.INT, "st").build();
    RunResult r = Runner.timed(ModelSpec.builder().rank(sender).rank(receiver).build(), 1, FifoScheduler.INSTANCE,
        RunOptions.keepingTrace(CheckKind.all()));
    assertEquals(Outcome.OK, r.outcome(), r.trace().toText());
    List<String> results = r.trace().of(TraceEvent.CallReturned.class).stream()
        .filter(c -> c.rank() == 1).map(c -> c.call() + " " + c.result()).toList();
    assertEquals(List.of("MPI_Mprobe message=0#0 source=0 tag=0 count=4B", "MPI_Iprobe flag=false",
        "MPI_Improbe flag=false", "MPI_Mrecv source=0 tag=0 count=4B"), results);
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.8.2", text = "A matching probe with MPI_PROC_NULL as source returns flag = true, "
      + "message = MPI_MESSAGE_NO_PROC, and the status object returns source = MPI_PROC_NULL, tag = MPI_ANY_TAG, and "
      + "count = 0")
  @SpecClause(source = "MPI-3.1 §3.8.3", text = "If MPI_MRECV is called with MPI_MESSAGE_NO_PROC as the message "
      + "argument, the call returns immediately with the status object set to source = MPI_PROC_NULL, tag = "
      + "MPI_ANY_TAG, and count = 0, as if a receive from MPI_PROC_NULL was issued")
  void mprobeFromProcNull_givesMessageNoProc_andMrecvReturnsTheProcNullStatus_mpi31() {
    Program p = program().mprobe(procNull(), lit(0), "m", "st").mrecv("m", lit(1), Datatype.INT, "st2")
        .improbe(procNull(), lit(0), "flag", "m2", null).build();
    RunResult r = Runner.timed(ModelSpec.builder().rank(p).build(), 1, FifoScheduler.INSTANCE,
        RunOptions.keepingTrace(CheckKind.all()));
    List<String> results = r.trace().of(TraceEvent.CallReturned.class).stream()
        .map(c -> c.call() + " " + c.result()).toList();
    assertEquals(List.of("MPI_Mprobe message=MPI_MESSAGE_NO_PROC source=MPI_PROC_NULL tag=MPI_ANY_TAG count=0B",
        "MPI_Mrecv source=MPI_PROC_NULL tag=MPI_ANY_TAG count=0B",
        "MPI_Improbe flag=true message=MPI_MESSAGE_NO_PROC"), results);
    assertEquals(Outcome.OK, r.outcome());
  }

  @Test
  @SpecClause(source = "seed 000 §3.3", text = "The message handle is set to MPI_MESSAGE_NULL.")
  @SpecClause(source = "seed 000 §3.4", text = "MPI_ERR_MESSAGE Invalid message argument")
  void mrecvOfAHandleAlreadyReceived_isMpiErrMessage_seed000Section34() {
    // Mrecv sets the handle to MPI_MESSAGE_NULL (MPI-3.1 §3.8.3); using it again is MPI_ERR_MESSAGE.
    Program sender = program().send(lit(1), lit(0), lit(1), Datatype.INT).build();
    Program receiver = program()
        .mprobe(lit(0), lit(0), "m", null)
        .mrecv("m", lit(1), Datatype.INT, null)
        .mrecv("m", lit(1), Datatype.INT, "st")
        .call(new MpiOp.Imrecv("m", lit(1), Datatype.INT, "r")).build();
    RunResult r = Runner.timed(ModelSpec.builder().rank(sender).rank(receiver).build(), 1, FifoScheduler.INSTANCE,
        RunOptions.keepingTrace(Checks.none()));
    List<TraceEvent.ErrorRaised> errors = r.trace().of(TraceEvent.ErrorRaised.class);
    assertEquals(List.of("MPI_Mrecv", "MPI_Imrecv"), errors.stream().map(TraceEvent.ErrorRaised::call).toList(),
        r.trace().toText());
    errors.forEach(e -> assertEquals(ErrorClass.MPI_ERR_MESSAGE, e.error()));
    assertEquals(Outcome.ERRONEOUS, r.outcome());
    List<TraceEvent.CallReturned> mrecvs = r.trace().of(TraceEvent.CallReturned.class).stream()
        .filter(c -> c.call().equals("MPI_Mrecv")).toList();
    assertEquals(ErrorClass.MPI_SUCCESS, mrecvs.get(0).error());
    assertEquals(ErrorClass.MPI_ERR_MESSAGE, mrecvs.get(1).error());
  }

  @Test
  @SpecClause(source = "seed 000 §3.2", text = "Otherwise, the call returns flag = false, and leaves message "
      + "undefined.")
  void mrecvOfAHandleLeftUndefinedByAFailedImprobe_isAProgramError_mpi31() {
    // Seed 000 §3.2: "Otherwise, the call returns flag = false, and leaves message undefined". MPI-3.1 §3.8.2
    // reads "leaves status and message undefined"; only the undefined message handle is checked here.
    Program p = program().improbe(procNull(), lit(0), "flag", "m", null).improbe(lit(0), lit(0), "flag", "m2", null)
        .mrecv("m2", lit(1), Datatype.INT, null).build();
    RunResult r = Runner.timed(ModelSpec.builder().rank(p).build(), 1, FifoScheduler.INSTANCE,
        RunOptions.keepingTrace(Checks.none()));
    assertEquals(Outcome.ERRONEOUS, r.outcome());
    assertTrue(r.trace().of(TraceEvent.ErroneousUse.class).get(0).detail().contains("'m2' is read before"),
        r.trace().toText());
  }

  @Test
  @SpecClause(source = "seed 000 §3.2", text = "A matched probe is not a receive. Therefore, a ready send that "
      + "matches an MPI_IMPROBE operation is erroneous and its outcode is undefined.")
  void rsendTakenByAMatchedProbe_isErroneous_seed000Revision3() {
    // "A matched probe is not a receive. Therefore, a ready send that matches an MPI_IMPROBE operation is
    // erroneous". The Rsend also found no posted receive, which MPI-3.1 §3.4 already forbids.
    Program sender = program().send(SendMode.READY, lit(1), lit(0), lit(1), Datatype.INT).build();
    Program receiver = program().mprobe(lit(0), lit(0), "m", null).mrecv("m", lit(1), Datatype.INT, null).build();
    RunResult r = Runner.timed(ModelSpec.builder().rank(sender).rank(receiver).build(), 1, FifoScheduler.INSTANCE,
        RunOptions.keepingTrace(Checks.none()));
    assertEquals(Outcome.ERRONEOUS, r.outcome());
    assertTrue(r.problems().stream().anyMatch(p -> p.contains("ready-mode send matched by a matched probe")),
        r.problems().toString());
  }
}
