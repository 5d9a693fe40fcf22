package dev.matchpoint.scenario.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.net.CreditPolicy;
import dev.matchpoint.core.net.NetworkOptions;
import dev.matchpoint.core.net.ProtocolOptions;
import dev.matchpoint.mpi.program.Expr;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.program.Stmt;
import dev.matchpoint.mpi.rank.ModelOptions;
import dev.matchpoint.mpi.run.Outcome;
import dev.matchpoint.scenario.Scenario;
import dev.matchpoint.scenario.ScenarioLoader;
import dev.matchpoint.scenario.format.ScenarioWriter;
import dev.matchpoint.scenario.importer.matching.MatchResult;
import dev.matchpoint.scenario.importer.matching.MessageMatcher;
import dev.matchpoint.scenario.importer.otf2.Otf2Archive;
import dev.matchpoint.scenario.importer.otf2.Otf2Messages;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** Trace to scenario, and trace replay through the model against the recorded matching (issue 7). */
class ConversionAndReplayTest {
  static Path resource(String path) throws URISyntaxException {
    return Path.of(ConversionAndReplayTest.class.getResource(path).toURI());
  }

  private static List<MpiOp> calls(Program p) {
    List<MpiOp> out = new ArrayList<>();
    for (Stmt s : p.body()) {
      if (s instanceof Stmt.Call c) {
        out.add(c.op());
      }
    }
    return out;
  }

  @Test
  void otf2_convertsToAScenarioThatWritesAndLoadsBack_andRunsLikeAnyScenario() throws Exception {
    Path file = resource("/traces/otf2/rich/traces.otf2");
    ImportedTrace trace = TraceImportFormat.OTF2.importer().read(file);
    ScenarioConverter.Conversion c = ScenarioConverter.convert(trace, "rich.otf2", "rich",
        ScenarioConverter.Options.defaults());
    Scenario s = c.scenario();
    assertEquals(3, s.worldSize());
    assertEquals(2, s.ranks().get(0).size(), "rank 0 has two threads in the trace");
    assertFalse(s.communicators().isEmpty(), "the reordered communicator is a duplicate with its own context");
    assertTrue(s.description().contains("OTF2 records the source and tag a receive matched"), s.description());
    String yaml = ScenarioWriter.write(s);
    Scenario back = ScenarioLoader.load(yaml, "rich.yaml");
    assertEquals(s.withoutLocations().ranks(), back.withoutLocations().ranks());
    // Every statement points back into the trace: file, operation index, rank.
    Stmt first = s.ranks().get(1).get(0).body().get(0);
    assertEquals("rich.otf2", first.at().file());
  }

  @Test
  void anySource_turnsEveryReceiveIntoAWildcard() throws Exception {
    ImportedTrace trace = TraceImportFormat.OTF2.importer().read(resource("/traces/otf2/worked/traces.otf2"));
    Scenario exact = ScenarioConverter.convert(trace, "w", "w", ScenarioConverter.Options.defaults()).scenario();
    Scenario wild = ScenarioConverter.convert(trace, "w", "w", new ScenarioConverter.Options(true, false, 1.0))
        .scenario();
    long receives = wild.ranks().stream().flatMap(List::stream).flatMap(p -> calls(p).stream())
        .filter(op -> op instanceof MpiOp.Recv || op instanceof MpiOp.Irecv).count();
    long exactWild = countWildcardReceives(exact);
    long wildWild = countWildcardReceives(wild);
    // The worked example's cancelled MPI_Irecv never records what it would have matched, so it is
    // a wildcard either way; every other receive names its source unless the option is set.
    assertEquals(1, exactWild);
    assertTrue(receives > 1, "the worked example has receives");
    assertEquals(receives, wildWild, "with the option every receive is MPI_ANY_SOURCE");
  }

  private static long countWildcardReceives(Scenario s) {
    return s.ranks().stream().flatMap(List::stream).flatMap(p -> calls(p).stream())
        .filter(op -> op instanceof MpiOp.Recv r && r.source() instanceof Expr.AnySource
            || op instanceof MpiOp.Irecv i && i.source() instanceof Expr.AnySource).count();
  }

  @Test
  void goalAndTi_wildcardsStayWildcards_andGoalTreeRunsOk() throws Exception {
    ImportedTrace goal = TraceImportFormat.GOAL.importer().read(resource("/traces/goal/binary_tree_4.goal"));
    Scenario s = ScenarioConverter.convert(goal, "tree.goal", "tree", ScenarioConverter.Options.defaults()).scenario();
    TraceReplay.Report r = TraceReplay.replay(goal, ScenarioConverter.convert(goal, "tree.goal", "tree",
        ScenarioConverter.Options.defaults()), null, 0, 10_000, Duration.ofSeconds(30));
    assertEquals(Outcome.OK, r.run().outcome());
    assertEquals(3, r.delivered().size());
    assertTrue(r.exploration().exhaustive());
    assertTrue(r.otherPairings().isEmpty(), "a tree has one pairing: " + r.otherPairings());
    assertEquals(4, s.worldSize());
  }

  @Test
  void replay_ofTheRichArchive_reproducesTheRecordedPairing_andWildcardsOpenOthers() throws Exception {
    Path file = resource("/traces/otf2/rich/traces.otf2");
    ImportedTrace trace = TraceImportFormat.OTF2.importer().read(file);
    MatchResult recorded = MessageMatcher.match(Otf2Messages.normalise(Otf2Archive.read(file)));
    // Replayed without credit packets: the recorded run cancelled rank 1's wildcard receive before
    // rank 0's tag-77 message reached it. With a credit packet per eager message, each costing rank
    // 1's CPU o (LogGOPS), rank 1 cancels 600 ns later and the message wins that race instead, which
    // MPI permits as well.
    ModelOptions noCredits = ModelOptions.defaults().withNetwork(NetworkOptions.defaults().withProtocol(
        new ProtocolOptions(4096, 0, Long.MAX_VALUE, CreditPolicy.WAIT)));
    TraceReplay.Report exact = TraceReplay.replay(trace, ScenarioConverter.convert(trace, "rich", "rich",
        ScenarioConverter.Options.defaults()).withOptions(noCredits), recorded, 0, 0, Duration.ofSeconds(1));
    assertEquals(recorded.matches().size(), exact.recordedPairs().size(), "every recorded pair maps to operations");
    assertEquals(7, exact.delivered().size());
    assertTrue(exact.differences().isEmpty(), exact.differences().toString());
    exact.delivered().forEach(d -> assertEquals("same", d.recorded()));
    exact.delivered().forEach(d -> assertTrue(d.searchLength() >= 1, d.toString()));
    TraceReplay.Report wild = TraceReplay.replay(trace, ScenarioConverter.convert(trace, "rich", "rich",
        new ScenarioConverter.Options(true, false, 1.0)), recorded, 0, 2_000, Duration.ofSeconds(60));
    assertFalse(wild.otherPairings().isEmpty(), "with MPI_ANY_SOURCE receives other pairings are possible");
  }

  @Test
  void largeTags_areRenumberedKeepingEquality_andUnknownSizesAreNoted() throws Exception {
    TraceLocation l0 = new TraceLocation(0, 0, 0, "a");
    TraceLocation l1 = new TraceLocation(1, 1, 0, "b");
    MessageSize unknown = new MessageSize(OptionalLong.of(3), "simgrid-type-7", OptionalLong.empty());
    ImportedTrace t = new ImportedTrace(TraceImportFormat.SIMGRID_TI, TraceClock.untimed(),
        List.of(new TraceCommunicator(0, "world", List.of(0, 1), false)),
        List.of(new LocationProgram(l0, List.of(
                new TraceOp.Send(OptionalLong.empty(), 1, 0, 1_000_000, unknown),
                new TraceOp.Send(OptionalLong.empty(), 1, 0, 70_000, MessageSize.bytes(8)))),
            new LocationProgram(l1, List.of(
                new TraceOp.Recv(OptionalLong.empty(), new ReceiveSpec(SourcePattern.rank(0), TagPattern.of(1_000_000),
                    0, unknown)),
                new TraceOp.Recv(OptionalLong.empty(), new ReceiveSpec(SourcePattern.rank(0), TagPattern.of(70_000), 0,
                    MessageSize.bytes(8)))))),
        List.of(), List.of(), Optional.empty());
    ScenarioConverter.Conversion c = ScenarioConverter.convert(t, "x", "x", ScenarioConverter.Options.defaults());
    assertTrue(c.notes().stream().anyMatch(n -> n.contains("renumbered 0..1")), c.notes().toString());
    assertTrue(c.notes().stream().anyMatch(n -> n.contains("unknown")), c.notes().toString());
    List<MpiOp> sends = calls(c.scenario().ranks().get(0).get(0));
    assertEquals(new Expr.Lit(1), ((MpiOp.Send) sends.get(0)).tag());
    assertEquals(new Expr.Lit(0), ((MpiOp.Send) sends.get(1)).tag());
    TraceReplay.Report r = TraceReplay.replay(t, c, null, 0, 0, Duration.ofSeconds(1));
    assertEquals(Outcome.OK, r.run().outcome(), r.run().problems().toString());
  }
}
