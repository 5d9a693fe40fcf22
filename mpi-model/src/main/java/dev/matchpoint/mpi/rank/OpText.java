package dev.matchpoint.mpi.rank;

import dev.matchpoint.mpi.match.Envelopes;
import dev.matchpoint.mpi.Mpi;
import dev.matchpoint.mpi.program.Expr;
import dev.matchpoint.mpi.program.MpiOp;
import java.util.ArrayList;
import java.util.List;

/** MPI calls as people read them: {@code MPI_Recv(source=st.source, tag=0, count=1 MPI_INT, comm=world)}. */
public final class OpText {
  private OpText() {}

  /**
   * A call with its arguments as written.
   *
   * @param op the call
   * @return the text
   */
  public static String describe(MpiOp op) {
    return op.mpiName() + "(" + String.join(", ", args(op, null, 0)) + ")";
  }

  /**
   * A call's arguments with expressions evaluated in a thread (falling back to the expression text
   * when it cannot be evaluated).
   *
   * @param op the call
   * @param t the thread
   * @param worldSize size of MPI_COMM_WORLD
   * @return e.g. {@code source=1 tag=0 count=4 MPI_INT comm=world}
   */
  static String arguments(MpiOp op, ThreadState t, int worldSize) {
    return String.join(" ", args(op, t, worldSize));
  }

  private static String value(Expr e, ThreadState t, int worldSize, boolean peer) {
    if (t == null) {
      return e.toString();
    }
    try {
      int v = Vars.eval(e, t, worldSize);
      if (peer) {
        return v == Envelopes.ANY ? "MPI_ANY_SOURCE" : Mpi.sourceName(v);
      }
      return e instanceof Expr.AnyTag ? "MPI_ANY_TAG" : Integer.toString(v);
    } catch (ProgramError x) {
      return e.toString();
    }
  }

  private static List<String> args(MpiOp op, ThreadState t, int n) {
    List<String> a = new ArrayList<>();
    if (op instanceof MpiOp.Send s) {
      a.add("dest=" + value(s.dest(), t, n, true));
      a.add("tag=" + value(s.tag(), t, n, false));
      a.add("count=" + value(s.count(), t, n, false) + " " + s.type().mpiName());
      a.add("comm=" + s.comm());
    } else if (op instanceof MpiOp.Isend s) {
      a.add("dest=" + value(s.dest(), t, n, true));
      a.add("tag=" + value(s.tag(), t, n, false));
      a.add("count=" + value(s.count(), t, n, false) + " " + s.type().mpiName());
      a.add("comm=" + s.comm());
      a.add("request=" + s.request());
    } else if (op instanceof MpiOp.Recv r) {
      a.add("source=" + value(r.source(), t, n, true));
      a.add("tag=" + value(r.tag(), t, n, false));
      a.add("count=" + value(r.count(), t, n, false) + " " + r.type().mpiName());
      a.add("comm=" + r.comm());
    } else if (op instanceof MpiOp.Irecv r) {
      a.add("source=" + value(r.source(), t, n, true));
      a.add("tag=" + value(r.tag(), t, n, false));
      a.add("count=" + value(r.count(), t, n, false) + " " + r.type().mpiName());
      a.add("comm=" + r.comm());
      a.add("request=" + r.request());
    } else if (op instanceof MpiOp.Probe p) {
      a.add("source=" + value(p.source(), t, n, true));
      a.add("tag=" + value(p.tag(), t, n, false));
      a.add("comm=" + p.comm());
    } else if (op instanceof MpiOp.Iprobe p) {
      a.add("source=" + value(p.source(), t, n, true));
      a.add("tag=" + value(p.tag(), t, n, false));
      a.add("comm=" + p.comm());
    } else if (op instanceof MpiOp.Mprobe p) {
      a.add("source=" + value(p.source(), t, n, true));
      a.add("tag=" + value(p.tag(), t, n, false));
      a.add("comm=" + p.comm());
      a.add("message=" + p.message());
    } else if (op instanceof MpiOp.Improbe p) {
      a.add("source=" + value(p.source(), t, n, true));
      a.add("tag=" + value(p.tag(), t, n, false));
      a.add("comm=" + p.comm());
      a.add("message=" + p.message());
    } else if (op instanceof MpiOp.Mrecv m) {
      a.add("message=" + m.message());
      a.add("count=" + value(m.count(), t, n, false) + " " + m.type().mpiName());
    } else if (op instanceof MpiOp.Imrecv m) {
      a.add("message=" + m.message());
      a.add("count=" + value(m.count(), t, n, false) + " " + m.type().mpiName());
      a.add("request=" + m.request());
    } else if (op instanceof MpiOp.Wait wt) {
      a.add("request=" + wt.request());
    } else if (op instanceof MpiOp.Test ts) {
      a.add("request=" + ts.request());
    } else if (op instanceof MpiOp.Waitall wa) {
      a.add("requests=" + wa.requests());
    } else if (op instanceof MpiOp.Waitany wa) {
      a.add("requests=" + wa.requests());
    } else if (op instanceof MpiOp.Waitsome ws) {
      a.add("requests=" + ws.requests());
    } else if (op instanceof MpiOp.Testall ta) {
      a.add("requests=" + ta.requests());
    } else if (op instanceof MpiOp.Testany ta) {
      a.add("requests=" + ta.requests());
    } else if (op instanceof MpiOp.Testsome ts) {
      a.add("requests=" + ts.requests());
    } else if (op instanceof MpiOp.RequestFree f) {
      a.add("request=" + f.request());
    } else if (op instanceof MpiOp.GetCount g) {
      a.add("status=" + g.status());
      a.add(g.type().mpiName());
    } else if (op instanceof MpiOp.Sendrecv s) {
      a.add("dest=" + value(s.dest(), t, n, true));
      a.add("sendtag=" + value(s.sendTag(), t, n, false));
      a.add("source=" + value(s.source(), t, n, true));
      a.add("recvtag=" + value(s.recvTag(), t, n, false));
      a.add("comm=" + s.comm());
    } else if (op instanceof MpiOp.BufferAttach b) {
      a.add("size=" + value(b.sizeBytes(), t, n, false));
    } else if (op instanceof MpiOp.Compute c) {
      a.add("ns=" + value(c.durationNs(), t, n, false));
    }
    return a;
  }
}
