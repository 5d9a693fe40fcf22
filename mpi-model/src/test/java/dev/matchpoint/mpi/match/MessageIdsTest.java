package dev.matchpoint.mpi.match;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.matchpoint.mpi.rank.ModelSpec;
import org.junit.jupiter.api.Test;

/** A message's identity key holds exactly its fields' ranges, so two messages never share a key. */
class MessageIdsTest {
  @Test
  void key_acceptsEachFieldsWholeRange_andRejectsOneBeyond() {
    int maxSource = ModelSpec.MAX_RANKS - 1;
    int maxContext = ModelSpec.MAX_CONTEXTS - 1;
    long maxSeq = (1L << 32) - 1;
    long key = MessageIds.key(maxSource, maxContext, maxSeq);
    assertEquals(maxSource, MessageIds.source(key));
    assertEquals(maxContext, MessageIds.context(key));
    assertEquals(maxSeq, MessageIds.seq(key));
    assertEquals(0L, MessageIds.key(0, 0, 0));
    assertThrows(IllegalArgumentException.class, () -> MessageIds.key(-1, 0, 0));
    assertThrows(IllegalArgumentException.class, () -> MessageIds.key(maxSource + 1, 0, 0));
    assertThrows(IllegalArgumentException.class, () -> MessageIds.key(0, -1, 0));
    assertThrows(IllegalArgumentException.class, () -> MessageIds.key(0, maxContext + 1, 0));
    assertThrows(IllegalArgumentException.class, () -> MessageIds.key(0, 0, -1));
    assertThrows(IllegalArgumentException.class, () -> MessageIds.key(0, 0, maxSeq + 1));
    assertEquals("3#7", MessageIds.format(MessageIds.key(3, 0, 7)));
    assertEquals("3#7@2", MessageIds.format(MessageIds.key(3, 2, 7)));
  }
}
