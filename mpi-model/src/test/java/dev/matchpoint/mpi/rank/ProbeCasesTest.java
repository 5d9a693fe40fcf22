package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.anySource;
import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.procNull;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static dev.matchpoint.mpi.rank.RankRuns.errors;
import static dev.matchpoint.mpi.rank.RankRuns.returns;
import static dev.matchpoint.mpi.rank.RankRuns.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.run.Outcome;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.trace.TraceEvent;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Probe, Iprobe, Mprobe, Improbe, Mrecv and Imrecv on invalid arguments, MPI_PROC_NULL and long
 * messages (MPI-3.1 §3.8.1–3.8.3; seed 000 §3.2–3.4).
 */
class ProbeCasesTest {
  @Test
  @SpecClause(source = "MPI-3.1 §8.4", text = "MPI_ERR_RANK Invalid source or destination rank")
  @SpecClause(source = "seed 000 §3.2", text = "Otherwise, the call returns flag = false, and leaves message "
      + "undefined.")
  void probesWithAnInvalidSource_returnMpiErrRank_flagFalse_andNoMessage() {
    // Rank 7 does not exist in a world of 2. The message of rank 0 stays queued for the Recv.
    Program sender = program().send(lit(1), lit(0), lit(1), Datatype.INT).build();
    Program receiver = program().call(new MpiOp.Compute(lit(5_000)))
        .iprobe(lit(7), lit(0), "f", "st")
        .improbe(lit(7), lit(0), "g", "m", "st")
        .call(new MpiOp.Mprobe(lit(7), lit(0), MpiOp.WORLD, "m2", "st"))
        .call(new MpiOp.Probe(lit(7), lit(0), MpiOp.WORLD, "st"))
        .mrecv("m2", lit(1), Datatype.INT, "st")
        .recv(lit(0), lit(0), lit(1), Datatype.INT, "st").build();
    RunResult r = run(sender, receiver);
    String empty = " source=MPI_ANY_SOURCE tag=MPI_ANY_TAG count=0B ";
    String emptyMprobe = "MPI_Mprobe message=MPI_MESSAGE_NULL" + empty + "MPI_ERR_RANK";
    String emptyProbe = "MPI_Probe" + empty + "MPI_ERR_RANK";
    String emptyMrecv = "MPI_Mrecv" + empty + "MPI_ERR_MESSAGE";
    assertEquals(List.of("MPI_Iprobe flag=false MPI_ERR_RANK", "MPI_Improbe flag=false MPI_ERR_RANK",
        emptyMprobe, emptyProbe, emptyMrecv, "MPI_Recv source=0 tag=0 count=4B"), returns(r, 1));
    assertEquals(List.of("MPI_Iprobe MPI_ERR_RANK", "MPI_Improbe MPI_ERR_RANK", "MPI_Mprobe MPI_ERR_RANK",
        "MPI_Probe MPI_ERR_RANK", "MPI_Mrecv MPI_ERR_MESSAGE"), errors(r));
    assertEquals(1, r.trace().matches().size(), "no probe matched the message; the Recv did");
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.11", text = "A receive from MPI_PROC_NULL succeeds and returns as soon as "
      + "possible with no modifications to the receive buffer.")
  @SpecClause(source = "seed 000 §3.3", text = "Start a matched, non-blocking receive of a message found by a "
      + "matching probe operation (section 3.2). The message handle is set to MPI_MESSAGE_NULL.")
  void imrecvOfMessageNoProc_givesARequestThatCompletesWithTheProcNullStatus_mpi31Section383() {
    Program p = program().mprobe(procNull(), lit(0), "m", null).imrecv("m", lit(1), Datatype.INT, "r")
        .waitFor("r", "st").build();
    RunResult r = run(p);
    assertEquals(Outcome.OK, r.outcome(), r.problems().toString());
    assertEquals(List.of("MPI_Mprobe message=MPI_MESSAGE_NO_PROC", "MPI_Imrecv ",
        "MPI_Wait source=MPI_PROC_NULL tag=MPI_ANY_TAG count=0B"), returns(r, 0));
    assertEquals(List.of("source " + dev.matchpoint.mpi.Mpi.PROC_NULL), r.trace().of(TraceEvent.RequestCompleted.class).stream()
        .map(e -> "source " + e.source()).toList(), "the request completed when the Imrecv returned");
  }

  @Test
  @SpecClause(source = "MPI-3.1 §8.4", text = "MPI_ERR_COUNT Invalid count argument")
  @SpecClause(source = "seed 000 §3.3", text = "An overflow error occurs if all incoming data does not fit, "
      + "without truncation, into the receive buffer.")
  void mrecvWithANegativeCount_isMpiErrCount_andALongMessageTruncates() {
    // The handle survives the failed Imrecv (its request is MPI_REQUEST_NULL); the Mrecv then receives
    // the 2-int message into a 1-int buffer.
    Program sender = program().send(lit(1), lit(0), lit(2), Datatype.INT).build();
    Program receiver = program().mprobe(anySource(), lit(0), "m", null)
        .imrecv("m", lit(-1), Datatype.INT, "r").waitFor("r", "st")
        .mrecv("m", lit(1), Datatype.INT, "st").build();
    RunResult r = run(sender, receiver);
    assertEquals(List.of("MPI_Imrecv MPI_ERR_COUNT", "MPI_Mrecv MPI_ERR_TRUNCATE"), errors(r));
    assertEquals(List.of("MPI_Mprobe message=0#0", "MPI_Imrecv  MPI_ERR_COUNT",
        "MPI_Wait source=MPI_ANY_SOURCE tag=MPI_ANY_TAG count=0B",
        "MPI_Mrecv source=0 tag=0 count=4B MPI_ERR_TRUNCATE"), returns(r, 1));
  }

  @Test
  @SpecClause(source = "seed 000 §3.3", text = "This call receives a message found by a matching probe operation "
      + "(section 3.2).")
  @SpecClause(source = "seed 004", text = "a rendez-vous protocol, where the receiver sends the receive buffer address "
      + "to the sender which then stores directly from the send buffer into the receive buffer")
  void blockingMrecvOfARendezvousMessage_returnsWhenItsDataArrives() {
    // 2000 ints exceed the default eager threshold: RTS at 0, Mprobe and Mrecv at 1 us, CTS back at 2 us,
    // DATA arrives at 3 us or later; the Mrecv returns then, not when it starts.
    Program sender = program().send(lit(1), lit(0), lit(2000), Datatype.INT).build();
    Program receiver = program().mprobe(lit(0), lit(0), "m", "st").mrecv("m", lit(2000), Datatype.INT, "st")
        .build();
    RunResult r = run(sender, receiver);
    assertEquals(Outcome.OK, r.outcome(), r.problems().toString());
    TraceEvent.CallReturned mrecv = r.trace().of(TraceEvent.CallReturned.class).stream()
        .filter(c -> c.call().equals("MPI_Mrecv")).findFirst().orElseThrow();
    TraceEvent.CallReturned probe = r.trace().of(TraceEvent.CallReturned.class).stream()
        .filter(c -> c.call().equals("MPI_Mprobe")).findFirst().orElseThrow();
    assertEquals("source=0 tag=0 count=8000B", mrecv.result());
    assertEquals(true, mrecv.timeNs() > probe.timeNs(), r.trace().toText());
  }

  @Test
  @SpecClause(source = "seed 001", text = "The call matches the same message that would have been received by a call "
      + "to MPI_RECV(..., source, tag, comm, status) executed at the same point in the program")
  @SpecClause(source = "seed 000 §3.2", text = "Otherwise, the call returns flag = false, and leaves message "
      + "undefined.")
  @SpecClause(source = "MPI-3.1 §8.4", text = "MPI_ERR_RANK Invalid source or destination rank")
  void flagsAndStatuses_areWrittenByEveryProbe_whateverTheyHeldBefore() {
    // Each flag and status variable first holds a found message's values; a later probe that finds
    // nothing, fails, or probes MPI_PROC_NULL overwrites them.
    Program sender = program().send(lit(1), lit(0), lit(1), Datatype.INT).send(lit(1), lit(1), lit(1), Datatype.INT)
        .build();
    Program receiver = program().probe(lit(0), lit(1), "st")
        .iprobe(lit(0), lit(0), "f", "st").iprobe(lit(7), lit(0), "f", "st")
        .iprobe(lit(0), lit(0), "f", "st").probe(procNull(), lit(0), "st")
        .improbe(lit(0), lit(0), "g", "m", "st").improbe(lit(0), lit(0), "g", "m2", "st")
        .improbe(lit(0), lit(1), "g", "m3", "st").improbe(lit(7), lit(0), "g", "m4", "st")
        .mrecv("m3", lit(1), Datatype.INT, "st")
        .mprobe(lit(7), lit(0), "m5", "st")
        .mrecv("m", lit(1), Datatype.INT, "st").build();
    RunResult r = run(sender, receiver);
    String empty = " source=MPI_ANY_SOURCE tag=MPI_ANY_TAG count=0B";
    assertEquals(List.of("MPI_Probe source=0 tag=1 count=4B",
        "MPI_Iprobe flag=true source=0 tag=0 count=4B", "MPI_Iprobe flag=false MPI_ERR_RANK",
        "MPI_Iprobe flag=true source=0 tag=0 count=4B", "MPI_Probe source=MPI_PROC_NULL tag=MPI_ANY_TAG count=0B",
        "MPI_Improbe flag=true message=0#0 source=0 tag=0 count=4B", "MPI_Improbe flag=false",
        "MPI_Improbe flag=true message=0#1 source=0 tag=1 count=4B",
        "MPI_Improbe flag=false MPI_ERR_RANK",
        "MPI_Mrecv source=0 tag=1 count=4B", "MPI_Mprobe message=MPI_MESSAGE_NULL" + empty + " MPI_ERR_RANK",
        "MPI_Mrecv source=0 tag=0 count=4B"), returns(r, 1));
  }

  @Test
  @SpecClause(source = "MPI-3.1 §8.7", text = "if the process executed a nonblocking send, it must eventually call "
      + "MPI_WAIT, MPI_TEST, MPI_REQUEST_FREE, or any derived function")
  @SpecClause(source = "seed 000 §3.3", text = "Start a matched, non-blocking receive of a message found by a "
      + "matching probe operation (section 3.2). The message handle is set to MPI_MESSAGE_NULL.")
  void imrecvNeverCompleted_isOutstandingAtFinalize_andAZeroCountMrecvOfAnEmptyMessageIsFine() {
    Program sender = program().send(lit(1), lit(0), lit(0), Datatype.INT).send(lit(1), lit(1), lit(1), Datatype.INT)
        .build();
    Program receiver = program().mprobe(lit(0), lit(0), "m", null).mrecv("m", lit(0), Datatype.INT, "st")
        .mprobe(lit(0), lit(1), "n", null).imrecv("n", lit(1), Datatype.INT, "r").build();
    RunResult r = run(sender, receiver);
    assertEquals(List.of("MPI_Mprobe message=0#0", "MPI_Mrecv source=0 tag=0 count=0B", "MPI_Mprobe message=0#1",
        "MPI_Imrecv "), returns(r, 1));
    assertEquals(Outcome.ERRONEOUS, r.outcome());
    assertEquals(1, r.problems().size(), r.problems().toString());
    List<String> found = r.violations().stream().filter(v -> v.check().equals("complete-before-finalize"))
        .map(dev.matchpoint.mpi.check.Violation::message).toList();
    assertEquals(1, found.size(), found.toString());
    assertTrue(found.get(0).contains("(MPI_Imrecv)"), found.toString());
  }
}
