package dev.matchpoint.mpi.check;

import com.google.common.hash.PrimitiveSink;
import dev.matchpoint.core.codec.StateReader;
import dev.matchpoint.core.codec.StateWriter;
import dev.matchpoint.mpi.match.MessageIds;
import dev.matchpoint.mpi.trace.TraceEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Not a rule: records which thread received which message, in order. Part of a run's outcome class
 * ("which thread received which message", issue 5), so exploration can tell outcomes apart.
 */
public final class Receipts implements Check {
  private final TreeMap<String, List<Long>> byThread;

  /** A fresh record. */
  public Receipts() {
    this(new TreeMap<>());
  }

  private Receipts(TreeMap<String, List<Long>> byThread) {
    this.byThread = byThread;
  }

  @Override
  public String name() {
    return "receipts";
  }

  @Override
  public String clause() {
    return "records which thread received which message; judges nothing";
  }

  @Override
  public boolean reads(TraceEvent event) {
    return event instanceof TraceEvent.Matched;
  }

  @Override
  public void onEvent(TraceEvent event) {
    if (event instanceof TraceEvent.Matched m && m.match().receives()) {
      byThread.computeIfAbsent("r" + m.rank() + ".t" + m.thread(), k -> new ArrayList<>()).add(m.messageKey());
    }
  }

  /**
   * The receipts as text: {@code r2.t0<-0#0,1#0 r2.t1<-...}, the items of {@link #items()}
   * separated by spaces.
   *
   * @return the text
   */
  public String describe() {
    return String.join(" ", items());
  }

  /**
   * The receipts, one item per thread that received something: {@code r2.t0<-0#0,1#0} (its
   * messages in match order), threads in name order.
   *
   * @return the items
   */
  public List<String> items() {
    List<String> out = new ArrayList<>(byThread.size());
    for (Map.Entry<String, List<Long>> e : byThread.entrySet()) {
      StringBuilder sb = new StringBuilder(e.getKey()).append("<-");
      for (int i = 0; i < e.getValue().size(); i++) {
        sb.append(i == 0 ? "" : ",").append(MessageIds.format(e.getValue().get(i)));
      }
      out.add(sb.toString());
    }
    return out;
  }

  @Override
  public List<Violation> violations() {
    return List.of();
  }

  @Override
  public Check copy() {
    TreeMap<String, List<Long>> c = new TreeMap<>();
    byThread.forEach((k, v) -> c.put(k, new ArrayList<>(v)));
    return new Receipts(c);
  }

  @Override
  public void hashInto(PrimitiveSink sink) {
    byThread.forEach((k, v) -> {
      sink.putUnencodedChars(k);
      v.forEach(sink::putLong);
    });
  }

  @Override
  public void encodeInto(StateWriter w) {
    CheckCodec.putStringLists(byThread, w);
  }

  @Override
  public Check decoded(StateReader r) {
    return decodeFrom(r);
  }

  static Receipts decodeFrom(StateReader r) {
    return new Receipts(CheckCodec.getStringLists(r));
  }
}
