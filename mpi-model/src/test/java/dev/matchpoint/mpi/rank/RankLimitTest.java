package dev.matchpoint.mpi.rank;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.mpi.RequestIds;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.match.MessageIds;
import dev.matchpoint.mpi.program.Code;
import dev.matchpoint.mpi.program.Compiler;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.ProgramBuilder;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The world-size limit, 2^24 ranks (issue 12): the packed identities that carry a rank (message
 * keys, request ids) hold every rank below it, and a model of exactly 2^24 ranks is accepted while
 * one more is refused with the limit named.
 */
class RankLimitTest {
  private static final String DEST_RANGE = "Thus, the range of valid values for dest is 0, ..., n-1 ∪ "
      + "{MPI_PROC_NULL}, where n is the number of processes in the group.";

  @Test
  @SpecClause(source = "MPI-3.1 §3.2.3", text = DEST_RANGE)
  void messageKey_largestSourceContextAndSequence_roundTrip() {
    int source = ModelSpec.MAX_RANKS - 1;
    long key = MessageIds.key(source, ModelSpec.MAX_CONTEXTS - 1, (1L << 32) - 1);
    assertEquals(source, MessageIds.source(key));
    assertEquals(255, MessageIds.context(key));
    assertEquals((1L << 32) - 1, MessageIds.seq(key));
    long next = MessageIds.key(source - 1, 0, 0);
    assertEquals(source - 1, MessageIds.source(next));
    assertEquals("16777215#4294967295@255", MessageIds.format(key));
    assertThrows(IllegalArgumentException.class, () -> MessageIds.key(ModelSpec.MAX_RANKS, 0, 0));
    assertThrows(IllegalArgumentException.class, () -> MessageIds.key(0, ModelSpec.MAX_CONTEXTS, 0));
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.2.3", text = DEST_RANGE)
  void requestId_largestRankThreadAndIndex_roundTrip_andNeverNone() {
    int rank = ModelSpec.MAX_RANKS - 1;
    long id = RequestIds.id(rank, 65534, (1 << 24) - 1);
    assertEquals(rank, RequestIds.rank(id));
    assertEquals(65534, RequestIds.thread(id));
    assertEquals((1 << 24) - 1, RequestIds.index(id));
    assertNotEquals(RequestIds.NONE, id);
    assertEquals("r16777215.t65534#16777215", RequestIds.format(id));
    assertThrows(IllegalArgumentException.class, () -> RequestIds.id(ModelSpec.MAX_RANKS, 0, 0));
    assertThrows(IllegalArgumentException.class, () -> RequestIds.id(0, 65535, 0));
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.2.3", text = DEST_RANGE)
  void modelSpec_2to24Ranks_accepted_oneMoreRefusedNamingTheLimit() {
    Code empty = Compiler.compile(ProgramBuilder.program().build(), Set.of(MpiOp.WORLD));
    List<Code> oneThread = List.of(empty);
    ModelSpec spec = new ModelSpec(Collections.nCopies(1 << 24, oneThread), Map.of(MpiOp.WORLD, 0),
        ModelOptions.defaults());
    assertEquals(16_777_216, spec.worldSize());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new ModelSpec(
        Collections.nCopies((1 << 24) + 1, oneThread), Map.of(MpiOp.WORLD, 0), ModelOptions.defaults()));
    assertTrue(e.getMessage().contains("at most 16777216 ranks"), e.getMessage());
  }
}
