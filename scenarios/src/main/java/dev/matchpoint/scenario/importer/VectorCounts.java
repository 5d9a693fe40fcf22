package dev.matchpoint.scenario.importer;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * The per-member counts of traced MPI_Gatherv and MPI_Scatterv calls (MPI-3.1 §5.5, §5.6), for
 * {@link ScenarioConverter}. A trace records at each member only the bytes that member sent and
 * received; the root's recvcounts (Gatherv) or sendcounts (Scatterv) are the members' own counts,
 * so they are gathered here across locations: the k-th collective a rank traced on a communicator
 * is the same operation at every member (MPI-3.1 §5.12: "All processes must call collective
 * operations (blocking and nonblocking) in the same order per communicator"). A member's own count
 * is the bytes it sent (Gatherv) or received (Scatterv); a root that used MPI_IN_PLACE records none
 * for itself and so gets 0 as its own count and list entry, which match. A trace that records the
 * root's list itself (SimGrid TI) gives it as is, so that a member whose bytes differ from its entry
 * is imported as the erroneous call it was.
 */
final class VectorCounts {
  private record Key(long communicator, long index) {}

  /** Per traced v-form call, which operation it is. Looked up only, never iterated. */
  private final Map<TraceOp.Collective, Key> keys = new IdentityHashMap<>();
  /** Per operation, per world rank, that member's own bytes (-1 when the trace does not give them). */
  private final Map<Key, Map<Integer, Long>> own = new HashMap<>();

  /**
   * Indexes a trace's Gatherv and Scatterv calls.
   *
   * @param trace the trace
   */
  VectorCounts(ImportedTrace trace) {
    Map<List<Long>, Long> next = new HashMap<>();
    for (LocationProgram p : trace.programs()) {
      int rank = p.location().rank();
      for (TraceOp op : p.ops()) {
        if (op instanceof TraceOp.Collective c) {
          long index = next.merge(List.of((long) rank, c.communicator()), 1L, Long::sum) - 1;
          OptionalLong bytes = c.operation().equals("GATHERV") ? c.sentBytes()
              : c.operation().equals("SCATTERV") ? c.receivedBytes() : null;
          if (bytes != null) {
            Key k = new Key(c.communicator(), index);
            keys.put(c, k);
            own.computeIfAbsent(k, x -> new HashMap<>()).put(rank, bytes.orElse(-1));
          }
        }
      }
    }
  }

  /**
   * A member's own bytes in a traced Gatherv or Scatterv.
   *
   * @param c the call
   * @param rank the member's world rank
   * @return bytes sent (Gatherv) or received (Scatterv); -1 when the trace does not give them
   */
  long own(TraceOp.Collective c, int rank) {
    return own.get(keys.get(c)).get(rank);
  }

  /**
   * The root's per-member bytes of a traced Gatherv or Scatterv, in world rank order.
   *
   * @param c the root's call
   * @param worldSize the ranks of the trace
   * @return one entry per rank, or null when some member's call or bytes are not in the trace
   */
  List<Long> all(TraceOp.Collective c, int worldSize) {
    if (c.memberBytes().size() == worldSize) {
      return c.memberBytes();
    }
    Map<Integer, Long> members = own.get(keys.get(c));
    List<Long> out = new ArrayList<>();
    for (int r = 0; r < worldSize; r++) {
      Long b = members.get(r);
      if (b == null || b < 0) {
        return null;
      }
      out.add(b);
    }
    return out;
  }
}
