package dev.matchpoint.mpi.rank;

import com.google.common.hash.PrimitiveSink;
import dev.matchpoint.core.StateHashable;
import dev.matchpoint.core.codec.StateReader;
import dev.matchpoint.core.codec.StateWriter;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.program.SourceLocation;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Map;
import java.util.TreeMap;

/**
 * The partitioned state of one MPI_Psend_init or MPI_Precv_init request (MPI-4.0 chapter 4): its
 * partitioning, its place in the order of the rank's partitioned initialisations with the same
 * peer, tag and communicator (which decides its match), and what its current epoch (the
 * communication the latest MPI_Start began) has done: partitions marked ready and injected at the
 * send side, the sender's partitions arrived at the receive side. The request's own fields hold the
 * peer ({@code dest} or {@code sourcePattern}), tag, context and datatype.
 */
final class Partitioned {
  final boolean sender;
  /** Number of partitions, at least 0. */
  final int partitions;
  /** Bytes per partition (count times the datatype's size). */
  final long bytesPerPartition;
  /** Position among the rank's partitioned initialisations of this side, peer, tag and context, from 0. */
  final int ordinal;
  /** Epochs started (MPI_Start calls), 0 before the first; the current epoch is {@code epochs - 1}. */
  long epochs;
  /** Send side: partitions marked ready in the current epoch. */
  BitSet ready = new BitSet();
  /** Send side: partitions whose packet has left in the current epoch. */
  int injected;
  /** Receive side: the sender's partitions arrived in the current epoch. */
  BitSet arrived = new BitSet();
  /** Receive side: the sender's partition count and size, known from the epoch's first arrival; -1 before. */
  int senderPartitions = -1;
  long senderBytesPerPartition;

  Partitioned(boolean sender, int partitions, long bytesPerPartition, int ordinal) {
    this.sender = sender;
    this.partitions = partitions;
    this.bytesPerPartition = bytesPerPartition;
    this.ordinal = ordinal;
  }

  Partitioned copy() {
    Partitioned p = new Partitioned(sender, partitions, bytesPerPartition, ordinal);
    p.epochs = epochs;
    p.ready = (BitSet) ready.clone();
    p.injected = injected;
    p.arrived = (BitSet) arrived.clone();
    p.senderPartitions = senderPartitions;
    p.senderBytesPerPartition = senderBytesPerPartition;
    return p;
  }

  /** Receive side: every partition the sender sent in this epoch has arrived. */
  boolean allArrived() {
    return senderPartitions >= 0 && arrived.cardinality() == senderPartitions;
  }

  /**
   * Receive side: whether receive partition {@code j} has arrived: every send partition that
   * overlaps its bytes has (the two sides may partition the same bytes differently). A partition of
   * no bytes, or past the bytes sent, has arrived once the whole message has.
   */
  boolean partitionArrived(int j) {
    if (senderPartitions < 0) {
      return false;
    }
    long sb = senderBytesPerPartition;
    long rb = bytesPerPartition;
    if (sb == 0 || rb == 0 || (long) j * rb >= (long) senderPartitions * sb) {
      return allArrived();
    }
    long first = (long) j * rb / sb;
    long last = Math.min(senderPartitions - 1L, ((long) (j + 1) * rb - 1) / sb);
    for (long i = first; i <= last; i++) {
      if (!arrived.get((int) i)) {
        return false;
      }
    }
    return true;
  }

  void hashInto(PrimitiveSink sink) {
    sink.putBoolean(sender).putInt(partitions).putLong(bytesPerPartition).putInt(ordinal).putLong(epochs)
        .putInt(injected).putInt(senderPartitions).putLong(senderBytesPerPartition);
    hashBits(ready, sink);
    hashBits(arrived, sink);
  }

  private static void hashBits(BitSet bits, PrimitiveSink sink) {
    sink.putInt(bits.cardinality());
    for (int i = bits.nextSetBit(0); i >= 0; i = bits.nextSetBit(i + 1)) {
      sink.putInt(i);
    }
  }

  void encodeInto(StateWriter w) {
    w.putBoolean(sender).putVar(partitions).putVar(bytesPerPartition).putVar(ordinal).putVar(epochs).putVar(injected)
        .putSigned(senderPartitions).putVar(senderBytesPerPartition);
    putBits(ready, w);
    putBits(arrived, w);
  }

  static Partitioned decode(StateReader in) {
    Partitioned p = new Partitioned(in.getBoolean(), in.getVarInt(), in.getVar(), in.getVarInt());
    p.epochs = in.getVar();
    p.injected = in.getVarInt();
    p.senderPartitions = in.getSignedInt();
    p.senderBytesPerPartition = in.getVar();
    p.ready = getBits(in);
    p.arrived = getBits(in);
    return p;
  }

  private static void putBits(BitSet bits, StateWriter w) {
    w.putVar(bits.cardinality());
    for (int i = bits.nextSetBit(0); i >= 0; i = bits.nextSetBit(i + 1)) {
      w.putVar(i);
    }
  }

  private static BitSet getBits(StateReader in) {
    BitSet bits = new BitSet();
    for (int n = in.getVarInt(); n > 0; n--) {
      bits.set(in.getVarInt());
    }
    return bits;
  }

  /**
   * One partition on the wire (a PDATA packet): which match and epoch it belongs to, the sender's
   * partitioning and datatype (for the size and type rules), and where the MPI_Psend_init was
   * written (reports only, not hashed).
   *
   * @param sendRequest the partitioned send request
   * @param tag the send's tag
   * @param context the send's communicator context
   * @param ordinal the send's {@link Partitioned#ordinal}
   * @param epoch the send's epoch, from 0
   * @param partition the partition, in {@code [0, partitions)}
   * @param partitions the sender's partition count
   * @param bytesPerPartition the sender's bytes per partition
   * @param type the sender's datatype
   * @param sentAt where the send request was initialised
   */
  record Data(long sendRequest, int tag, int context, int ordinal, long epoch, int partition, int partitions,
      long bytesPerPartition, Datatype type, SourceLocation sentAt) implements StateHashable {
    @Override
    public void hashInto(PrimitiveSink sink) {
      sink.putLong(sendRequest).putInt(tag).putInt(context).putInt(ordinal).putLong(epoch).putInt(partition)
          .putInt(partitions).putLong(bytesPerPartition).putInt(type.ordinal());
    }
  }

  /** A partition that reached its rank before the epoch of its receive started. */
  record Ahead(int source, Data data) {}

  /** Which partitioned initialisations a rank has made, per side, peer, tag and context. */
  record Key(boolean sender, int peer, int tag, int context) implements Comparable<Key> {
    @Override
    public int compareTo(Key o) {
      int c = Boolean.compare(sender, o.sender);
      c = c != 0 ? c : Integer.compare(peer, o.peer);
      c = c != 0 ? c : Integer.compare(tag, o.tag);
      return c != 0 ? c : Integer.compare(context, o.context);
    }
  }

  /**
   * A rank's partitioned state outside its requests: how many partitioned initialisations it has
   * made per {@link Key} (the next one's ordinal), and the partitions that arrived ahead of their
   * receive's epoch, in arrival order.
   */
  static final class Table {
    /** The table of a rank that has none: read only. */
    static final Table EMPTY = new Table();
    final TreeMap<Key, Integer> inits;
    final ArrayList<Ahead> ahead;

    Table() {
      this.inits = new TreeMap<>();
      this.ahead = new ArrayList<>();
    }

    Table(Table o) {
      this.inits = new TreeMap<>(o.inits);
      this.ahead = new ArrayList<>(o.ahead);
    }

    boolean isEmpty() {
      return inits.isEmpty() && ahead.isEmpty();
    }

    /** The ordinal of a new initialisation with this key, counted. */
    int next(Key key) {
      int n = inits.getOrDefault(key, 0);
      inits.put(key, n + 1);
      return n;
    }

    void hashInto(PrimitiveSink sink) {
      sink.putInt(inits.size());
      for (Map.Entry<Key, Integer> e : inits.entrySet()) {
        Key k = e.getKey();
        sink.putBoolean(k.sender()).putInt(k.peer()).putInt(k.tag()).putInt(k.context()).putInt(e.getValue());
      }
      sink.putInt(ahead.size());
      for (Ahead a : ahead) {
        sink.putInt(a.source());
        a.data().hashInto(sink);
      }
    }

    void encodeInto(StateWriter w, WireCodec wire) {
      w.putVar(inits.size());
      inits.forEach((k, n) -> w.putBoolean(k.sender()).putVar(k.peer()).putSigned(k.tag()).putVar(k.context())
          .putVar(n));
      w.putVar(ahead.size());
      for (Ahead a : ahead) {
        w.putVar(a.source());
        putData(a.data(), w, wire);
      }
    }

    void decodeFrom(StateReader in, WireCodec wire) {
      for (int n = in.getVarInt(); n > 0; n--) {
        inits.put(new Key(in.getBoolean(), in.getVarInt(), in.getSignedInt(), in.getVarInt()), in.getVarInt());
      }
      for (int n = in.getVarInt(); n > 0; n--) {
        ahead.add(new Ahead(in.getVarInt(), getData(in, wire)));
      }
    }
  }

  private static final Datatype[] TYPES = Datatype.values();

  static void putData(Data d, StateWriter w, WireCodec wire) {
    w.putId(d.sendRequest()).putSigned(d.tag()).putVar(d.context()).putVar(d.ordinal()).putVar(d.epoch())
        .putVar(d.partition()).putVar(d.partitions()).putVar(d.bytesPerPartition())
        .putVar(WireCodec.putEnum(d.type()));
    wire.putLocation(d.sentAt(), w);
  }

  static Data getData(StateReader in, WireCodec wire) {
    return new Data(in.getId(), in.getSignedInt(), in.getVarInt(), in.getVarInt(), in.getVar(), in.getVarInt(),
        in.getVarInt(), in.getVar(), WireCodec.getEnum(TYPES, in.getVarInt()), wire.getLocation(in));
  }
}
