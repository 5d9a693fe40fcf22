package dev.matchpoint.spark;

import dev.matchpoint.core.explore.LevelStep;
import dev.matchpoint.spark.LevelData.Arrival;
import dev.matchpoint.spark.LevelData.Entry;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import org.apache.spark.Partitioner;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.rdd.ShuffledRDD;
import org.apache.spark.serializer.DeserializationStream;
import org.apache.spark.serializer.SerializationStream;
import org.apache.spark.serializer.Serializer;
import org.apache.spark.serializer.SerializerInstance;
import scala.reflect.ClassTag;
import scala.reflect.ClassTag$;

/**
 * The serialiser of a {@link SparkLevelSearch}'s two shuffles: a record as its fields' bytes, with no
 * class descriptors, reflection or object handles, so that writing and reading the level's
 * successors (shuffle 1: a {@code Long} fingerprint half and an {@link Arrival}) and entries
 * (shuffle 2: an {@code Integer} task and an {@link Entry}) costs little more than copying their
 * encodings. A record is: its key (8 or 4 bytes), the encoding's length (4) and bytes, the sleep
 * set's length (4) and words (8 each), then the record's longs (and an {@link Entry}'s index). Spark's
 * Java serialisation (its default) of these records, their boxed keys and the tasks took a tenth of
 * the samples of a JFR profile of Mprobe/Mrecv 6 x 6; Spark 3.5's Kryo cannot serialise the Java
 * records of the task results, so the default serialiser stays Java's and only these shuffles use
 * this one ({@link ShuffledRDD#setSerializer}).
 */
final class ShuffleSerializer extends Serializer implements Serializable {
  private static final long serialVersionUID = 1L;

  /** The two shuffles' records. */
  enum Kind {
    /** Shuffle 1: key {@code Long} (the fingerprint's second half), value {@link Arrival}. */
    ARRIVAL,
    /** Shuffle 2: key {@code Integer} (the next level's task), value {@link Entry}. */
    ENTRY
  }

  private final Kind kind;

  private ShuffleSerializer(Kind kind) {
    this.kind = kind;
  }

  /**
   * Shuffles pairs to a partitioner's partitions with this serialiser: what {@code partitionBy}
   * does with Spark's default one.
   *
   * @param pairs the pairs: {@code (Long, Arrival)} for {@link Kind#ARRIVAL}, {@code (Integer, Entry)} for {@link Kind#ENTRY}
   * @param partitioner where each key goes
   * @param kind the records
   * @param <K> the key's type
   * @param <V> the value's type
   * @return the shuffled pairs
   */
  static <K, V> JavaPairRDD<K, V> shuffle(JavaPairRDD<K, V> pairs, Partitioner partitioner, Kind kind) {
    ClassTag<K> k = ClassTag$.MODULE$.apply(kind == Kind.ARRIVAL ? Long.class : Integer.class);
    ClassTag<V> v = ClassTag$.MODULE$.apply(kind == Kind.ARRIVAL ? Arrival.class : Entry.class);
    ShuffledRDD<K, V, V> shuffled = new ShuffledRDD<>(pairs.rdd(), partitioner, k, v, v);
    shuffled.setSerializer(new ShuffleSerializer(kind));
    return new JavaPairRDD<>(shuffled, k, v);
  }

  @Override
  public SerializerInstance newInstance() {
    return new Instance(kind);
  }

  /** Streams of one kind of record; single objects (which these shuffles never serialise alone) are refused. */
  private static final class Instance extends SerializerInstance {
    private final Kind kind;

    Instance(Kind kind) {
      this.kind = kind;
    }

    @Override
    public <T> ByteBuffer serialize(T t, ClassTag<T> tag) {
      throw new UnsupportedOperationException("the shuffle serialiser writes streams only");
    }

    @Override
    public <T> T deserialize(ByteBuffer bytes, ClassTag<T> tag) {
      throw new UnsupportedOperationException("the shuffle serialiser reads streams only");
    }

    @Override
    public <T> T deserialize(ByteBuffer bytes, ClassLoader loader, ClassTag<T> tag) {
      throw new UnsupportedOperationException("the shuffle serialiser reads streams only");
    }

    @Override
    public SerializationStream serializeStream(OutputStream s) {
      return new Writer(kind, new Output(s));
    }

    @Override
    public DeserializationStream deserializeStream(InputStream s) {
      return new Reader(kind, new Input(s));
    }
  }

  /** Writes keys and values; Spark writes a record as its key, then its value. */
  private static final class Writer extends SerializationStream {
    private final Kind kind;
    private final Output out;

    Writer(Kind kind, Output out) {
      this.kind = kind;
      this.out = out;
    }

    @Override
    public <T> SerializationStream writeObject(T t, ClassTag<T> tag) {
      throw new UnsupportedOperationException("the shuffle serialiser writes keys and values");
    }

    @Override
    public <T> SerializationStream writeKey(T key, ClassTag<T> tag) {
      try {
        if (kind == Kind.ARRIVAL) {
          out.writeLong((Long) key);
        } else {
          out.writeInt((Integer) key);
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      return this;
    }

    @Override
    public <T> SerializationStream writeValue(T value, ClassTag<T> tag) {
      try {
        if (kind == Kind.ARRIVAL) {
          Arrival a = (Arrival) value;
          writeArrays(a.state, a.sleep);
          out.writeLong(a.high);
          out.writeLong(a.low);
          out.writeLong(a.first);
        } else {
          Entry e = (Entry) value;
          writeArrays(e.state, e.sleep);
          out.writeLong(e.old);
          out.writeLong(e.high);
          out.writeLong(e.low);
          out.writeLong(e.first);
          out.writeInt(e.index);
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      return this;
    }

    private void writeArrays(byte[] state, long[] sleep) throws IOException {
      out.writeInt(state.length);
      out.write(state);
      out.writeInt(sleep.length);
      for (long w : sleep) {
        out.writeLong(w);
      }
    }

    @Override
    public void flush() {
      try {
        out.flush();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    @Override
    public void close() {
      try {
        out.close();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  /** Reads keys and values back; the end of the stream is an {@code EOFException}, as Spark expects. */
  private static final class Reader extends DeserializationStream {
    private final Kind kind;
    private final Input in;

    Reader(Kind kind, Input in) {
      this.kind = kind;
      this.in = in;
    }

    @Override
    public <T> T readObject(ClassTag<T> tag) {
      throw new UnsupportedOperationException("the shuffle serialiser reads keys and values");
    }

    // An EOFException at a record's start ends the stream (Spark's asKeyValueIterator catches it).
    @Override
    @SuppressWarnings("unchecked")
    public <T> T readKey(ClassTag<T> tag) {
      try {
        return (T) (kind == Kind.ARRIVAL ? (Object) in.readLong() : (Object) in.readInt());
      } catch (EOFException e) {
        throw sneaky(e);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> T readValue(ClassTag<T> tag) {
      try {
        byte[] state = new byte[in.readInt()];
        in.readFully(state);
        long[] sleep = readSleep();
        if (kind == Kind.ARRIVAL) {
          return (T) new Arrival(state, sleep, in.readLong(), in.readLong(), in.readLong());
        }
        Entry e = new Entry(state, sleep, in.readLong(), in.readLong(), in.readLong(), in.readLong());
        e.index = in.readInt();
        return (T) e;
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    private long[] readSleep() throws IOException {
      int n = in.readInt();
      if (n == 0) {
        return LevelStep.NO_SLEEP;
      }
      long[] sleep = new long[n];
      for (int i = 0; i < n; i++) {
        sleep[i] = in.readLong();
      }
      return sleep;
    }

    @Override
    public void close() {
      try {
        in.close();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  /** A buffered stream's big-endian ints, longs and bytes, unsynchronised (one task writes it). */
  private static final class Output {
    private final OutputStream out;
    private final byte[] buf = new byte[8192];
    private int at;

    Output(OutputStream out) {
      this.out = out;
    }

    void writeInt(int v) throws IOException {
      room(4);
      for (int shift = 24; shift >= 0; shift -= 8) {
        buf[at++] = (byte) (v >>> shift);
      }
    }

    void writeLong(long v) throws IOException {
      room(8);
      for (int shift = 56; shift >= 0; shift -= 8) {
        buf[at++] = (byte) (v >>> shift);
      }
    }

    void write(byte[] b) throws IOException {
      if (b.length > buf.length - at) {
        flushBuffer();
        if (b.length > buf.length) {
          out.write(b);
          return;
        }
      }
      System.arraycopy(b, 0, buf, at, b.length);
      at += b.length;
    }

    private void room(int n) throws IOException {
      if (buf.length - at < n) {
        flushBuffer();
      }
    }

    private void flushBuffer() throws IOException {
      out.write(buf, 0, at);
      at = 0;
    }

    void flush() throws IOException {
      flushBuffer();
      out.flush();
    }

    void close() throws IOException {
      flushBuffer();
      out.close();
    }
  }

  /** Reads what {@link Output} wrote, buffered; a stream ending at a record's start is an {@link EOFException}. */
  private static final class Input {
    private final InputStream in;
    private final byte[] buf = new byte[8192];
    private int at;
    private int end;

    Input(InputStream in) {
      this.in = in;
    }

    int readInt() throws IOException {
      need(4);
      int v = 0;
      for (int i = 0; i < 4; i++) {
        v = (v << 8) | (buf[at++] & 0xff);
      }
      return v;
    }

    long readLong() throws IOException {
      need(8);
      long v = 0;
      for (int i = 0; i < 8; i++) {
        v = (v << 8) | (buf[at++] & 0xff);
      }
      return v;
    }

    void readFully(byte[] b) throws IOException {
      int n = Math.min(b.length, end - at);
      System.arraycopy(buf, at, b, 0, n);
      at += n;
      while (n < b.length) {
        int r = in.read(b, n, b.length - n);
        if (r < 0) {
          throw new EOFException();
        }
        n += r;
      }
    }

    /** Makes n bytes (at most the buffer's size) available. */
    private void need(int n) throws IOException {
      if (end - at >= n) {
        return;
      }
      System.arraycopy(buf, at, buf, 0, end - at);
      end -= at;
      at = 0;
      while (end < n) {
        int r = in.read(buf, end, buf.length - end);
        if (r < 0) {
          throw new EOFException();
        }
        end += r;
      }
    }

    void close() throws IOException {
      in.close();
    }
  }

  /** Throws a checked exception undeclared (Scala's callers catch {@code EOFException} by type). */
  @SuppressWarnings("unchecked")
  private static <E extends Throwable> RuntimeException sneaky(Throwable e) throws E {
    throw (E) e;
  }
}
