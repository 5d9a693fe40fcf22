package dev.matchpoint.mpi.explore;

import com.google.common.hash.PrimitiveSink;
import dev.matchpoint.core.explore.Footprint;
import dev.matchpoint.core.explore.TransitionSystem;
import dev.matchpoint.core.explore.Verdict;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Predicate;

/**
 * A small transition system for testing the explorer against hand-counted state graphs: threads
 * run straight-line programs over shared integer variables {@code a..z}. Each thread is a string of
 * operations separated by {@code ;}:
 *
 * <ul>
 *   <li>{@code x=3}: writes 3 to x;
 *   <li>{@code x?}: reads x and appends the value to the thread's log;
 *   <li>{@code x>0}: waits until x is positive, then decrements it (a consume: enabled only while x
 *       is positive, so another thread's consume can disable it);
 *   <li>{@code x|y}: reads x or y, one alternative each (local nondeterminism), appending
 *       {@code x:v} or {@code y:v}.
 * </ul>
 *
 * <p>An action is {@code (thread, alternative)}; its actor is the thread. Footprints name the
 * variables read and written, and a write of the thread's program counter. A final state's outcome is {@code logs | vars}, or {@code deadlock}
 * with the blocked threads when some thread has not finished; it violates when the given predicate
 * holds of the outcome. With {@code reduce}, the persistent set of a state is the first thread whose
 * next operation conflicts with no operation the other threads have left (Godefroid 1996, Def. 4.1),
 * else every enabled action.
 */
final class SharedVariables implements TransitionSystem<SharedVariables.State, SharedVariables.Step> {
  /** The action: a thread's next operation, with the alternative taken. */
  record Step(int thread, int alt) {}

  /** A state; never written after it is made. */
  record State(int[] pc, int[] vars, String[] logs) {}

  private final String[][] ops;
  private final boolean reduce;
  private final Predicate<String> violation;
  /** Whether outcomes show only the variables (so one class holds several final states). */
  private boolean coarse;

  SharedVariables(boolean reduce, Predicate<String> violation, String... threads) {
    this.ops = new String[threads.length][];
    for (int t = 0; t < threads.length; t++) {
      ops[t] = threads[t].isEmpty() ? new String[0] : threads[t].split(";");
    }
    this.reduce = reduce;
    this.violation = violation;
  }

  SharedVariables(String... threads) {
    this(true, o -> false, threads);
  }

  /** The same programs, final states classed by their variables alone. */
  SharedVariables coarse() {
    coarse = true;
    return this;
  }

  private static int var(String op, int i) {
    return op.charAt(i) - 'a';
  }

  @Override
  public State initial() {
    String[] logs = new String[ops.length];
    Arrays.fill(logs, "");
    return new State(new int[ops.length], new int[26], logs);
  }

  private String next(State s, int t) {
    return s.pc[t] < ops[t].length ? ops[t][s.pc[t]] : null;
  }

  @Override
  public List<Step> enabled(State s) {
    List<Step> out = new ArrayList<>();
    for (int t = 0; t < ops.length; t++) {
      String op = next(s, t);
      if (op == null) {
        continue;
      }
      if (op.charAt(1) == '>') {
        if (s.vars[var(op, 0)] > 0) {
          out.add(new Step(t, 0));
        }
      } else if (op.charAt(1) == '|') {
        out.add(new Step(t, 0));
        out.add(new Step(t, 1));
      } else {
        out.add(new Step(t, 0));
      }
    }
    return out;
  }

  @Override
  public State execute(State s, Step a, Footprint fp) {
    int[] pc = s.pc.clone();
    int[] vars = s.vars.clone();
    String[] logs = s.logs.clone();
    String op = ops[a.thread][pc[a.thread]++];
    // The thread's program counter (object 26 + thread), as the MPI model writes its thread: two
    // alternatives of one step disable each other, so they must conflict.
    fp.write(26 + a.thread);
    int x = var(op, 0);
    switch (op.charAt(1)) {
      case '=' -> {
        vars[x] = Integer.parseInt(op.substring(2));
        fp.write(x);
      }
      case '?' -> {
        logs[a.thread] += vars[x] + ",";
        fp.read(x);
      }
      case '>' -> {
        vars[x]--;
        fp.write(x);
      }
      default -> {
        int y = a.alt == 0 ? x : var(op, 2);
        logs[a.thread] += (char) ('a' + y) + ":" + vars[y] + ",";
        fp.read(y);
      }
    }
    return new State(pc, vars, logs);
  }

  @Override
  public long actor(Step a) {
    return a.thread;
  }

  /** The variables an operation touches, as a footprint (all alternatives). */
  private static Footprint footprint(String op) {
    Footprint f = new Footprint();
    int x = var(op, 0);
    switch (op.charAt(1)) {
      case '=', '>' -> f.write(x);
      case '?' -> f.read(x);
      default -> {
        f.read(x);
        f.read(var(op, 2));
      }
    }
    return f;
  }

  @Override
  public List<Step> persistentSet(State s, List<Step> enabled) {
    if (!reduce) {
      return enabled;
    }
    for (int t = 0; t < ops.length; t++) {
      String op = next(s, t);
      if (op == null) {
        continue;
      }
      int thread = t;
      List<Step> mine = enabled.stream().filter(a -> a.thread == thread).toList();
      if (mine.isEmpty()) {
        continue;
      }
      Footprint f = footprint(op);
      boolean alone = true;
      for (int u = 0; u < ops.length && alone; u++) {
        for (int i = s.pc[u]; u != t && i < ops[u].length && alone; i++) {
          alone = !footprint(ops[u][i]).conflicts(f);
        }
      }
      if (alone) {
        return mine;
      }
    }
    return enabled;
  }

  @Override
  public void hashInto(State s, PrimitiveSink sink) {
    for (int t = 0; t < ops.length; t++) {
      sink.putInt(s.pc[t]).putUnencodedChars(s.logs[t]);
    }
    for (int v : s.vars) {
      sink.putInt(v);
    }
  }

  /** The outcome of a final state. */
  static String outcome(State s, String[][] ops) {
    StringBuilder blocked = new StringBuilder();
    for (int t = 0; t < ops.length; t++) {
      if (s.pc[t] < ops[t].length) {
        blocked.append(" t").append(t);
      }
    }
    StringBuilder vars = new StringBuilder();
    for (int v = 0; v < 26; v++) {
      if (s.vars[v] != 0) {
        vars.append((char) ('a' + v)).append('=').append(s.vars[v]).append(' ');
      }
    }
    String base = String.join("/", s.logs) + " | " + vars.toString().trim();
    return blocked.length() > 0 ? "deadlock:" + blocked + " " + base : base;
  }

  @Override
  public Verdict verdict(State s) {
    String o = coarse ? outcome(s, ops).replaceFirst("^.*\\| ", "") : outcome(s, ops);
    boolean bad = violation.test(o);
    return new Verdict(o, bad, bad ? List.of("violates: " + o) : List.of());
  }

  @Override
  public String describe(State s, Step a) {
    return "t" + a.thread + " " + ops[a.thread][s.pc[a.thread]] + (a.alt > 0 ? " #" + a.alt : "");
  }
}
