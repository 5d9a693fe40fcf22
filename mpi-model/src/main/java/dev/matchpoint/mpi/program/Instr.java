package dev.matchpoint.mpi.program;

/** One instruction of compiled {@link Code}: an MPI call or thread-local control flow. */
public sealed interface Instr {
  /**
   * An MPI call.
   *
   * @param op the call
   * @param at where it was written
   */
  record Call(MpiOp op, SourceLocation at) implements Instr {}

  /**
   * Unconditional jump.
   *
   * @param target instruction index
   */
  record Jump(int target) implements Instr {}

  /**
   * Jump when the condition is false.
   *
   * @param cond the condition
   * @param target instruction index taken when false
   * @param at where the {@code if} was written
   */
  record BranchIfFalse(Cond cond, int target, SourceLocation at) implements Instr {}

  /**
   * Loop entry: {@code counter = times}; {@code index = 0}; jump to {@code exit} when {@code times <= 0}.
   *
   * @param counterSlot int slot of the hidden counter
   * @param indexSlot int slot of the index variable, or -1
   * @param times iteration count
   * @param exit instruction after the loop
   * @param at where the {@code repeat} was written
   */
  record LoopEnter(int counterSlot, int indexSlot, Expr times, int exit, SourceLocation at) implements Instr {}

  /**
   * Loop back edge: {@code counter--}, {@code index++}; jump to {@code bodyStart} while {@code counter > 0}.
   *
   * @param counterSlot int slot of the hidden counter
   * @param indexSlot int slot of the index variable, or -1
   * @param bodyStart first instruction of the body
   */
  record LoopNext(int counterSlot, int indexSlot, int bodyStart) implements Instr {}
}
