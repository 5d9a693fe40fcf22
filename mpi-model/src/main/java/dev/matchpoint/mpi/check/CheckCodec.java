package dev.matchpoint.mpi.check;

import dev.matchpoint.core.codec.StateReader;
import dev.matchpoint.core.codec.StateWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/** Encodings shared by the checks' {@link Check#encodeInto} and {@link Check#decoded} (issue 13). */
final class CheckCodec {
  private CheckCodec() {}

  static void putViolations(List<Violation> vs, StateWriter w) {
    w.putVar(vs.size());
    for (Violation v : vs) {
      w.putString(v.check()).putString(v.message()).putVar(v.step()).putSigned(v.rank()).putSigned(v.thread());
    }
  }

  static List<Violation> getViolations(StateReader r) {
    int n = r.getVarInt();
    List<Violation> out = new ArrayList<>(n);
    for (; n > 0; n--) {
      out.add(new Violation(r.getString(), r.getString(), r.getVar(), r.getSignedInt(), r.getSignedInt()));
    }
    return out;
  }

  /** Request ids or message keys ({@link StateWriter#putId}). */
  static void putIds(List<Long> vs, StateWriter w) {
    w.putVar(vs.size());
    vs.forEach(w::putId);
  }

  static List<Long> getIds(StateReader r) {
    int n = r.getVarInt();
    List<Long> out = new ArrayList<>(n);
    for (; n > 0; n--) {
      out.add(r.getId());
    }
    return out;
  }

  static void putStringLists(TreeMap<String, List<Long>> m, StateWriter w) {
    w.putVar(m.size());
    m.forEach((k, v) -> {
      w.putString(k);
      putIds(v, w);
    });
  }

  static TreeMap<String, List<Long>> getStringLists(StateReader r) {
    TreeMap<String, List<Long>> m = new TreeMap<>();
    for (int n = r.getVarInt(); n > 0; n--) {
      m.put(r.getString(), getIds(r));
    }
    return m;
  }
}
