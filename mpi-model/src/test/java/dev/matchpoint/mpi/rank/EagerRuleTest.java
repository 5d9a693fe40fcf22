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
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.check.Checks;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.run.Outcome;
import dev.matchpoint.mpi.run.RunOptions;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.run.Runner;
import dev.matchpoint.mpi.testing.Exhaustive;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Each implementation's eager-limit convention reproduces its head-to-head deadlock boundary to the
 * byte: two ranks that each MPI_Send n bytes to the other before receiving complete when the
 * messages go eager and deadlock when they go rendezvous (seed 004).
 */
class EagerRuleTest {
  private static final String SEED_004 = "This protocol may lead to deadlock when using MPI_Send and MPI_Recv because "
      + "the sender blocks while waiting for the receive buffer address.";

  /** Whether n-byte head-to-head sends deadlock, in every logical schedule and in the timed run alike. */
  private static boolean deadlocks(int bytes, ProtocolOptions protocol) {
    Program p0 = program().send(lit(1), lit(0), lit(bytes), Datatype.BYTE)
        .recv(lit(1), lit(0), lit(bytes), Datatype.BYTE, null).build();
    Program p1 = program().send(lit(0), lit(0), lit(bytes), Datatype.BYTE)
        .recv(lit(0), lit(0), lit(bytes), Datatype.BYTE, null).build();
    ModelSpec spec = ModelSpec.builder().rank(p0).rank(p1)
        .options(ModelOptions.defaults().withNetwork(NetworkOptions.defaults().withProtocol(protocol))).build();
    Map<Exhaustive.End, Long> ends = Exhaustive.ends(spec, CheckKind.NO_DEADLOCK);
    Set<Boolean> logical = ends.keySet().stream().map(Exhaustive.End::deadlocked).collect(Collectors.toSet());
    RunResult timed = Runner.timed(spec, 0, FifoScheduler.INSTANCE, RunOptions.of(Checks.none()));
    boolean deadlock = timed.outcome() == Outcome.DEADLOCK;
    assertEquals(Set.of(deadlock), logical, bytes + " bytes: the timed run and every schedule agree");
    return deadlock;
  }

  @Test
  @SpecClause(source = "Open MPI 4.1 pml/ob1 (mca_pml_ob1_send_request_start_btl)", text = "a send goes eager when "
      + "its packed size is at most the BTL's eager limit minus the size of the ob1 header")
  @SpecClause(source = "seed 004", text = SEED_004)
  void headToHead_openMpiRule_vaderDefaults_4040BytesComplete_4041Deadlock() {
    // vader: btl_vader_eager_limit 4096, ob1 header 56 bytes.
    ProtocolOptions openMpi = new ProtocolOptions(4096, 56, 16384, CreditPolicy.WAIT,
        EagerRule.PAYLOAD_AND_HEADER_AT_MOST);
    assertEquals(false, deadlocks(4040, openMpi), "4040 + 56 = 4096 <= 4096: eager");
    assertEquals(true, deadlocks(4041, openMpi), "4041 + 56 = 4097 > 4096: rendezvous");
  }

  @Test
  @SpecClause(source = "SimGrid SMPI (smpi/send-is-detached-thresh)", text = "Threshold of message size where "
      + "MPI_Send stops behaving like MPI_Isend and becomes MPI_Ssend")
  @SpecClause(source = "seed 004", text = SEED_004)
  void headToHead_payloadBelowRule_simGridDefault_65535BytesComplete_65536Deadlock_headerNotCounted() {
    // SimGrid's default threshold 65536; MPICH/UCX compare the size with UCX_RNDV_THRESH the same way.
    // A 56-byte header travels with the data but does not count against the threshold.
    ProtocolOptions belowThreshold = new ProtocolOptions(65536, 56, Long.MAX_VALUE, CreditPolicy.WAIT,
        EagerRule.PAYLOAD_BELOW);
    assertEquals(false, deadlocks(65535, belowThreshold), "65535 < 65536: eager");
    assertEquals(true, deadlocks(65536, belowThreshold), "65536 is not below 65536: rendezvous");
  }
}
