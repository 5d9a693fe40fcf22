package example;

import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.properties.MpiArbitraries;
import dev.matchpoint.properties.ReceiveCall;
import dev.matchpoint.properties.Workload;
import dev.matchpoint.properties.oracle.Exploration;
import dev.matchpoint.properties.oracle.Explore;
import dev.matchpoint.properties.oracle.TraceAssertions;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** What a user of the property library writes: the two-thread probe race, found by the explorer. */
class ProbeRaceTest {
  private static final CheckKind PROBE = CheckKind.PROBE_THEN_RECEIVE_SAME_MESSAGE;

  @Provide
  Arbitrary<Workload> twoThreadsProbe() {
    return MpiArbitraries.specs().fanIn().oneReceiveThreadPerMessage().ranks(2, 3).messages(2, 2).tags(0, 0)
        .sourceWildcardPercent(100).tagWildcardPercent(0).receives(ReceiveCall.PROBE_RECV);
  }

  @Property(tries = 5)
  void twoThreadsThatProbeThenReceive_race(@ForAll("twoThreadsProbe") Workload w) {
    Exploration e = Explore.exhaustive(w, PROBE);
    TraceAssertions.assertReachable(e, "the probe race", v -> Exploration.violates(v, PROBE));
  }

  @Example
  void theCommandLinesDependencies_stayOffTheClassPath() {
    // picocli, progressbar, jline, PlantUML: what the matchpoint command line uses, and only it.
    for (String cls : new String[] {"picocli.CommandLine", "me.tongfei.progressbar.ProgressBar",
        "org.jline.terminal.Terminal", "net.sourceforge.plantuml.SourceStringReader"}) {
      try {
        Class.forName(cls);
        throw new AssertionError(cls + " is on a property user's test class path");
      } catch (ClassNotFoundException expected) {
        // as it should be
      }
    }
  }
}
