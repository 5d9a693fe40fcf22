package dev.matchpoint.mpi.rank;

import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.DatatypeRef;
import dev.matchpoint.mpi.ErrorClass;
import dev.matchpoint.mpi.Mpi;
import dev.matchpoint.mpi.program.Instr;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.TypeOps;

/**
 * Derived datatypes (MPI-3.1 chapter 4): MPI_Type_contiguous, MPI_Type_vector, MPI_Type_commit,
 * MPI_Type_free, MPI_Get_elements, and how a call resolves its datatype argument.
 *
 * <p>A type's <em>type signature</em> is its sequence of basic types (MPI-3.1 §4.1.1). Both
 * constructors take one old type, so every type the model builds has the signature of one basic
 * type repeated: it is known by that basic type and the number of its elements. Its size in bytes
 * is their sum; strides and gaps count towards the extent only, and the model moves no data, so
 * the extent is not kept. A message then carries its basic type and its bytes ({@link
 * dev.matchpoint.mpi.match.Message}), which is all that signature matching needs (MPI-3.1 §3.3.1,
 * §4.1.11): a message of 2 &times; contiguous(3, MPI_INT) is six MPI_INTs, as is a receive of six.
 *
 * <p>The type lives in the datatype variable's one slot, so it is hashed, copied and encoded with
 * the thread's variables: -1 unset, {@link #NULL} MPI_DATATYPE_NULL (what MPI_Type_free leaves),
 * else {@code 1 + committed + 2 * basic.ordinal() + 32 * elements}. A handle in MPI names an object
 * that copies of the handle share; the scenario format cannot copy a datatype variable, so the
 * variable is the object.
 */
final class Datatypes {
  /** The slot value of MPI_DATATYPE_NULL. */
  static final long NULL = 0;
  /** The largest number of basic elements a type may have (keeps sizes in a long and counts in an int). */
  static final long MAX_ELEMENTS = Integer.MAX_VALUE;
  private static final Datatype[] BASIC = Datatype.values();

  private Datatypes() {}

  static long encode(Datatype basic, long elements, boolean committed) {
    return 1 + (committed ? 1 : 0) + 2L * basic.ordinal() + 32L * elements;
  }

  private static long slot(ThreadState t, String name) throws ProgramError {
    long v = t.vars[t.code.layout().var(name).slot()];
    if (v < 0) {
      throw new ProgramError("datatype '" + name + "' is read before any call set it");
    }
    return v;
  }

  private static void set(ThreadState t, String name, long value) {
    t.vars[t.code.layout().var(name).slot()] = value;
  }

  private static Datatype basicOf(long v) {
    return BASIC[(int) (((v - 1) >> 1) & 15)];
  }

  private static long elementsOf(long v) {
    return (v - 1) >> 5;
  }

  private static boolean committedOf(long v) {
    return ((v - 1) & 1) != 0;
  }

  /**
   * The basic type of a datatype argument that {@link #check} accepted.
   *
   * @return the predefined type itself, or the one a derived type repeats
   */
  static Datatype basic(ThreadState t, DatatypeRef ref) throws ProgramError {
    if (ref instanceof Datatype d) {
      return d;
    }
    return basicOf(slot(t, ((DatatypeRef.Variable) ref).name()));
  }

  /**
   * The size in bytes of one element of a datatype argument that {@link #check} accepted: the bytes
   * of its type signature (MPI-3.1 §4.1.5, MPI_Type_size), gaps excluded.
   */
  static long sizeBytes(ThreadState t, DatatypeRef ref) throws ProgramError {
    if (ref instanceof Datatype d) {
      return d.sizeBytes();
    }
    long v = slot(t, ((DatatypeRef.Variable) ref).name());
    return elementsOf(v) * basicOf(v).sizeBytes();
  }

  /**
   * Checks a datatype argument; reports MPI_ERR_TYPE at the call for MPI_DATATYPE_NULL, a freed type,
   * or (when {@code communicates}) a type not yet committed (MPI-3.1 §4.1.9).
   *
   * @param communicates the call sends or receives with the type (committing is then required)
   * @return the error class, or MPI_SUCCESS
   */
  static ErrorClass check(World w, ThreadState t, Instr.Call c, DatatypeRef ref, boolean communicates)
      throws ProgramError {
    String detail = problem(t, ref, communicates);
    if (detail == null) {
      return ErrorClass.MPI_SUCCESS;
    }
    w.error(t, c.op().mpiName(), ErrorClass.MPI_ERR_TYPE, detail, c.at());
    return ErrorClass.MPI_ERR_TYPE;
  }

  /**
   * What is wrong with a datatype argument, without reporting it ({@link #check}).
   *
   * @return the problem, or null when the type may be used
   */
  static String problem(ThreadState t, DatatypeRef ref, boolean communicates) throws ProgramError {
    if (ref instanceof Datatype) {
      return null;
    } else if (ref instanceof DatatypeRef.Null) {
      return "the datatype is MPI_DATATYPE_NULL";
    }
    String name = ((DatatypeRef.Variable) ref).name();
    long v = slot(t, name);
    if (v == NULL) {
      return "datatype '" + name + "' is MPI_DATATYPE_NULL (freed by MPI_Type_free, or its constructor failed)";
    } else if (communicates && !committedOf(v)) {
      return "datatype '" + name + "' is not committed: call type-commit before communicating with it";
    }
    return null;
  }

  /** Runs a datatype call; every one is local (it takes no step of its own). */
  static void local(World w, ThreadState t, Instr.Call c, MpiOp.TypeCall op) throws ProgramError {
    if (op instanceof TypeOps.Contiguous x) {
      construct(w, t, c, x.oldtype(), Vars.eval(x.count(), t, w.size), 1, x.into());
    } else if (op instanceof TypeOps.Vector x) {
      // The stride moves blocks apart in memory: it changes the extent, never the signature.
      Vars.eval(x.stride(), t, w.size);
      construct(w, t, c, x.oldtype(), Vars.eval(x.count(), t, w.size), Vars.eval(x.blocklength(), t, w.size),
          x.into());
    } else if (op instanceof TypeOps.Commit x) {
      long v = slot(t, x.type());
      if (check(w, t, c, new DatatypeRef.Variable(x.type()), false) == ErrorClass.MPI_SUCCESS) {
        set(t, x.type(), encode(basicOf(v), elementsOf(v), true));
      }
    } else if (op instanceof TypeOps.Free x) {
      if (check(w, t, c, new DatatypeRef.Variable(x.type()), false) == ErrorClass.MPI_SUCCESS) {
        set(t, x.type(), NULL);
      }
    } else if (op instanceof TypeOps.GetElements g) {
      long bytes = Vars.statusField(t, g.status(), 3);
      if (check(w, t, c, g.type(), false) != ErrorClass.MPI_SUCCESS) {
        Vars.setInt(t, g.into(), Mpi.UNDEFINED);
        return;
      }
      int basic = basic(t, g.type()).sizeBytes();
      Vars.setInt(t, g.into(), bytes % basic == 0 ? bytes / basic : Mpi.UNDEFINED);
    } else {
      throw new AssertionError(op);
    }
  }

  /**
   * MPI_Get_count with any datatype (MPI-3.1 §3.2.5, §4.1.11): the number of whole elements of the
   * type the status's bytes make, else MPI_UNDEFINED; MPI_ERR_TYPE for a null or freed type.
   */
  static long count(World w, ThreadState t, Instr.Call c, long bytes, DatatypeRef ref) throws ProgramError {
    if (check(w, t, c, ref, false) != ErrorClass.MPI_SUCCESS) {
      return Mpi.UNDEFINED;
    }
    long size = sizeBytes(t, ref);
    if (size == 0) {
      return bytes == 0 ? 0 : Mpi.UNDEFINED;
    }
    return bytes % size == 0 ? bytes / size : Mpi.UNDEFINED;
  }

  /**
   * A new, uncommitted type of {@code count * blocklength} copies of the old type's signature; on an
   * error the variable is MPI_DATATYPE_NULL.
   */
  private static void construct(World w, ThreadState t, Instr.Call c, DatatypeRef old, int count, int blocklength,
      String into) throws ProgramError {
    String detail = null;
    ErrorClass error = ErrorClass.MPI_ERR_COUNT;
    long value = NULL;
    if (count < 0 || blocklength < 0) {
      detail = (count < 0 ? "count " + count : "blocklength " + blocklength) + " is negative";
    } else if (check(w, t, c, old, false) == ErrorClass.MPI_SUCCESS) {
      long oldElements = old instanceof Datatype ? 1 : elementsOf(slot(t, ((DatatypeRef.Variable) old).name()));
      if (oldElements != 0 && (long) count * blocklength > MAX_ELEMENTS / oldElements) {
        detail = "the type would have more than " + MAX_ELEMENTS + " basic elements";
      } else {
        value = encode(basic(t, old), (long) count * blocklength * oldElements, false);
      }
    }
    if (detail != null) {
      w.error(t, c.op().mpiName(), error, detail, c.at());
    }
    set(t, into, value);
  }

  /** What a datatype call bound, for traces: the new type, or Get_elements' number. */
  static String result(MpiOp.TypeCall op, ThreadState t) {
    String var = op instanceof TypeOps.Contiguous x ? x.into() : op instanceof TypeOps.Vector x ? x.into()
        : op instanceof TypeOps.Commit x ? x.type() : op instanceof TypeOps.Free x ? x.type() : null;
    if (var == null) {
      long v = Vars.intValue(t, ((TypeOps.GetElements) op).into());
      return "elements=" + (v == Mpi.UNDEFINED ? "MPI_UNDEFINED" : Long.toString(v));
    }
    long v = t.vars[t.code.layout().var(var).slot()];
    return var + "=" + (v <= NULL ? "MPI_DATATYPE_NULL" : elementsOf(v) + " x " + basicOf(v).mpiName()
        + (committedOf(v) ? " committed" : " uncommitted"));
  }
}
