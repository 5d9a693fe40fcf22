package dev.matchpoint.properties.oracle;

import com.google.common.hash.PrimitiveSink;
import dev.matchpoint.core.codec.StateReader;
import dev.matchpoint.core.codec.StateWriter;
import dev.matchpoint.mpi.RequestIds;
import dev.matchpoint.mpi.check.Check;
import dev.matchpoint.mpi.check.Violation;
import dev.matchpoint.mpi.trace.TraceEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Not a rule: records what an {@link Observe} selects, as the model's {@code Receipts} records
 * receipts, thread by thread ({@code r0.t0}), in the order it happened there: call results such as
 * {@code MPI_Test_cancelled flag=true}, and the starts and arriving transfers of the channel
 * endpoints the thread owns, such as {@code channel r1.t0#1 transfer #0 slot 0}.
 */
final class ObservationLog implements Check {
  private final Observe observe;
  private final TreeMap<String, List<String>> byKey;

  ObservationLog(Observe observe) {
    this(observe, new TreeMap<>());
  }

  private ObservationLog(Observe observe, TreeMap<String, List<String>> byKey) {
    this.observe = observe;
    this.byKey = byKey;
  }

  @Override
  public String name() {
    return "observed";
  }

  @Override
  public String clause() {
    return "records call results and channel events for properties; judges nothing";
  }

  @Override
  public void onEvent(TraceEvent event) {
    if (event instanceof TraceEvent.CallReturned c && observe.calls().contains(c.call())) {
      add("r" + c.rank() + ".t" + c.thread(), (c.call() + " " + c.result()).strip());
    } else if (event instanceof TraceEvent.ChannelEvent c && observe.channelEvents()
        && (c.what().equals("start") || c.what().equals("transfer"))) {
      // A transfer's arrival belongs to no thread; record it with the endpoint's owner, in order with its calls.
      add("r" + RequestIds.rank(c.endpoint()) + ".t" + RequestIds.thread(c.endpoint()), "channel "
          + RequestIds.format(c.endpoint()) + " " + c.what() + " #" + c.seq() + " slot " + c.slot());
    }
  }

  private void add(String key, String what) {
    byKey.computeIfAbsent(key, k -> new ArrayList<>()).add(what);
  }

  /**
   * The record as text: {@code r0.t0: MPI_Wait ...; MPI_Test_cancelled flag=true / r1.t0: ...},
   * threads in name order; {@link Exploration#observed} parses it.
   *
   * @return the text, {@code none} when nothing was recorded
   */
  String describe() {
    if (byKey.isEmpty()) {
      return "none";
    }
    List<String> parts = new ArrayList<>();
    for (Map.Entry<String, List<String>> e : byKey.entrySet()) {
      parts.add(e.getKey() + ": " + String.join("; ", e.getValue()));
    }
    return String.join(" / ", parts);
  }

  @Override
  public List<Violation> violations() {
    return List.of();
  }

  @Override
  public Check copy() {
    TreeMap<String, List<String>> c = new TreeMap<>();
    byKey.forEach((k, v) -> c.put(k, new ArrayList<>(v)));
    return new ObservationLog(observe, c);
  }

  @Override
  public void hashInto(PrimitiveSink sink) {
    byKey.forEach((k, v) -> {
      sink.putUnencodedChars(k);
      sink.putInt(v.size());
      v.forEach(sink::putUnencodedChars);
    });
  }

  @Override
  public void encodeInto(StateWriter w) {
    w.putVar(byKey.size());
    byKey.forEach((k, v) -> {
      w.putString(k).putVar(v.size());
      v.forEach(w::putString);
    });
  }

  @Override
  public Check decoded(StateReader r) {
    TreeMap<String, List<String>> m = new TreeMap<>();
    for (int n = r.getVarInt(); n > 0; n--) {
      String k = r.getString();
      List<String> v = new ArrayList<>();
      for (int i = r.getVarInt(); i > 0; i--) {
        v.add(r.getString());
      }
      m.put(k, v);
    }
    return new ObservationLog(observe, m);
  }
}
