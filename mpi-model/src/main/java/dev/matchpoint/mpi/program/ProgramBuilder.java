package dev.matchpoint.mpi.program;

import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SendMode;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The Java way to write a {@link Program}; the scenario file format produces the same types. Calls
 * go on {@code world} unless {@link #on(String)} names another communicator. Static factories build
 * expressions: {@code ProgramBuilder.anySource()}, {@code source("st")}, {@code count("st",
 * Datatype.INT)}.
 *
 * <pre>{@code
 * Program race = ProgramBuilder.program()
 *     .probe(anySource(), lit(0), "st")
 *     .recv(source("st"), lit(0), count("st", Datatype.INT), Datatype.INT, null)
 *     .build();
 * }</pre>
 */
public final class ProgramBuilder {
  private final List<Stmt> body = new ArrayList<>();
  private String comm = MpiOp.WORLD;

  private ProgramBuilder() {}

  /**
   * A new, empty program.
   *
   * @return the builder
   */
  public static ProgramBuilder program() {
    return new ProgramBuilder();
  }

  // ---- expressions -------------------------------------------------------------------------

  /**
   * A literal: a number, never an MPI constant. {@code lit(-1)} is not MPI_ANY_SOURCE (a receive
   * from it returns MPI_ERR_RANK); write {@link #anySource()}, {@link #anyTag()} or {@link
   * #procNull()}.
   *
   * @param v the value
   * @return the expression
   */
  public static Expr lit(int v) {
    return new Expr.Lit(v);
  }

  /**
   * MPI_ANY_SOURCE.
   *
   * @return the expression
   */
  public static Expr anySource() {
    return new Expr.AnySource();
  }

  /**
   * MPI_ANY_TAG.
   *
   * @return the expression
   */
  public static Expr anyTag() {
    return new Expr.AnyTag();
  }

  /**
   * MPI_PROC_NULL.
   *
   * @return the expression
   */
  public static Expr procNull() {
    return new Expr.ProcNull();
  }

  /**
   * The thread's own rank.
   *
   * @return the expression
   */
  public static Expr myRank() {
    return new Expr.MyRank();
  }

  /**
   * A status's MPI_SOURCE.
   *
   * @param status the status variable
   * @return the expression
   */
  public static Expr source(String status) {
    return new Expr.Status(status, Expr.StatusField.SOURCE);
  }

  /**
   * A status's MPI_TAG.
   *
   * @param status the status variable
   * @return the expression
   */
  public static Expr tagOf(String status) {
    return new Expr.Status(status, Expr.StatusField.TAG);
  }

  /**
   * MPI_Get_count of a status.
   *
   * @param status the status variable
   * @param type the datatype
   * @return the expression
   */
  public static Expr count(String status, Datatype type) {
    return new Expr.StatusCount(status, type);
  }

  /**
   * An int variable.
   *
   * @param name the variable
   * @return the expression
   */
  public static Expr var(String name) {
    return new Expr.IntVar(name);
  }

  /**
   * {@code a == b}.
   *
   * @param a left
   * @param b right
   * @return the condition
   */
  public static Cond eq(Expr a, Expr b) {
    return new Cond.Compare(a, Cond.CmpOp.EQ, b);
  }

  // ---- statements --------------------------------------------------------------------------

  private ProgramBuilder add(MpiOp op) {
    body.add(new Stmt.Call(op, SourceLocation.unknown()));
    return this;
  }

  /**
   * Following calls use communicator {@code name}.
   *
   * @param name a communicator of the scenario
   * @return this builder
   */
  public ProgramBuilder on(String name) {
    this.comm = name;
    return this;
  }

  /**
   * MPI_Send.
   *
   * @param dest destination
   * @param tag tag
   * @param count elements
   * @param type datatype
   * @return this builder
   */
  public ProgramBuilder send(Expr dest, Expr tag, Expr count, Datatype type) {
    return send(SendMode.STANDARD, dest, tag, count, type);
  }

  /**
   * Blocking send in any mode (Send, Bsend, Ssend, Rsend).
   *
   * @param mode send mode
   * @param dest destination
   * @param tag tag
   * @param count elements
   * @param type datatype
   * @return this builder
   */
  public ProgramBuilder send(SendMode mode, Expr dest, Expr tag, Expr count, Datatype type) {
    return add(new MpiOp.Send(mode, dest, tag, count, type, comm));
  }

  /**
   * Nonblocking send in any mode.
   *
   * @param mode send mode
   * @param dest destination
   * @param tag tag
   * @param count elements
   * @param type datatype
   * @param request request variable
   * @return this builder
   */
  public ProgramBuilder isend(SendMode mode, Expr dest, Expr tag, Expr count, Datatype type, String request) {
    return add(new MpiOp.Isend(mode, dest, tag, count, type, comm, request));
  }

  /**
   * MPI_Recv.
   *
   * @param source source
   * @param tag tag
   * @param count capacity in elements
   * @param type datatype
   * @param status status variable or null
   * @return this builder
   */
  public ProgramBuilder recv(Expr source, Expr tag, Expr count, Datatype type, String status) {
    return add(new MpiOp.Recv(source, tag, count, type, comm, status));
  }

  /**
   * MPI_Irecv.
   *
   * @param source source
   * @param tag tag
   * @param count capacity in elements
   * @param type datatype
   * @param request request variable
   * @return this builder
   */
  public ProgramBuilder irecv(Expr source, Expr tag, Expr count, Datatype type, String request) {
    return add(new MpiOp.Irecv(source, tag, count, type, comm, request));
  }

  /**
   * MPI_Probe.
   *
   * @param source source
   * @param tag tag
   * @param status status variable or null
   * @return this builder
   */
  public ProgramBuilder probe(Expr source, Expr tag, String status) {
    return add(new MpiOp.Probe(source, tag, comm, status));
  }

  /**
   * MPI_Iprobe.
   *
   * @param source source
   * @param tag tag
   * @param flag flag variable
   * @param status status variable or null
   * @return this builder
   */
  public ProgramBuilder iprobe(Expr source, Expr tag, String flag, String status) {
    return add(new MpiOp.Iprobe(source, tag, comm, flag, status));
  }

  /**
   * MPI_Mprobe.
   *
   * @param source source
   * @param tag tag
   * @param message message variable
   * @param status status variable or null
   * @return this builder
   */
  public ProgramBuilder mprobe(Expr source, Expr tag, String message, String status) {
    return add(new MpiOp.Mprobe(source, tag, comm, message, status));
  }

  /**
   * MPI_Improbe.
   *
   * @param source source
   * @param tag tag
   * @param flag flag variable
   * @param message message variable
   * @param status status variable or null
   * @return this builder
   */
  public ProgramBuilder improbe(Expr source, Expr tag, String flag, String message, String status) {
    return add(new MpiOp.Improbe(source, tag, comm, flag, message, status));
  }

  /**
   * MPI_Mrecv.
   *
   * @param message message variable
   * @param count capacity in elements
   * @param type datatype
   * @param status status variable or null
   * @return this builder
   */
  public ProgramBuilder mrecv(String message, Expr count, Datatype type, String status) {
    return add(new MpiOp.Mrecv(message, count, type, status));
  }

  /**
   * MPI_Imrecv.
   *
   * @param message message variable
   * @param count capacity in elements
   * @param type datatype
   * @param request request variable
   * @return this builder
   */
  public ProgramBuilder imrecv(String message, Expr count, Datatype type, String request) {
    return add(new MpiOp.Imrecv(message, count, type, request));
  }

  /**
   * MPI_Wait.
   *
   * @param request request variable
   * @param status status variable or null
   * @return this builder
   */
  public ProgramBuilder waitFor(String request, String status) {
    return add(new MpiOp.Wait(request, status));
  }

  /**
   * MPI_Test.
   *
   * @param request request variable
   * @param flag flag variable
   * @param status status variable or null
   * @return this builder
   */
  public ProgramBuilder test(String request, String flag, String status) {
    return add(new MpiOp.Test(request, flag, status));
  }

  /**
   * MPI_Waitall with MPI_STATUSES_IGNORE.
   *
   * @param requests request variables
   * @return this builder
   */
  public ProgramBuilder waitAll(String... requests) {
    return add(new MpiOp.Waitall(List.of(requests), List.of()));
  }

  /**
   * MPI_Waitany.
   *
   * @param index int variable for the index
   * @param status status variable or null
   * @param requests request variables
   * @return this builder
   */
  public ProgramBuilder waitAny(String index, String status, String... requests) {
    return add(new MpiOp.Waitany(List.of(requests), index, status));
  }

  /**
   * Any other call.
   *
   * @param op the call
   * @return this builder
   */
  public ProgramBuilder call(MpiOp op) {
    return add(op);
  }

  /**
   * {@code repeat times { body }}.
   *
   * @param times iterations
   * @param loopBody adds the body's statements
   * @return this builder
   */
  public ProgramBuilder repeat(int times, Consumer<ProgramBuilder> loopBody) {
    return repeat(lit(times), null, loopBody);
  }

  /**
   * {@code repeat times as index { body }}: the body reads the iteration, from 0, as the int
   * variable {@code index}.
   *
   * @param times iterations (evaluated once, when the loop starts)
   * @param index the loop variable's name, or null for none
   * @param loopBody adds the body's statements
   * @return this builder
   */
  public ProgramBuilder repeat(Expr times, String index, Consumer<ProgramBuilder> loopBody) {
    ProgramBuilder inner = new ProgramBuilder();
    inner.comm = comm;
    loopBody.accept(inner);
    body.add(new Stmt.Repeat(times, index, inner.body, SourceLocation.unknown()));
    return this;
  }

  /**
   * {@code until cond { body }}: the body runs, then again as long as {@code cond} does not hold
   * ({@link Stmt.While}; in logical mode an iteration that changes nothing waits, {@code Polling}).
   *
   * @param cond the condition to stop, tested after each iteration
   * @param loopBody adds the body's statements
   * @return this builder
   */
  public ProgramBuilder until(Cond cond, Consumer<ProgramBuilder> loopBody) {
    ProgramBuilder inner = new ProgramBuilder();
    inner.comm = comm;
    loopBody.accept(inner);
    body.add(new Stmt.While(cond, true, inner.body, SourceLocation.unknown()));
    return this;
  }

  /**
   * {@code if cond { then } else { orElse }}.
   *
   * @param cond the condition
   * @param then adds the true branch
   * @param orElse adds the false branch
   * @return this builder
   */
  public ProgramBuilder ifElse(Cond cond, Consumer<ProgramBuilder> then, Consumer<ProgramBuilder> orElse) {
    ProgramBuilder a = new ProgramBuilder();
    a.comm = comm;
    then.accept(a);
    ProgramBuilder b = new ProgramBuilder();
    b.comm = comm;
    orElse.accept(b);
    body.add(new Stmt.If(cond, a.body, b.body, SourceLocation.unknown()));
    return this;
  }

  /**
   * The program.
   *
   * @return the program
   */
  public Program build() {
    return new Program(body);
  }
}
