package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.anySource;
import static dev.matchpoint.mpi.program.ProgramBuilder.count;
import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.hash.Hasher;
import com.google.common.hash.Hashing;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.check.Checks;
import dev.matchpoint.mpi.trace.TraceSink;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link WorldCodec} shares a rank between two states a thread decodes one after the other when the
 * rank's bytes are the same in both (issue 13: the states of a search level mostly differ in one
 * rank), and the sharing is copy-on-write: running an action in place on one decoded state never
 * changes the other.
 */
class WorldCodecSharingTest {
  private static final String CLAUSE = "States are compact, serialisable encodings with incremental fingerprints; "
      + "the visited set holds fingerprints in primitive tables. The same encoding serves the parallel search (all "
      + "cores) and the search sharded by fingerprint on Apache Spark";

  /** Three senders to a rank whose two threads match-probe and receive from any source. */
  private static ModelSpec spec() {
    return ModelSpec.builder()
        .rank(program().send(lit(3), lit(0), lit(1), Datatype.INT).build())
        .rank(program().send(lit(3), lit(0), lit(2), Datatype.INT).build())
        .rank(program().send(lit(3), lit(0), lit(3), Datatype.INT).build())
        .rank(program().mprobe(anySource(), lit(0), "m", "st").mrecv("m", count("st", Datatype.INT), Datatype.INT, null)
            .build(), program().recv(anySource(), lit(0), lit(4), Datatype.INT, null)
            .recv(anySource(), lit(0), lit(4), Datatype.INT, null).build())
        .build();
  }

  private static String fingerprint(World w) {
    Hasher h = Hashing.murmur3_128().newHasher();
    w.hashInto(h);
    return h.hash().toString();
  }

  @Test
  @SpecClause(source = "DESIGN §5", text = CLAUSE)
  void ranksWithTheSameBytes_areShared_andAnActionOnOneDecodedState_neverChangesTheOther() {
    World initial = World.logical(spec(), TraceSink.NONE,
        new Checks(Arrays.stream(CheckKind.values()).map(CheckKind::create).toList()), false);
    WorldCodec codec = new WorldCodec(initial);
    // States in breadth-first order, each followed by its siblings: consecutive ones share ranks.
    List<World> states = new ArrayList<>(List.of(initial));
    for (int i = 0; i < states.size() && states.size() < 400; i++) {
      World w = states.get(i);
      for (Action a : w.enabled()) {
        states.add(w.successor(a).world());
      }
    }
    int shared = 0;
    for (int i = 0; i + 1 < states.size(); i++) {
      byte[] first = codec.encode(states.get(i));
      byte[] second = codec.encode(states.get(i + 1));
      World a = codec.decode(first);
      World b = codec.decode(second);
      for (int r = 0; r < a.ranks.length; r++) {
        if (Arrays.equals(a.ranks[r].encoding, b.ranks[r].encoding)) {
          assertSame(a.ranks[r], b.ranks[r], "rank " + r + " with the same bytes is decoded twice");
          shared++;
        }
      }
      for (Action action : b.enabled()) {
        World c = codec.decode(second);
        c.execute(action);
        assertArrayEquals(first, codec.encode(a), "running " + action + " on the next decoded state changed one");
        assertEquals(fingerprint(states.get(i)), fingerprint(a), "running " + action + " changed a fingerprint");
      }
    }
    assertTrue(shared > states.size(), "ranks shared: " + shared + " over " + states.size() + " states");
  }
}
