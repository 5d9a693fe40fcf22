package dev.matchpoint.mpi.check;

import com.google.common.hash.PrimitiveSink;
import dev.matchpoint.core.codec.StateReader;
import dev.matchpoint.core.codec.StateWriter;
import dev.matchpoint.mpi.RequestIds;
import dev.matchpoint.mpi.match.MessageIds;
import dev.matchpoint.mpi.trace.MatchKind;
import dev.matchpoint.mpi.trace.TraceEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Not a rule: records what the program can observe of matching, for the observable outcome classes
 * (DESIGN §5): which message each receive request received (a persistent request, one message per
 * start, in start order) and which message each successful probe or matched probe returned, per
 * thread in the thread's call order. A message stands for its status (source, tag, count), which
 * follows from it and the receive's buffer; error classes are the run's problems.
 *
 * <p>Unlike {@link Receipts}, nothing here depends on the order in which the model matched a
 * thread's pending receives: MPI_Waitall has the same effect as MPI_Wait on each request "in some
 * arbitrary order" (MPI-3.1 §3.7.5), and sets the i-th status to the i-th request's. Requests are
 * named by their thread's request counter ({@link RequestIds}), which is the same in every
 * schedule; probes are calls of their thread, so their order is the thread's program order. A
 * probe that finds nothing (MPI_Iprobe or MPI_Improbe with flag false) is not recorded, as
 * MPI_Test's flag is not: it tells when, not what.
 */
public final class Observations implements Check {
  /**
   * Receive request id to the messages it received, in start order. The maps are shared between a
   * record and its copies until one of them writes ({@link #own}); their lists are never written.
   */
  private TreeMap<Long, List<Long>> received;
  /** Thread ({@code r2.t0}) to the messages its probes and matched probes returned, in call order. */
  private TreeMap<String, List<Long>> probed;
  /** Whether the maps are this record's alone (false once a copy shares them). */
  private boolean owned;

  /** A fresh record. */
  public Observations() {
    this(new TreeMap<>(), new TreeMap<>());
    owned = true;
  }

  private Observations(TreeMap<Long, List<Long>> received, TreeMap<String, List<Long>> probed) {
    this.received = received;
    this.probed = probed;
  }

  /** Makes the maps this record's own before a write: copied when shared with a copy. */
  private void own() {
    if (!owned) {
      received = new TreeMap<>(received);
      probed = new TreeMap<>(probed);
      owned = true;
    }
  }

  /** The list with one more message, a new list (lists are shared between copies). */
  private static List<Long> appended(List<Long> messages, long message) {
    List<Long> out = new ArrayList<>(messages == null ? 1 : messages.size() + 1);
    if (messages != null) {
      out.addAll(messages);
    }
    out.add(message);
    return out;
  }

  @Override
  public String name() {
    return "observations";
  }

  @Override
  public String clause() {
    return "records what each receive, probe and matched probe returned; judges nothing";
  }

  @Override
  public boolean reads(TraceEvent event) {
    return event instanceof TraceEvent.Matched;
  }

  @Override
  public void onEvent(TraceEvent event) {
    if (!(event instanceof TraceEvent.Matched m)) {
      return;
    }
    if (m.match().receives()) {
      own();
      received.put(m.requestId(), appended(received.get(m.requestId()), m.messageKey()));
    } else if (m.match() == MatchKind.PROBE || m.match() == MatchKind.MPROBE) {
      own();
      String thread = "r" + m.rank() + ".t" + m.thread();
      probed.put(thread, appended(probed.get(thread), m.messageKey()));
    }
  }

  /**
   * The receipts as text: {@code r2.t0#0<-0#0 r2.t0#1<-1#0}, the items of {@link #receiptItems()}
   * separated by spaces.
   *
   * @return the text, empty when nothing was received
   */
  public String receipts() {
    return String.join(" ", receiptItems());
  }

  /**
   * The receipts, one item per receive request that received something: {@code r2.t0#0<-0#0} (its
   * messages separated by commas), in request order (rank, thread, then the thread's request
   * counter).
   *
   * @return the items, empty when nothing was received
   */
  public List<String> receiptItems() {
    return items(received, RequestIds::format);
  }

  /**
   * The probes' results as text: {@code r2.t0<-0#0,1#0 r2.t1<-1#0}, the items of {@link
   * #probeItems()} separated by spaces.
   *
   * @return the text, empty when no probe returned a message
   */
  public String probes() {
    return String.join(" ", probeItems());
  }

  /**
   * The probes' results, one item per thread whose probes or matched probes returned a message:
   * {@code r2.t0<-0#0,1#0} (in call order), threads in name order.
   *
   * @return the items, empty when no probe returned a message
   */
  public List<String> probeItems() {
    return items(probed, k -> k);
  }

  private static <K> List<String> items(TreeMap<K, List<Long>> map, java.util.function.Function<K, String> name) {
    List<String> out = new ArrayList<>(map.size());
    for (Map.Entry<K, List<Long>> e : map.entrySet()) {
      StringBuilder sb = new StringBuilder(name.apply(e.getKey())).append("<-");
      append(sb, e.getValue());
      out.add(sb.toString());
    }
    return out;
  }

  private static void append(StringBuilder sb, List<Long> messages) {
    for (int i = 0; i < messages.size(); i++) {
      sb.append(i == 0 ? "" : ",").append(MessageIds.format(messages.get(i)));
    }
  }

  @Override
  public List<Violation> violations() {
    return List.of();
  }

  @Override
  public Check copy() {
    // Copy-on-write: both records share the maps until one of them writes.
    owned = false;
    return new Observations(received, probed);
  }

  @Override
  public void hashInto(PrimitiveSink sink) {
    sink.putInt(received.size());
    received.forEach((k, v) -> {
      sink.putLong(k).putInt(v.size());
      v.forEach(sink::putLong);
    });
    sink.putInt(probed.size());
    probed.forEach((k, v) -> {
      sink.putUnencodedChars(k).putInt(v.size());
      v.forEach(sink::putLong);
    });
  }

  @Override
  public void encodeInto(StateWriter w) {
    w.putVar(received.size());
    received.forEach((k, v) -> {
      w.putId(k);
      CheckCodec.putIds(v, w);
    });
    CheckCodec.putStringLists(probed, w);
  }

  @Override
  public Check decoded(StateReader r) {
    return decodeFrom(r);
  }

  static Observations decodeFrom(StateReader r) {
    TreeMap<Long, List<Long>> received = new TreeMap<>();
    for (int n = r.getVarInt(); n > 0; n--) {
      received.put(r.getId(), CheckCodec.getIds(r));
    }
    Observations o = new Observations(received, CheckCodec.getStringLists(r));
    o.owned = true;
    return o;
  }
}
