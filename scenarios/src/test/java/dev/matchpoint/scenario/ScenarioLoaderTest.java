package dev.matchpoint.scenario;

import static dev.matchpoint.mpi.program.ProgramBuilder.anySource;
import static dev.matchpoint.mpi.program.ProgramBuilder.count;
import static dev.matchpoint.mpi.program.ProgramBuilder.eq;
import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.myRank;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static dev.matchpoint.mpi.program.ProgramBuilder.source;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.net.CreditPolicy;
import dev.matchpoint.core.net.DeliveryOrder;
import dev.matchpoint.core.net.EagerRule;
import dev.matchpoint.core.net.LatencyModel;
import dev.matchpoint.core.net.NetworkOptions;
import dev.matchpoint.core.net.ProtocolOptions;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.WildcardPolicy;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.program.Expr;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.program.SourceLocation;
import dev.matchpoint.mpi.program.Stmt;
import dev.matchpoint.mpi.rank.ModelOptions;
import dev.matchpoint.mpi.run.RunOptions;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The file format and the Java builder produce the same program types (issue 4). */
class ScenarioLoaderTest {
  /** The MPI-2.2 first probe example's receiver, written with the builder (as mpi-model's tests do). */
  private static Program mpi22Receiver() {
    return program().repeat(2, body -> body
            .probe(anySource(), lit(0), "status")
            .ifElse(eq(source("status"), lit(0)),
                then -> then.recv(lit(0), lit(0), lit(1), Datatype.INTEGER, "status"),
                orElse -> orElse.recv(lit(1), lit(0), lit(1), Datatype.REAL, "status")))
        .build();
  }

  @Test
  void mpi22ProbeExample_loadedFromTheLibrary_equalsTheBuilderProgram() {
    Scenario loaded = ScenarioLoader.load(Path.of("library/mpi22-probe-correct.yaml"));
    Scenario built = new Scenario("mpi22-probe-correct", loaded.description(), loaded.source(), Expectation.OK, 0,
        Mode.TIMED,
        List.of(List.of(program().send(lit(2), lit(0), lit(1), Datatype.INTEGER).build()),
            List.of(program().send(lit(2), lit(0), lit(1), Datatype.REAL).build()),
            List.of(mpi22Receiver())),
        List.of(), ModelOptions.defaults().withWildcard(WildcardPolicy.ANY),
        List.of(CheckKind.PROBE_THEN_RECEIVE_SAME_MESSAGE, CheckKind.NO_DEADLOCK, CheckKind.NO_ERRORS,
            CheckKind.COMPLETE_BEFORE_FINALIZE),
        RunOptions.DEFAULT_STEP_BUDGET);
    assertEquals(built, loaded.withoutLocations());
    assertNotEquals(built, loaded, "the loaded statements carry their locations");
  }

  @Test
  void statements_carryTheFileLineAndColumnOfTheirName() {
    Scenario s = ScenarioLoader.load(Path.of("library/mpi22-probe-correct.yaml"));
    Stmt.Repeat repeat = (Stmt.Repeat) s.ranks().get(2).get(0).body().get(0);
    assertEquals(new SourceLocation("library/mpi22-probe-correct.yaml", 19, 9), repeat.at());
    assertEquals(new SourceLocation("library/mpi22-probe-correct.yaml", 22, 15), repeat.body().get(0).at());
  }

  @Test
  void everyKey_isRead_withItsUnit() {
    String yaml = """
        scenario: keys
        source: here
        description: all keys
        expect: deadlock
        seed: 42
        mode: logical
        wildcard-policy: round-robin
        bsend-overhead: 16
        call-cost: 25
        queues: bucketed
        step-budget: 5000
        network:
          latency: {model: uniform, min: 10, max: 20}
          order: unordered
          eager-threshold: unlimited
          header-bytes: 8
          eager-buffer: 1024
          on-credit-exhausted: rendezvous
        communicators: [left, right]
        ranks:
          - rank: 0
            threads:
              - program:
                  - isend: {dest: 1, tag: rank, count: 2, type: double, comm: left, request: r}
                  - wait: {request: r}
              - program: []
          - rank: 1
            program:
              - recv: {source: any, tag: any, count: 2, type: double, comm: left}
        checks: [no-deadlock]
        """;
    Scenario s = ScenarioLoader.load(yaml, "keys.yaml");
    assertEquals(new Scenario("keys", "all keys", "here", Expectation.DEADLOCK, 42, Mode.LOGICAL,
        List.of(List.of(program().on("left").isend(dev.matchpoint.mpi.SendMode.STANDARD, lit(1), myRank(), lit(2),
                Datatype.DOUBLE, "r").waitFor("r", null).build(), Program.empty()),
            List.of(program().on("left").recv(anySource(), new Expr.AnyTag(), lit(2), Datatype.DOUBLE, null)
                .build())),
        List.of("left", "right"),
        new ModelOptions(WildcardPolicy.ROUND_ROBIN, new NetworkOptions(new LatencyModel.Uniform(10, 20),
            DeliveryOrder.UNORDERED, new ProtocolOptions(Long.MAX_VALUE, 8, 1024, CreditPolicy.RENDEZVOUS)), 16, 25,
            ModelOptions.QueueKind.BUCKETED, dev.matchpoint.mpi.SendCancelPolicy.NEVER, false),
        List.of(CheckKind.NO_DEADLOCK), 5000), s.withoutLocations());
  }

  @Test
  void eagerRule_isRead_andDefaultsToPayloadBelow() {
    String yaml = "scenario: e\nnetwork:\n  eager-rule: %s\n  header-bytes: 56\nranks:\n  - rank: 0\n    program: []\n";
    ProtocolOptions openMpi = ScenarioLoader.load(yaml.formatted("payload-and-header-at-most"), "e.yaml").options()
        .network().protocol();
    assertEquals(new ProtocolOptions(4096, 56, 16384, CreditPolicy.WAIT, EagerRule.PAYLOAD_AND_HEADER_AT_MOST),
        openMpi);
    assertEquals(EagerRule.PAYLOAD_BELOW, ScenarioLoader.load(yaml.formatted("payload-below"), "e.yaml").options()
        .network().protocol().eagerRule());
    assertEquals(EagerRule.PAYLOAD_BELOW, ModelOptions.defaults().network().protocol().eagerRule());
  }

  @Test
  @dev.matchpoint.mpi.SpecClause(source = "LogGOPS (Hoefler et al., HPDC 2010), paraphrased as LogGOPSim.cpp implements it", text = "O is the CPU overhead "
      + "per byte and S the rendezvous threshold: messages larger than S bytes are sent with a rendezvous protocol")
  void loggopsKeys_OAndS_andCreditPackets_areRead() {
    String yaml = "scenario: l\nnetwork:\n  latency: {model: loggp, L: 900, o: 150, g: 80, G: 0.5, O: 0.25, S: 65535}\n"
        + "  credit-packets: false\nranks:\n  - rank: 0\n    program: []\n";
    NetworkOptions n = ScenarioLoader.load(yaml, "l.yaml").options().network();
    assertEquals(new LatencyModel.LogGP(900, 150, 80, 0.5, 0.25), n.latency());
    // S is the one eager threshold, compared as LogGOPSim does: size <= S goes eager.
    assertEquals(new ProtocolOptions(65535, 0, 16384, CreditPolicy.WAIT, EagerRule.PAYLOAD_AND_HEADER_AT_MOST, false),
        n.protocol());
    assertTrue(n.protocol().isEager(65535));
    assertFalse(n.protocol().isEager(65536));
    assertTrue(ModelOptions.defaults().network().protocol().creditPackets());
  }

  @Test
  void defaults_areTimedSeedZeroEveryCheckAndTheDefaultNetwork() {
    Scenario s = ScenarioLoader.load("scenario: d\nranks:\n  - rank: 0\n    program: []\n", "d.yaml");
    assertEquals(Mode.TIMED, s.mode());
    assertEquals(0, s.seed());
    assertEquals(null, s.expect());
    assertEquals(List.of(CheckKind.values()), s.checks());
    assertEquals(ModelOptions.defaults(), s.options());
    assertEquals(RunOptions.DEFAULT_STEP_BUDGET, s.stepBudget());
  }

  @Test
  void sendAndReceiveDefaults_areTagZeroOneIntOnWorld() {
    Scenario s = ScenarioLoader.load("scenario: d\nranks:\n  - rank: [0, 1]\n    program:\n"
        + "      - send: {dest: 1 - rank}\n      - recv: {source: 1 - rank, status: st}\n"
        + "      - mprobe: {source: any, message: m, status: st}\n      - mrecv: {message: m, count: st.count}\n",
        "d.yaml");
    Expr peer = new Expr.Binary(Expr.BinaryOp.SUB, lit(1), myRank());
    Program p = program().send(peer, lit(0), lit(1), Datatype.INT).recv(peer, lit(0), lit(1), Datatype.INT, "st")
        .mprobe(anySource(), lit(0), "m", "st").mrecv("m", count("st", Datatype.INT), Datatype.INT, null).build();
    assertEquals(List.of(List.of(p), List.of(p)), s.withoutLocations().ranks());
  }

  @Test
  void anEmojiAtAnyOffset_loads_evenAcrossTheYamlReadersBufferBoundary() {
    // Found by ScenarioFileFuzzTest: SnakeYAML Engine reads its input 1,024 chars at a time, and a
    // surrogate pair split by that boundary was an IndexOutOfBoundsException (exit 70).
    for (int pad = 990; pad < 1030; pad++) {
      String description = "x".repeat(pad) + "\uD83D\uDE00 end";
      Scenario s = ScenarioLoader.load("scenario: x\ndescription: " + description
          + "\nranks:\n  - rank: 0\n    program: []\n", "f.yaml");
      assertEquals(description, s.description());
    }
  }
}
