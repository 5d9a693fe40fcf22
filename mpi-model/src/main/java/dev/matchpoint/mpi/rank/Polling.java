package dev.matchpoint.mpi.rank;

import dev.matchpoint.core.explore.FingerprintSink;
import dev.matchpoint.core.explore.Footprint;
import dev.matchpoint.mpi.program.Instr;

/**
 * Logical mode: a loop that spins without changing anything gets no step at its back edge. A thread
 * in a {@code while} or {@code until} loop, run alone from the current state, may come back to
 * exactly this state (same fingerprint) after some of its own calls, none of which wrote anything
 * but the thread itself: the typical {@code until: flag} loop around an MPI_Iprobe that finds
 * nothing or an MPI_Test of a request that is not complete (or any call that changes nothing, such
 * as a send to MPI_PROC_NULL). Every iteration of such a loop is stuttering. (A step that may write
 * its rank's shared variables or other threads, {@link SharedState}, such as an MPI_Test setting a
 * shared flag, but leaves them as they were, writes nothing there.) When the thread's next
 * step would also take the loop's back edge (it ends the iteration: the last call of the iteration,
 * or the only one), the step is not enabled: the thread waits there until another actor changes the
 * state, as MPI_Probe waits until a matching message is queued (MPI-3.1 §3.8.1: "MPI_PROBE behaves
 * like MPI_IPROBE except that it is a blocking call that returns only after a matching message has
 * been found"). Its other calls in the iteration stay enabled, so every point of the iteration at
 * which another actor may act is still explored.
 *
 * <p>Why not cycles in the state graph: the explorer's reductions are argued for an acyclic graph
 * ({@code TransitionSystem}), and a state whose only enabled actions are stuttering iterations would
 * never be final, so a program whose poll never succeeds would end no schedule and report nothing
 * (the exhaustive search found no outcome at all; DPOR ran into its step limit). Every stuttering
 * cycle takes a back edge, so with the rule none is left, and that program ends in a deadlock
 * naming the polling call, as the equivalent MPI_Probe program does. This is the usual fairness
 * abstraction of busy waiting. What is lost: the states of a stuttering cycle that lie past the back
 * edge from the state the thread entered it in (none when it enters at the start of an iteration,
 * as a loop does whose calls all wrote their outputs in an earlier iteration). What stays a cycle (a
 * solo run longer than {@link #SOLO_LIMIT} calls, an iteration that writes shared state and undoes
 * it) is a revisit of a stored state for the stateful search.
 *
 * <p>The decision reads only the state (its fingerprint and a copy of it), so it is a function of
 * what {@link World#hashInto} covers. Timed mode runs loops as written: each call takes the model's
 * {@code call-cost}, and a run that never ends stops at its step budget.
 */
final class Polling {
  /** The longest solo run tried; a longer one counts as progress (the thread's step stays enabled). */
  static final int SOLO_LIMIT = 256;

  private Polling() {}

  /**
   * Whether the thread's next step takes a loop's back edge on a stuttering cycle (see the class
   * comment).
   *
   * @param w a logical-mode state
   * @param t a thread of {@code w} whose step {@link World#threadEnabled} allows
   * @return true when the step takes a back edge and running the thread alone brings the state back
   *     to {@code w}, writing nothing but the thread on the way
   */
  static boolean spins(World w, ThreadState t) {
    if (!candidate(w, t)) {
      return false;
    }
    FingerprintSink start = fingerprint(w);
    long self = ObjectIds.thread(t.rank, t.thread);
    World solo = w.copy();
    for (int i = 0; i < SOLO_LIMIT; i++) {
      ThreadState s = solo.ranks[t.rank].threads[t.thread];
      if (i > 0 && (!solo.threadEnabled(s) || !candidate(solo, s))) {
        return false;
      }
      long edges = solo.loopBackEdges;
      Footprint fp = new Footprint();
      java.util.List<Long> siblings = SharedState.siblingsFingerprint(solo, t);
      solo.execute(Action.step(t.rank, t.thread, -1), fp);
      if (i == 0 && solo.loopBackEdges == edges) {
        return false;
      }
      boolean siblingsKept = SharedState.siblingsFingerprint(solo, t).equals(siblings);
      for (int k = 0; k < fp.size(); k++) {
        if (fp.writes(k) && fp.object(k) != self
            && !(siblingsKept && SharedState.rankObject(fp.object(k), t.rank))) {
          return false;
        }
      }
      FingerprintSink now = fingerprint(solo);
      if (now.high() == start.high() && now.low() == start.low()) {
        return true;
      }
    }
    return false;
  }

  /**
   * What decides whether a spinning thread's step is enabled again: every object its solo run
   * through the stuttering cycle read or wrote, as reads (another actor's write to one of them may
   * end the spin; one that removes what the loop polls for, such as a message another thread takes,
   * may have started it).
   *
   * @param w a logical-mode state
   * @param t a thread of {@code w} for which {@link #spins} holds
   * @return the objects, as reads
   */
  static Footprint waits(World w, ThreadState t) {
    FingerprintSink start = fingerprint(w);
    World solo = w.copy();
    Footprint out = new Footprint();
    for (int i = 0; i < SOLO_LIMIT; i++) {
      Footprint fp = new Footprint();
      solo.execute(Action.step(t.rank, t.thread, -1), fp);
      for (int k = 0; k < fp.size(); k++) {
        out.read(fp.object(k));
      }
      FingerprintSink now = fingerprint(solo);
      if (now.high() == start.high() && now.low() == start.low()) {
        break;
      }
    }
    return out;
  }

  /** A thread in a conditional loop whose next call has one way to go. */
  private static boolean candidate(World w, ThreadState t) {
    return t.pc < t.code.size() && w.reach(t).inConditionalLoop && t.code.at(t.pc) instanceof Instr.Call
        && !Sendrecvs.splits(w, t) && w.calls.variants(t).length == 0;
  }

  private static FingerprintSink fingerprint(World w) {
    FingerprintSink sink = new FingerprintSink();
    w.hashInto(sink);
    return sink;
  }
}
