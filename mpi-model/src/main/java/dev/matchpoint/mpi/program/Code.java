package dev.matchpoint.mpi.program;

import java.util.List;

/**
 * A compiled program: instructions and variable layout. Immutable, shared by every thread that
 * runs the program and by every copy of the model state.
 *
 * @param instrs the instructions; execution starts at 0 and ends past the last
 * @param layout where the variables live
 * @param shared what each instruction does to the rank-shared variables
 */
public record Code(List<Instr> instrs, VarLayout layout, SharedAccess shared) {
  /** Copies the list. */
  public Code {
    instrs = List.copyOf(instrs);
  }

  /**
   * Code that shares no variable.
   *
   * @param instrs the instructions
   * @param layout where the variables live
   */
  public Code(List<Instr> instrs, VarLayout layout) {
    this(instrs, layout, SharedAccess.NONE);
  }

  /**
   * Number of instructions.
   *
   * @return the count
   */
  public int size() {
    return instrs.size();
  }

  /**
   * One instruction.
   *
   * @param pc index in {@code [0, size())}
   * @return the instruction
   */
  public Instr at(int pc) {
    return instrs.get(pc);
  }
}
