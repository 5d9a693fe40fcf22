package dev.matchpoint.scenario;

import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.program.SourceLocation;
import dev.matchpoint.mpi.program.Stmt;
import java.util.ArrayList;
import java.util.List;

/**
 * Removes source locations from programs. Statements compare their location too, so a program read
 * from a file equals the same program built with {@link dev.matchpoint.mpi.program.ProgramBuilder}
 * only once both are stripped.
 */
public final class ProgramLocations {
  private ProgramLocations() {}

  /**
   * The program with every statement at {@link SourceLocation#unknown()}.
   *
   * @param program the program
   * @return the stripped copy
   */
  public static Program strip(Program program) {
    return new Program(strip(program.body()), program.shared());
  }

  private static List<Stmt> strip(List<Stmt> body) {
    List<Stmt> out = new ArrayList<>(body.size());
    SourceLocation none = SourceLocation.unknown();
    for (Stmt s : body) {
      if (s instanceof Stmt.Call c) {
        out.add(new Stmt.Call(c.op(), none));
      } else if (s instanceof Stmt.Repeat r) {
        out.add(new Stmt.Repeat(r.times(), r.index(), strip(r.body()), none));
      } else if (s instanceof Stmt.If i) {
        out.add(new Stmt.If(i.cond(), strip(i.then()), strip(i.orElse()), none));
      } else if (s instanceof Stmt.While l) {
        out.add(new Stmt.While(l.cond(), l.until(), strip(l.body()), none));
      } else {
        throw new AssertionError(s);
      }
    }
    return out;
  }
}
