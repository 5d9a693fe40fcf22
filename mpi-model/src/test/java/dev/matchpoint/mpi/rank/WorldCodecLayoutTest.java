package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.anySource;
import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.codec.StateWriter;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.trace.TraceSink;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * {@link WorldCodec}'s layout: "Engines, threads and ranks write a mask of their parts that differ
 * from a new one's, then those", so a rank nothing has happened to is its engine's bytes and one
 * zero mask per thread and for the rank; and every encoding starts with the layout version the
 * codec reports, which decoding checks.
 */
class WorldCodecLayoutTest {
  private static final String CLAUSE = "States are compact, serialisable encodings with incremental fingerprints; "
      + "the visited set holds fingerprints in primitive tables. The same encoding serves the parallel search (all "
      + "cores) and the search sharded by fingerprint on Apache Spark";

  /** Two ranks, one with two threads; every thread has variables (statuses, requests, flags). */
  private static World initial() {
    ModelSpec spec = ModelSpec.builder()
        .rank(program().irecv(anySource(), lit(0), lit(1), Datatype.INT, "r").waitFor("r", "st").build(),
            program().iprobe(anySource(), lit(0), "f", "st2").build())
        .rank(program().isend(SendMode.STANDARD, lit(0), lit(0), lit(1), Datatype.INT, "s").waitFor("s", null).build())
        .build();
    return World.logical(spec, TraceSink.NONE, CheckKind.all(), false);
  }

  @Test
  @SpecClause(source = "DESIGN §5", text = CLAUSE)
  void aRankNothingHasHappenedTo_isItsEnginesBytesAndZeroMasks() {
    World w = initial();
    WorldCodec codec = new WorldCodec(w);
    World decoded = codec.decode(codec.encode(w));
    WireCodec wire = new WireCodec(w.spec());
    for (RankState r : w.ranks) {
      assertTrue(Arrays.stream(r.threads).allMatch(t -> t.vars.length > 0), "every thread has variables");
      StateWriter expected = new StateWriter();
      r.engine.encodeInto(expected, wire::putMessage);
      for (int t = 0; t < r.threads.length; t++) {
        expected.putVar(0);
      }
      expected.putVar(0);
      assertArrayEquals(expected.toByteArray(), decoded.ranks[r.rank].encoding, "rank " + r.rank);
    }
  }

  @Test
  @SpecClause(source = "DESIGN §5", text = CLAUSE)
  void everyEncodingStartsWithTheVersionTheCodecReports_andAnotherVersionIsRefused() {
    World w = initial();
    WorldCodec codec = new WorldCodec(w);
    byte[] b = codec.encode(w);
    assertEquals(WorldCodec.VERSION, codec.version());
    assertEquals(codec.version(), b[0]);
    b[0]++;
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> codec.decode(b));
    assertEquals("encoded state of layout version " + (WorldCodec.VERSION + 1) + ", expected " + WorldCodec.VERSION,
        e.getMessage());
  }
}
