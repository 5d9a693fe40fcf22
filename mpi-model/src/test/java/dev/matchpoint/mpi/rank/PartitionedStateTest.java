package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.hash.Hasher;
import com.google.common.hash.Hashing;
import dev.matchpoint.core.sched.FifoScheduler;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.check.Checks;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.PartitionCalls;
import dev.matchpoint.mpi.program.PartitionCalls.ReadyForm;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.program.ProgramBuilder;
import dev.matchpoint.mpi.run.RunOptions;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.run.Runner;
import dev.matchpoint.mpi.trace.TraceSink;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Partitioned communication's state ({@link Partitioned}): which receive partitions have arrived
 * when the two sides partition the same bytes differently, and the state's encoding, which the
 * stateful search stores and decodes.
 */
class PartitionedStateTest {
  private static MpiOp psend(int partitions, int count, String request) {
    return new PartitionCalls.PsendInit(lit(1), lit(0), lit(partitions), lit(count), Datatype.INT, MpiOp.WORLD,
        request);
  }

  private static MpiOp precv(int partitions, int count, String request) {
    return new PartitionCalls.PrecvInit(lit(0), lit(0), lit(partitions), lit(count), Datatype.INT, MpiOp.WORLD,
        request);
  }

  private static MpiOp start(String request) {
    return new MpiOp.Start(List.of(request), false);
  }

  private static MpiOp pready(String request, int partition) {
    return new PartitionCalls.Pready(ReadyForm.ONE, List.of(lit(partition)), request);
  }

  private static MpiOp parrived(int partition, String flag) {
    return new PartitionCalls.Parrived("p", lit(partition), flag);
  }

  /** What rank 1's MPI_Parrived calls returned, in order. */
  private static List<String> parrived(RunResult r) {
    return RankRuns.returns(r, 1).stream().filter(c -> c.startsWith("MPI_Parrived")).toList();
  }

  /**
   * Rank 0 marks its send partitions ready one at a time, each after a "go" from rank 1; rank 1
   * asks MPI_Parrived about each of its receive partitions before each "go" (after a pause that
   * lets what was sent arrive).
   */
  private static RunResult stepwise(int sendPartitions, int sendCount, int recvPartitions, int recvCount) {
    ProgramBuilder s = program().call(psend(sendPartitions, sendCount, "p")).call(start("p"));
    ProgramBuilder r = program().call(precv(recvPartitions, recvCount, "p")).call(start("p"));
    for (int k = 0; k < sendPartitions; k++) {
      s.call(pready("p", k)).recv(lit(1), lit(9), lit(0), Datatype.INT, null);
      r.call(new MpiOp.Compute(lit(100_000)));
      for (int j = 0; j < recvPartitions; j++) {
        r.call(parrived(j, "f"));
      }
      r.send(lit(0), lit(9), lit(0), Datatype.INT);
    }
    s.waitFor("p", null);
    r.waitFor("p", null);
    return RankRuns.run(s.build(), r.build());
  }

  private static List<String> flags(String... values) {
    return Arrays.stream(values).map(v -> "MPI_Parrived flag=" + v).toList();
  }

  @Test
  @SpecClause(source = "MPI-4.0 §4.2.2", text = "The MPI_PARRIVED function can be used to determine if the message "
      + "data for a partition has arrived.")
  @SpecClause(source = "MPI-4.0 §4.2.3", text = "The argument partitions specifies how many equal partitions of a "
      + "number (count) of objects of datatypes make up the entire buffer to be transferred in the partitioned "
      + "communication.")
  void aReceivePartitionHasArrived_onceEverySendPartitionOverlappingItsBytesHas() {
    // Sent: 4 partitions of 1 int; received: 2 partitions of 2 ints (receive partition 0 is send 0
    // and 1, receive partition 1 is send 2 and 3).
    RunResult halves = stepwise(4, 1, 2, 2);
    assertEquals(List.of(), RankRuns.errors(halves));
    assertEquals(flags("false", "false", "true", "false", "true", "false", "true", "true"), parrived(halves));
    // Sent: 3 partitions of 2 ints (bytes 0-7, 8-15, 16-23); received: 2 partitions of 3 ints
    // (bytes 0-11 and 12-23): receive partition 0 needs send 0 and 1, partition 1 needs 1 and 2.
    RunResult straddling = stepwise(3, 2, 2, 3);
    assertEquals(List.of(), RankRuns.errors(straddling));
    assertEquals(flags("false", "false", "true", "false", "true", "true"), parrived(straddling));
  }

  private static String fingerprint(World w) {
    Hasher h = Hashing.murmur3_128().newHasher();
    w.hashInto(h);
    return h.hash().toString();
  }

  @Test
  @SpecClause(source = "DESIGN §5", text = "States are compact, serialisable encodings with incremental "
      + "fingerprints")
  void everyReachableStateOfARestartedPartitionedTransfer_decodesToTheSameState() {
    // Two epochs of 2 partitions sent before the receiver starts: partitions wait at rank 1 (arrived
    // ahead), in flight, marked ready, arrived in the current epoch.
    ProgramBuilder s = program().call(psend(2, 4, "p")).call(start("p")).call(pready("p", 0)).call(pready("p", 1))
        .waitFor("p", null).call(start("p")).call(new PartitionCalls.Pready(ReadyForm.RANGE, List.of(lit(0), lit(1)),
            "p")).waitFor("p", null);
    ProgramBuilder r = program().call(precv(2, 4, "p")).call(start("p")).call(parrived(0, "a")).waitFor("p", null)
        .call(start("p")).waitFor("p", null);
    ModelSpec spec = ModelSpec.builder().rank(s.build()).rank(r.build()).build();
    World initial = World.logical(spec, TraceSink.NONE,
        new Checks(Arrays.stream(CheckKind.values()).map(CheckKind::create).toList()), false);
    WorldCodec codec = new WorldCodec(initial);
    List<World> states = new ArrayList<>(List.of(initial));
    Set<String> seen = new HashSet<>(List.of(fingerprint(initial)));
    for (int i = 0; i < states.size(); i++) {
      World w = states.get(i);
      byte[] bytes = codec.encode(w);
      World back = codec.decode(bytes);
      assertEquals(fingerprint(w), fingerprint(back), "state " + i);
      assertArrayEquals(bytes, codec.encode(back), "state " + i);
      assertEquals(w.enabled(), back.enabled(), "state " + i);
      for (Action a : w.enabled()) {
        World next = w.successor(a).world();
        if (seen.add(fingerprint(next))) {
          states.add(next);
        }
      }
    }
    assertTrue(states.size() > 20, "states: " + states.size());
  }

  @Test
  @SpecClause(source = "MPI-4.0 §4.2.3", text = "Once a partitioned send operation is started, each partition must "
      + "be marked as ready for data transfer by the MPI_PREADY call.")
  void aDeadlockReport_countsThePartitionsMarkedReady_andThoseArrived() {
    // One of three partitions marked ready: both Waits block, the receive knows the sender's count.
    RunResult one = RankRuns.run(program().call(psend(3, 1, "p")).call(start("p")).call(pready("p", 0))
        .waitFor("p", null).build(), program().call(precv(3, 1, "p")).call(start("p")).waitFor("p", null).build());
    String text = one.report().toText();
    assertTrue(text.contains("partitioned send r0.t0#0 to rank 1 (tag 0): 1 of 3 partition(s) marked ready with "
        + "MPI_Pready"), text);
    assertTrue(text.contains("partitioned receive r1.t0#0 from rank 0 (tag 0): 1 of 3 partition(s) arrived"), text);
    // Nothing marked ready: the receive does not know the sender's partition count yet.
    RunResult none = RankRuns.run(program().call(psend(2, 1, "p")).call(start("p")).waitFor("p", null).build(),
        program().call(precv(2, 1, "p")).call(start("p")).waitFor("p", null).build());
    String nothing = none.report().toText();
    assertTrue(nothing.contains("partitioned receive r1.t0#0 from rank 0 (tag 0): 0 of the sender's partition(s) "
        + "arrived"), nothing);
    assertTrue(nothing.contains("0 of 2 partition(s) marked ready"), nothing);
  }
}
