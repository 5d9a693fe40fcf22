package dev.matchpoint.mpi.rank;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;

import dev.matchpoint.core.explore.FingerprintSink;
import dev.matchpoint.mpi.CollectiveKind;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.trace.TraceSink;
import dev.matchpoint.mpi.program.SourceLocation;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * Parts of a rank's state that decisions read must reach its fingerprint: a channel's transfers
 * arrived ahead of a gap (which decide when a later Wait returns on an unordered network) and the
 * calls in a communicator's collective log (which the call-order matching rule compares). Two
 * states that differ only there must not be taken for one by the stateful search.
 */
class ModelStateFingerprintTest {
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
  void channelEndpoints_differingOnlyInTransfersArrivedAhead_haveDifferentFingerprints() {
    Channel a = new Channel(false, 0, 0, 0, 4, Datatype.INT, 4, 1);
    Channel b = a.copy();
    assertEquals(fingerprint(a::hashInto), fingerprint(b::hashInto), "copies are one state");
    b.arrivedAhead.add(2L);
    assertNotEquals(fingerprint(a::hashInto), fingerprint(b::hashInto), "transfer 2 arrived ahead of a gap");
    Channel c = a.copy();
    c.arrivedAhead.add(3L);
    assertNotEquals(fingerprint(b::hashInto), fingerprint(c::hashInto), "which transfer arrived ahead");
  }

  @Test
  @SpecClause(source = "DESIGN §5", text = EXHAUSTIVE)
  @SpecClause(source = "MPI-3.1 §5.12", text = "All processes must call collective operations (blocking and"
      + " nonblocking) in the same order per communicator.")
  void collectiveLogs_differingOnlyInALoggedCall_haveDifferentFingerprints() {
    SourceLocation at = new SourceLocation("p.yaml", 3, 5);
    Collectives.Log a = new Collectives.Log();
    a.add(0, new Collectives.Call(CollectiveKind.BCAST, false, 0, 1, Datatype.INT, null, at));
    Collectives.Log b = a.copy();
    assertEquals(fingerprint(a::hashInto), fingerprint(b::hashInto), "copies are one state");
    Collectives.Log c = new Collectives.Log();
    c.add(0, new Collectives.Call(CollectiveKind.BCAST, false, 1, 1, Datatype.INT, null, at));
    assertNotEquals(fingerprint(a::hashInto), fingerprint(c::hashInto), "a Bcast with root 0 against one with root 1");
    Collectives.Log d = new Collectives.Log();
    d.add(0, new Collectives.Call(CollectiveKind.BARRIER, false, 0, 1, Datatype.INT, null, at));
    assertNotEquals(fingerprint(a::hashInto), fingerprint(d::hashInto), "a Bcast against a Barrier");
  }

  @Test
  @SpecClause(source = "DESIGN §5", text = EXHAUSTIVE)
  @SpecClause(source = "MPI-3.1 §5.5", text = "The type signature implied by sendcount, sendtype on process i must be"
      + " equal to the type signature implied by recvcounts[i], recvtype at the root.")
  void gathervRootCounts_areHashedCopiedAndEncoded() {
    // The root's recvcounts decide whether a later member's call matches: two logs that differ only in
    // them are two states, and a copy or an encoded and decoded world keeps them.
    SourceLocation at = new SourceLocation("p.yaml", 3, 5);
    Collectives.Log a = new Collectives.Log();
    a.add(0, new Collectives.Call(CollectiveKind.GATHERV, false, 0, 1, Datatype.INT, null, at, null, List.of(1, 2)));
    Collectives.Log b = new Collectives.Log();
    b.add(0, new Collectives.Call(CollectiveKind.GATHERV, false, 0, 1, Datatype.INT, null, at, null, List.of(2, 1)));
    assertNotEquals(fingerprint(a::hashInto), fingerprint(b::hashInto), "recvcounts [1, 2] against [2, 1]");
    assertEquals(fingerprint(a::hashInto), fingerprint(a.copy()::hashInto), "copies are one state");
    MpiOp gatherv = new MpiOp.Collective(CollectiveKind.GATHERV, lit(0), lit(1), Datatype.INT, null, MpiOp.WORLD,
        null, List.of(lit(1), lit(2)));
    World w = World.logical(ModelSpec.builder().rank(program().call(gatherv).build())
        .rank(program().call(new MpiOp.Compute(lit(1))).build()).build(), TraceSink.NONE, CheckKind.all(), false);
    w.execute(w.enabled().get(0));
    assertEquals(List.of(1, 2), w.ranks[0].collectives.get(0, 0).counts());
    WorldCodec codec = new WorldCodec(w);
    assertEquals(fingerprint(w::hashInto), fingerprint(codec.decode(codec.encode(w))::hashInto), "encoded and decoded");
  }
  @Test
  @SpecClause(source = "DESIGN §5", text = EXHAUSTIVE)
  @SpecClause(source = "MPI-4.0 §4.2.2", text = "The MPI_PARRIVED function can be used to determine if the message"
      + " data for the indicated partition has been received into the receive buffer.")
  void partitionedRequestsAndTables_differingOnlyInAPartition_haveDifferentFingerprints() {
    Partitioned a = new Partitioned(false, 4, 16, 0);
    Partitioned b = a.copy();
    assertEquals(fingerprint(a::hashInto), fingerprint(b::hashInto), "copies are one state");
    b.arrived.set(2);
    assertNotEquals(fingerprint(a::hashInto), fingerprint(b::hashInto), "partition 2 arrived");
    Partitioned c = a.copy();
    c.arrived.set(3);
    assertNotEquals(fingerprint(b::hashInto), fingerprint(c::hashInto), "which partition arrived");
    Partitioned d = new Partitioned(true, 4, 16, 0);
    Partitioned e = d.copy();
    e.ready.set(1);
    assertNotEquals(fingerprint(d::hashInto), fingerprint(e::hashInto), "partition 1 marked ready");
    Partitioned.Table t = new Partitioned.Table();
    Partitioned.Table u = new Partitioned.Table(t);
    assertEquals(fingerprint(t::hashInto), fingerprint(u::hashInto), "copies are one state");
    u.ahead.add(new Partitioned.Ahead(0, new Partitioned.Data(5, 0, 0, 0, 0, 1, 4, 16, Datatype.INT,
        SourceLocation.unknown())));
    assertNotEquals(fingerprint(t::hashInto), fingerprint(u::hashInto), "a partition arrived ahead of its epoch");
    Partitioned.Table v = new Partitioned.Table(t);
    v.next(new Partitioned.Key(true, 1, 0, 0));
    assertNotEquals(fingerprint(t::hashInto), fingerprint(v::hashInto), "one partitioned initialisation counted");
  }

  @Test
  @SpecClause(source = "DESIGN §5", text = EXHAUSTIVE)
  void rankStates_differingOnlyInOnePart_haveDifferentFingerprints() {
    dev.matchpoint.mpi.program.Program one = dev.matchpoint.mpi.program.ProgramBuilder.program()
        .iprobe(dev.matchpoint.mpi.program.ProgramBuilder.lit(1), dev.matchpoint.mpi.program.ProgramBuilder.lit(0),
            "f", null).build();
    ModelSpec spec = ModelSpec.builder().rank(one, one).rank(one).build();
    World w = World.logical(spec, dev.matchpoint.mpi.trace.TraceSink.NONE,
        new dev.matchpoint.mpi.check.Checks(List.of()), false);
    RankState a = w.ranks[0];
    List<Long> base = fingerprint(a::hashInto);
    assertEquals(base, fingerprint(a.copy()::hashInto), "copies are one state");
    // The second thread's step alone (a rank of two threads).
    RankState stepped = w.successor(Action.step(0, 1, -1)).world().ranks[0];
    assertNotEquals(base, fingerprint(stepped::hashInto), "thread 1 made its call");
    RankState seq = a.copy();
    seq.nextSeq(1, 0);
    assertNotEquals(base, fingerprint(seq::hashInto), "a send sequence number taken");
    RankState attached = a.copy();
    attached.bufferAttachedAt = new SourceLocation("p.yaml", 2, 3);
    assertNotEquals(base, fingerprint(attached::hashInto), "where the buffer was attached");
    RankState offered = a.copy();
    offered.bindOffers.add(new Payloads.BindOffer(true, 1, 0, 0, 1, 7));
    assertNotEquals(base, fingerprint(offered::hashInto), "a peer's bind offer kept");
    RankState logged = a.copy();
    logged.collectives.add(0, new Collectives.Call(CollectiveKind.BARRIER, false, 0, 0, Datatype.INT, null,
        SourceLocation.unknown()));
    assertNotEquals(base, fingerprint(logged::hashInto), "a collective call logged");
    RankState counted = a.copy();
    counted.partitionsForWrite().next(new Partitioned.Key(true, 1, 0, 0));
    assertNotEquals(base, fingerprint(counted::hashInto), "a partitioned initialisation counted");
  }
}
