package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.anySource;
import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.sched.ChoiceKind;
import dev.matchpoint.core.sched.ChoicePoint;
import dev.matchpoint.core.sched.FifoScheduler;
import dev.matchpoint.core.sched.Scheduler;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.check.Checks;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.run.RunOptions;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.run.Runner;
import dev.matchpoint.mpi.trace.TraceEvent;
import dev.matchpoint.mpi.trace.TraceSink;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * What {@link World} reports about a run: action labels, the labels of timed choices, the latest
 * receive, queue-depth maxima and the call a thread is in.
 */
class WorldReportsTest {
  private static RunResult logical(ModelSpec spec) {
    return Runner.logical(spec, FifoScheduler.INSTANCE, RunOptions.keepingTrace(CheckKind.all()));
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.2.4", text = "The receiver may specify a wildcard MPI_ANY_SOURCE value for source, "
      + "and/or a wildcard MPI_ANY_TAG value for tag, indicating that any source and/or tag are acceptable.")
  void actionLabels_nameTheCallItsAlternativeAndThePacket() {
    Program send = program().send(lit(2), lit(5), lit(1), Datatype.INT).build();
    Program recv = program().recv(anySource(), lit(5), lit(1), Datatype.INT, null).build();
    World w = World.logical(ModelSpec.builder().rank(send).rank(send).rank(recv).build(), TraceSink.NONE,
        new Checks(List.of()), false);
    w.execute(Action.step(0, 0, -1));
    w.execute(Action.step(1, 0, -1));
    String call = "r2.t0 MPI_Recv(source=MPI_ANY_SOURCE, tag=5, count=1 MPI_INT, comm=world) at <java>";
    assertEquals(List.of(call, "deliver EAGER 0->2 #0 (message 0#0, tag 5)",
        "deliver EAGER 1->2 #0 (message 1#0, tag 5)"), w.enabled().stream().map(w::describe).toList());
    assertEquals("deliver ? 1->2 #4", w.describe(Action.deliver(1, 2, 4)));
    w.execute(Action.deliver(0, 2, 0));
    w.execute(Action.deliver(1, 2, 0));
    // Both messages wait at rank 2: the wildcard receive has one alternative per source.
    assertEquals(List.of(call + " [source 0]", call + " [source 1]"), w.enabled().stream().map(w::describe).toList());
  }

  @Test
  @SpecClause(source = "docs/cli.md", text = "the time the last receive completed (`last recv`, `none` when no receive"
      + " completed: what LogGOPSim reports as a schedule's end")
  void latestReceive_isTheLastCompletedReceive_notACancelledOneOrASend() {
    // Rank 0 receives, then has a receive cancelled and a send completed, both after the receive.
    Program r0 = program().recv(lit(1), lit(0), lit(1), Datatype.INT, null)
        .irecv(lit(1), lit(7), lit(1), Datatype.INT, "c").call(new MpiOp.Cancel("c")).waitFor("c", null)
        .isend(SendMode.STANDARD, lit(1), lit(3), lit(1), Datatype.INT, "s").waitFor("s", null).build();
    Program r1 = program().send(lit(0), lit(0), lit(1), Datatype.INT).build();
    RunResult r = logical(ModelSpec.builder().rank(r0).rank(r1).build());
    List<TraceEvent.RequestCompleted> done = r.trace().of(TraceEvent.RequestCompleted.class).stream()
        .filter(e -> e.rank() == 0).toList();
    assertEquals(List.of(false, true, false), done.stream().map(TraceEvent.RequestCompleted::cancelled).toList());
    assertEquals(done.get(0).timeNs(), r.lastReceiveNs(), done.toString());
    assertTrue(done.get(2).timeNs() > done.get(1).timeNs() && done.get(1).timeNs() > done.get(0).timeNs());
    // No receive at all: -1.
    RunResult none = logical(ModelSpec.builder().rank(program().isend(SendMode.STANDARD, lit(1), lit(3), lit(1),
        Datatype.INT, "s").waitFor("s", null).build()).rank(program().build()).build());
    assertEquals(-1, none.lastReceiveNs());
  }

  @Test
  @SpecClause(source = "docs/cli.md", text = "queue-depth maxima per rank (posted receives / unexpected messages)")
  void queueMaxima_areTheDeepestPostedAndUnexpectedQueuesOfEachRank() {
    // Rank 0 computes while rank 1's three messages arrive (3 unexpected); rank 2 posts two receives before rank
    // 3's messages arrive (2 posted).
    Program late = program().call(new MpiOp.Compute(lit(5000)))
        .repeat(3, b -> b.recv(lit(1), lit(0), lit(1), Datatype.INT, null)).build();
    Program three = program().repeat(3, b -> b.send(lit(0), lit(0), lit(1), Datatype.INT)).build();
    Program early = program().irecv(lit(3), lit(0), lit(1), Datatype.INT, "a")
        .irecv(lit(3), lit(0), lit(1), Datatype.INT, "b").waitAll("a", "b").build();
    Program two = program().call(new MpiOp.Compute(lit(5000))).send(lit(2), lit(0), lit(1), Datatype.INT)
        .send(lit(2), lit(0), lit(1), Datatype.INT).build();
    RunResult r = Runner.timed(ModelSpec.builder().rank(late).rank(three).rank(early).rank(two).build(), 1,
        FifoScheduler.INSTANCE, RunOptions.keepingTrace(CheckKind.all()));
    assertTrue(r.problems().isEmpty(), r.problems().toString());
    assertEquals("[[0, 3], [0, 0], [2, 0], [0, 0]]", java.util.Arrays.deepToString(r.queueMaxima()));
  }

  @Test
  void currentCall_isTheCallAThreadIsIn_andNullOnceItFinished() {
    Program send = program().send(lit(1), lit(0), lit(1), Datatype.INT).build();
    Program recv = program().recv(lit(0), lit(0), lit(1), Datatype.INT, null).build();
    World w = World.logical(ModelSpec.builder().rank(send).rank(recv).build(), TraceSink.NONE, new Checks(List.of()),
        false);
    assertTrue(w.currentCall(0, 0) instanceof MpiOp.Send);
    w.execute(Action.step(0, 0, -1));
    assertEquals(null, w.currentCall(0, 0));
    assertTrue(w.currentCall(1, 0) instanceof MpiOp.Recv);
  }

  /** Answers every choice with its first option and keeps, per kind, every option's label. */
  private static final class Recording implements Scheduler {
    final Map<ChoiceKind, Set<String>> labels = new TreeMap<>();

    @Override
    public int choose(ChoicePoint point) {
      for (int i = 0; i < point.optionCount(); i++) {
        labels.computeIfAbsent(point.kind(), k -> new TreeSet<>()).add(point.labels().apply(i));
      }
      return 0;
    }

    @Override
    public boolean decidesTies() {
      return true;
    }

    @Override
    public String describe() {
      return "recording";
    }
  }

  @Test
  @SpecClause(source = "DESIGN §2", text = "Every nondeterministic decision — which of several same-time events"
      + " fires, which enabled action runs next in exploration, which packet a reordering link delivers — is a call"
      + " on the `Scheduler` seam.")
  void timedChoices_areOfferedWithTheLabelsOfTheirOptions() {
    // Ranks 0 and 1 send to rank 2 at time 0 (tied calls, then tied injections); rank 2 computes while both
    // messages arrive, then receives with MPI_ANY_SOURCE (a wildcard choice between the two sources).
    Program send = program().send(lit(2), lit(0), lit(1), Datatype.INT).build();
    Program recv = program().call(new MpiOp.Compute(lit(5000))).recv(anySource(), lit(0), lit(1), Datatype.INT, null)
        .recv(anySource(), lit(0), lit(1), Datatype.INT, null).build();
    Recording s = new Recording();
    RunResult r = Runner.timed(ModelSpec.builder().rank(send).rank(send).rank(recv).build(), 1, s,
        RunOptions.of(CheckKind.all()));
    assertTrue(r.clean(), r.problems().toString());
    assertEquals(Set.of("source 0", "source 1"), s.labels.get(ChoiceKind.WILDCARD));
    Set<String> ties = s.labels.get(ChoiceKind.TIE);
    assertTrue(ties.containsAll(List.of("r0.t0 MPI_Send(dest=2, tag=0, count=1 MPI_INT, comm=world) at <java>",
        "r1.t0 MPI_Send(dest=2, tag=0, count=1 MPI_INT, comm=world) at <java>", "eager 0#0 injected",
        "eager 1#0 injected")), ties.toString());
  }
}
