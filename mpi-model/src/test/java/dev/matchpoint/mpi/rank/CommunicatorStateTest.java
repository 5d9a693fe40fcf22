package dev.matchpoint.mpi.rank;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.matchpoint.core.explore.FingerprintSink;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.program.SourceLocation;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * The communicators created at run time reach the state fingerprint: a rank's table (each
 * communicator's members in rank order, the contexts it freed) and the arguments of the Comm_dup,
 * Comm_split and Comm_free calls in a collective log, which decide the new communicators' groups
 * and context ids. Two states that differ only there must not be taken for one.
 */
class CommunicatorStateTest {
  private static final String EXHAUSTIVE = "Exhaustive means exhaustive: every model decision reads only state the"
      + " search can see (what the state fingerprint covers), and the reduced search reaches exactly the outcomes of"
      + " naive enumeration on generated programs that use every feature";

  private static List<Long> fingerprint(Consumer<FingerprintSink> part) {
    FingerprintSink s = new FingerprintSink();
    part.accept(s);
    return List.of(s.high(), s.low());
  }

  @Test
  @SpecClause(source = "DESIGN §5", text = EXHAUSTIVE)
  void tables_differingOnlyInMembersOrderOrAFreedContext_haveDifferentFingerprints() {
    Communicators.Table a = new Communicators.Table();
    a.groups.put(3, new int[] {0, 2});
    Communicators.Table b = a.copy();
    assertEquals(fingerprint(a::hashInto), fingerprint(b::hashInto), "copies are one state");
    Communicators.Table order = new Communicators.Table();
    order.groups.put(3, new int[] {2, 0});
    assertNotEquals(fingerprint(a::hashInto), fingerprint(order::hashInto), "the members' ranks differ");
    Communicators.Table context = new Communicators.Table();
    context.groups.put(4, new int[] {0, 2});
    assertNotEquals(fingerprint(a::hashInto), fingerprint(context::hashInto), "the context id differs");
    b.setFreed(1, true);
    assertNotEquals(fingerprint(a::hashInto), fingerprint(b::hashInto), "context 1 is freed");
    b.setFreed(1, false);
    assertEquals(fingerprint(a::hashInto), fingerprint(b::hashInto), "and no longer");
  }

  @Test
  @SpecClause(source = "DESIGN §5", text = EXHAUSTIVE)
  @SpecClause(source = "MPI-3.1 §6.4.2", text = "This is a collective call, but each process is permitted to provide "
      + "different values for color and key.")
  void collectiveLogs_differingOnlyInASplitsColourKeyOrChosenContext_haveDifferentFingerprints() {
    SourceLocation at = new SourceLocation("p.yaml", 3, 5);
    List<List<Long>> prints = new java.util.ArrayList<>();
    for (Communicators.CommCall call : List.of(new Communicators.CommCall(Communicators.Kind.SPLIT, 0, 0, -1),
        new Communicators.CommCall(Communicators.Kind.SPLIT, 1, 0, -1),
        new Communicators.CommCall(Communicators.Kind.SPLIT, 0, 1, -1),
        new Communicators.CommCall(Communicators.Kind.SPLIT, 0, 0, 2),
        new Communicators.CommCall(Communicators.Kind.DUP, 0, 0, -1))) {
      Collectives.Log log = new Collectives.Log();
      log.add(0, Collectives.Call.of(call, at));
      assertEquals(fingerprint(log::hashInto), fingerprint(log.copy()::hashInto), "copies are one state");
      prints.add(fingerprint(log::hashInto));
    }
    assertEquals(prints.size(), prints.stream().distinct().count(), "colour, key, chosen context and call all count");
  }
}
