package dev.matchpoint.mpi.program;

import java.util.Arrays;
import java.util.List;

/**
 * What each instruction of a compiled program does to the rank-shared variables ({@link
 * Program#shared()}), for the explorer's independence relation: the shared variables it reads, those
 * it writes (as bit masks, bit {@code i % 64} for the i-th shared variable in name order), and
 * whether it names a shared request or message handle (such a call may act on another thread's
 * request or matched message). A call's variables are read or written as the compiler types them:
 * a variable a call binds is written, one it reads is read; a request or message handle is always
 * written (Wait sets it to MPI_REQUEST_NULL, Mrecv to MPI_MESSAGE_NULL). Immutable.
 */
public final class SharedAccess {
  /** No instruction touches a shared variable. */
  public static final SharedAccess NONE = new SharedAccess(new long[0], new long[0], new boolean[0]);

  private final long[] reads;
  private final long[] writes;
  private final boolean[] handles;
  private final boolean any;

  SharedAccess(long[] reads, long[] writes, boolean[] handles) {
    this.reads = reads.clone();
    this.writes = writes.clone();
    this.handles = handles.clone();
    boolean a = false;
    for (int pc = 0; pc < reads.length; pc++) {
      a |= reads[pc] != 0 || writes[pc] != 0 || handles[pc];
    }
    this.any = a;
  }

  /**
   * Whether some instruction touches a shared variable.
   *
   * @return true when one does
   */
  public boolean any() {
    return any;
  }

  /**
   * The shared variables the instruction reads.
   *
   * @param pc the instruction
   * @return a bit mask ({@code i % 64} for the i-th shared variable); 0 past the end
   */
  public long reads(int pc) {
    return pc < reads.length ? reads[pc] : 0;
  }

  /**
   * The shared variables the instruction writes.
   *
   * @param pc the instruction
   * @return a bit mask; 0 past the end
   */
  public long writes(int pc) {
    return pc < writes.length ? writes[pc] : 0;
  }

  /**
   * Whether the instruction names a shared request or message handle.
   *
   * @param pc the instruction
   * @return true when it does; false past the end
   */
  public boolean handles(int pc) {
    return pc < handles.length && handles[pc];
  }

  /**
   * A thread runs the instructions before its first MPI call when the run starts, before any other
   * thread acts: a condition there that read a shared variable would never see another thread's
   * write. Refused (the read belongs after a call, e.g. in an {@code until} loop).
   *
   * @param instrs the instructions this describes
   * @throws ProgramException at the first such statement
   */
  void refuseReadsBeforeFirstCall(List<Instr> instrs) {
    if (!any) {
      return;
    }
    java.util.BitSet seen = new java.util.BitSet();
    java.util.ArrayDeque<Integer> work = new java.util.ArrayDeque<>();
    work.push(0);
    while (!work.isEmpty()) {
      int pc = work.pop();
      if (pc >= instrs.size() || seen.get(pc)) {
        continue;
      }
      seen.set(pc);
      Instr in = instrs.get(pc);
      boolean local = !(in instanceof Instr.Call c) || c.op() instanceof MpiOp.GetCount
          || c.op() instanceof MpiOp.TestCancelled || c.op() instanceof MpiOp.Compute;
      if (!local) {
        continue; // the thread's first step
      }
      if (reads(pc) != 0 || writes(pc) != 0) {
        SourceLocation at = in instanceof Instr.Call c ? c.at() : in instanceof Instr.BranchIfFalse b ? b.at()
            : in instanceof Instr.LoopEnter l ? l.at() : SourceLocation.unknown();
        throw new ProgramException(at, "this statement reads a shared variable before the thread's first MPI call,"
            + " when no other thread can have acted yet: put it after a call (e.g. test it at the end of an 'until'"
            + " loop)");
      }
      if (in instanceof Instr.Call) {
        work.push(pc + 1); // a local call runs with the instructions around it
      } else if (in instanceof Instr.Jump j) {
        work.push(j.target());
      } else if (in instanceof Instr.BranchIfFalse b) {
        work.push(pc + 1);
        work.push(b.target());
      } else if (in instanceof Instr.LoopEnter l) {
        work.push(pc + 1);
        work.push(l.exit());
      } else if (in instanceof Instr.LoopNext l) {
        work.push(l.bodyStart());
        work.push(pc + 1);
      }
    }
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof SharedAccess s && Arrays.equals(reads, s.reads) && Arrays.equals(writes, s.writes)
        && Arrays.equals(handles, s.handles);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(reads) * 31 + Arrays.hashCode(writes);
  }
}
