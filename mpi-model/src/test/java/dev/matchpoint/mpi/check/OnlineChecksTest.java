package dev.matchpoint.mpi.check;

import static dev.matchpoint.mpi.program.ProgramBuilder.anySource;
import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.hash.PrimitiveSink;
import dev.matchpoint.core.sched.FifoScheduler;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.rank.ModelSpec;
import dev.matchpoint.mpi.run.RunOptions;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.run.Runner;
import java.nio.ByteBuffer;
import java.nio.charset.Charset;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The checks are online monitors whose state does not grow with the run's length: after a ring of
 * 10 rounds and one of 200 rounds every check holds the same amount of state (measured as the
 * bytes it writes into a state hash, which covers everything it keeps).
 */
class OnlineChecksTest {
  /** Each rank posts MPI_Irecv(MPI_ANY_SOURCE), sends to the next rank and waits, {@code rounds} times. */
  private static ModelSpec ring(int ranks, int rounds) {
    ModelSpec.Builder b = ModelSpec.builder();
    for (int r = 0; r < ranks; r++) {
      int next = (r + 1) % ranks;
      b.rank(program().repeat(rounds, body -> body.irecv(anySource(), lit(0), lit(1), Datatype.DOUBLE, "req")
          .send(lit(next), lit(0), lit(1), Datatype.DOUBLE).waitFor("req", null)).build());
    }
    return b.build();
  }

  /** Bytes each check writes into a state hash after a clean ring of {@code rounds} rounds. */
  private static Map<String, Long> stateBytes(int rounds) {
    Checks checks = CheckKind.all();
    RunResult r = Runner.timed(ring(8, rounds), 0, FifoScheduler.INSTANCE, RunOptions.of(checks));
    assertTrue(r.clean(), r.violations().toString());
    Map<String, Long> out = new TreeMap<>();
    for (Check c : checks.checks()) {
      CountingSink sink = new CountingSink();
      c.hashInto(sink);
      out.put(c.name(), sink.bytes);
    }
    return out;
  }

  @Test
  @SpecClause(source = "DESIGN §7", text = "The trace is a stream: checks are online monitors holding only what their "
      + "rule needs")
  void everyCheck_holdsTheSameStateAfterTenAndAfterTwoHundredRounds() {
    Map<String, Long> short10 = stateBytes(10);
    Map<String, Long> long200 = stateBytes(200);
    assertEquals(CheckKind.values().length, short10.size());
    assertEquals(short10, long200, "check state must not grow with the number of messages");
  }

  @Test
  @SpecClause(source = "DESIGN §7", text = "checks are online monitors holding only what their rule needs")
  void receivedMessages_keepsOneRangePerChannel_whenEveryMessageIsReceivedInOrder() {
    ReceivedMessages received = new ReceivedMessages();
    long key = dev.matchpoint.mpi.match.MessageIds.key(3, 0, 0);
    for (long seq = 0; seq < 1000; seq++) {
      assertTrue(received.add(1, key + seq));
    }
    assertEquals(1, received.rangeCount());
    assertTrue(!received.add(1, key + 500), "a second receipt of message 3#500 is seen");
    assertTrue(received.add(2, key + 500), "the same key at another rank is another message");
  }

  @Test
  @SpecClause(source = "DESIGN §7", text = "checks are online monitors holding only what their rule needs")
  void receivedMessages_mergesRangesAcrossAGapOnceItIsFilled() {
    ReceivedMessages received = new ReceivedMessages();
    long key = dev.matchpoint.mpi.match.MessageIds.key(0, 2, 0);
    received.add(0, key + 0);
    received.add(0, key + 2);
    received.add(0, key + 4);
    assertEquals(3, received.rangeCount());
    assertTrue(!received.contains(0, key + 3));
    received.add(0, key + 3);
    received.add(0, key + 1);
    assertEquals(1, received.rangeCount());
    for (long seq = 0; seq < 5; seq++) {
      assertTrue(received.contains(0, key + seq));
    }
    assertTrue(!received.contains(0, key + 5));
  }

  /** Counts the bytes written into it. */
  private static final class CountingSink implements PrimitiveSink {
    long bytes;

    private PrimitiveSink add(long n) {
      bytes += n;
      return this;
    }

    @Override
    public PrimitiveSink putByte(byte b) {
      return add(1);
    }

    @Override
    public PrimitiveSink putBytes(byte[] b) {
      return add(b.length);
    }

    @Override
    public PrimitiveSink putBytes(byte[] b, int off, int len) {
      return add(len);
    }

    @Override
    public PrimitiveSink putBytes(ByteBuffer b) {
      return add(b.remaining());
    }

    @Override
    public PrimitiveSink putShort(short s) {
      return add(2);
    }

    @Override
    public PrimitiveSink putInt(int i) {
      return add(4);
    }

    @Override
    public PrimitiveSink putLong(long l) {
      return add(8);
    }

    @Override
    public PrimitiveSink putFloat(float f) {
      return add(4);
    }

    @Override
    public PrimitiveSink putDouble(double d) {
      return add(8);
    }

    @Override
    public PrimitiveSink putBoolean(boolean b) {
      return add(1);
    }

    @Override
    public PrimitiveSink putChar(char c) {
      return add(2);
    }

    @Override
    public PrimitiveSink putUnencodedChars(CharSequence cs) {
      return add(2L * cs.length());
    }

    @Override
    public PrimitiveSink putString(CharSequence cs, Charset charset) {
      return add(cs.toString().getBytes(charset).length);
    }
  }
}
