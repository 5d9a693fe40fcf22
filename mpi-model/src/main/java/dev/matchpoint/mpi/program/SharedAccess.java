package dev.matchpoint.mpi.program;

import java.util.Arrays;

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
