package dev.matchpoint.mpi.rank;

import dev.matchpoint.mpi.CollectiveKind;
import dev.matchpoint.mpi.match.Envelopes;
import dev.matchpoint.mpi.Mpi;
import dev.matchpoint.mpi.program.Expr;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.PointToPointOps;
import dev.matchpoint.mpi.program.TypeOps;
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

  /**
   * What a call bound in its output variables, e.g. {@code flag=true source=0 tag=0 count=4}.
   *
   * @param op the call that just returned
   * @param t its thread
   * @return the text, empty when the call binds nothing
   */
  static String result(MpiOp op, ThreadState t) {
    if (op instanceof MpiOp.TestCancelled x) {
      return "flag=" + (Vars.flagValue(t, x.flag()) == 1);
    } else if (op instanceof MpiOp.GetCount g) {
      long v = Vars.intValue(t, g.into());
      return "count=" + (v == Mpi.UNDEFINED ? "MPI_UNDEFINED" : Long.toString(v));
    } else if (op instanceof MpiOp.Collective) {
      return Collectives.result(t);
    } else if (op instanceof MpiOp.TypeCall x) {
      return Datatypes.result(x, t);
    } else if (op instanceof MpiOp.Comm x) {
      return Communicators.result(x, t);
    }
    if (op instanceof MpiOp.PartitionCall p && p.flag() != null) {
      return "flag=" + (Vars.flagValue(t, p.flag()) == 1);
    }
    List<String> out = new ArrayList<>();
    String status = statusVar(op);
    String flag = null;
    String message = null;
    String intVar = null;
    List<String> indices = List.of();
    if (op instanceof MpiOp.Iprobe p) {
      flag = p.flag();
    } else if (op instanceof MpiOp.Improbe p) {
      flag = p.flag();
      message = p.message();
    } else if (op instanceof MpiOp.Mprobe p) {
      message = p.message();
    } else if (op instanceof MpiOp.Test x) {
      flag = x.flag();
    } else if (op instanceof PointToPointOps.RequestGetStatus x) {
      flag = x.flag();
    } else if (op instanceof MpiOp.Testall x) {
      flag = x.flag();
    } else if (op instanceof MpiOp.Testany x) {
      flag = x.flag();
      intVar = x.index();
    } else if (op instanceof MpiOp.Waitany x) {
      intVar = x.index();
    } else if (op instanceof MpiOp.Waitsome x) {
      intVar = x.outcount();
      indices = x.indices();
    } else if (op instanceof MpiOp.Testsome x) {
      intVar = x.outcount();
      indices = x.indices();
    }
    if (flag != null) {
      out.add("flag=" + (Vars.flagValue(t, flag) == 1));
      if (Vars.flagValue(t, flag) != 1) {
        return String.join(" ", out);
      }
    }
    if (message != null) {
      long h = Vars.message(t, message);
      out.add("message=" + (h == Vars.MESSAGE_NULL ? "MPI_MESSAGE_NULL" : h == Vars.MESSAGE_NO_PROC
          ? "MPI_MESSAGE_NO_PROC" : dev.matchpoint.mpi.match.MessageIds.format(h - 2)));
    }
    if (intVar != null) {
      long v = Vars.intValue(t, intVar);
      out.add(intVar + "=" + (v == Mpi.UNDEFINED ? "MPI_UNDEFINED" : Long.toString(v)));
      if (!indices.isEmpty() && v != Mpi.UNDEFINED) {
        List<String> done = new ArrayList<>();
        for (int k = 0; k < v; k++) {
          done.add(Long.toString(Vars.intValue(t, indices.get(k))));
        }
        out.add("indices=[" + String.join(",", done) + "]");
      }
    }
    if (status != null && Vars.statusSet(t, status)) {
      out.add("source=" + Mpi.sourceName((int) Vars.statusRaw(t, status, 1)) + " tag="
          + Mpi.tagName((int) Vars.statusRaw(t, status, 2)) + " count=" + Vars.statusRaw(t, status, 3) + "B");
    }
    return String.join(" ", out);
  }

  /**
   * The error class a returning call reports in its status, or success.
   *
   * @param op the call
   * @param t its thread
   * @return the class
   */
  static dev.matchpoint.mpi.ErrorClass error(MpiOp op, ThreadState t) {
    String status = statusVar(op);
    if (op instanceof MpiOp.TestCancelled || status == null || !Vars.statusSet(t, status)) {
      return dev.matchpoint.mpi.ErrorClass.MPI_SUCCESS;
    }
    return dev.matchpoint.mpi.ErrorClass.values()[(int) Vars.statusRaw(t, status, 4)];
  }

  private static String statusVar(MpiOp op) {
    if (op instanceof MpiOp.Recv x) {
      return x.status();
    } else if (op instanceof MpiOp.Probe x) {
      return x.status();
    } else if (op instanceof MpiOp.Iprobe x) {
      return x.status();
    } else if (op instanceof MpiOp.Mprobe x) {
      return x.status();
    } else if (op instanceof MpiOp.Improbe x) {
      return x.status();
    } else if (op instanceof MpiOp.Mrecv x) {
      return x.status();
    } else if (op instanceof MpiOp.Wait x) {
      return x.status();
    } else if (op instanceof MpiOp.Test x) {
      return x.status();
    } else if (op instanceof MpiOp.Waitany x) {
      return x.status();
    } else if (op instanceof MpiOp.Testany x) {
      return x.status();
    } else if (op instanceof MpiOp.Sendrecv x) {
      return x.status();
    } else if (op instanceof MpiOp.TestCancelled x) {
      return x.status();
    } else if (op instanceof PointToPointOps.SendrecvReplace x) {
      return x.status();
    } else if (op instanceof PointToPointOps.RequestGetStatus x) {
      return x.status();
    }
    return null;
  }

  private static String value(Expr e, ThreadState t, int worldSize, boolean peer) {
    if (t == null) {
      return e.toString();
    }
    try {
      int v = Vars.eval(e, t, worldSize);
      if (peer) {
        return !Vars.namesSource(e) ? Integer.toString(v) : v == Envelopes.ANY ? "MPI_ANY_SOURCE" : Mpi.sourceName(v);
      }
      return Vars.namesTag(e) && v == Envelopes.ANY ? "MPI_ANY_TAG" : Integer.toString(v);
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
    } else if (op instanceof MpiOp.Cancel c) {
      a.add("request=" + c.request());
    } else if (op instanceof MpiOp.TestCancelled c) {
      a.add("status=" + c.status());
    } else if (op instanceof MpiOp.MessageCancel c) {
      a.add("message=" + c.message());
    } else if (op instanceof MpiOp.SendInit s) {
      a.add("dest=" + value(s.dest(), t, n, true));
      a.add("tag=" + value(s.tag(), t, n, false));
      a.add("count=" + value(s.count(), t, n, false) + " " + s.type().mpiName());
      a.add("comm=" + s.comm());
      a.add("request=" + s.request());
    } else if (op instanceof MpiOp.RecvInit r) {
      a.add("source=" + value(r.source(), t, n, true));
      a.add("tag=" + value(r.tag(), t, n, false));
      a.add("count=" + value(r.count(), t, n, false) + " " + r.type().mpiName());
      a.add("comm=" + r.comm());
      a.add("request=" + r.request());
    } else if (op instanceof MpiOp.Start s) {
      a.add("requests=" + s.requests());
    } else if (op instanceof MpiOp.BindChannel b) {
      a.add("requests=" + b.requests());
      a.add("channels=" + b.channels());
      a.add("slackness=" + b.slackness());
    } else if (op instanceof MpiOp.UnbindChannel u) {
      a.add("channels=" + u.channels());
    } else if (op instanceof MpiOp.PartitionCall p) {
      a.addAll(Partitions.args(p, e -> value(e, t, n, false)));
    } else if (op instanceof MpiOp.Collective x) {
      if (x.root() != null) {
        a.add("root=" + value(x.root(), t, n, false));
      }
      if (x.kind().carriesData()) {
        a.add("count=" + value(x.count(), t, n, false) + " " + x.type().mpiName());
      }
      if (x.counts() != null) {
        List<String> counts = new ArrayList<>();
        x.counts().forEach(e -> counts.add(value(e, t, n, false)));
        a.add((x.kind() == CollectiveKind.GATHERV ? "recvcounts=" : "sendcounts=") + counts);
      }
      if (x.op() != null) {
        a.add("op=" + x.op().mpiName());
      }
      a.add("comm=" + x.comm());
    } else if (op instanceof MpiOp.TypeCall || op instanceof MpiOp.PointToPointCall) {
      added(op, t, n, a);
    } else if (op instanceof MpiOp.Comm x) {
      a.add("comm=" + x.comm());
      if (x instanceof dev.matchpoint.mpi.program.CommOp.Split s) {
        a.add("color=" + (s.color() == null ? "MPI_UNDEFINED" : value(s.color(), t, n, false)));
        a.add("key=" + value(s.key(), t, n, false));
      }
    }
    return a;
  }

  /** The arguments of the calls in {@link TypeOps} and {@link PointToPointOps}. */
  private static void added(MpiOp op, ThreadState t, int n, List<String> a) {
    if (op instanceof TypeOps.Contiguous x) {
      a.add("count=" + value(x.count(), t, n, false));
      a.add("oldtype=" + x.oldtype().mpiName());
    } else if (op instanceof TypeOps.Vector x) {
      a.add("count=" + value(x.count(), t, n, false));
      a.add("blocklength=" + value(x.blocklength(), t, n, false));
      a.add("stride=" + value(x.stride(), t, n, false));
      a.add("oldtype=" + x.oldtype().mpiName());
    } else if (op instanceof TypeOps.Commit x) {
      a.add("datatype=" + x.type());
    } else if (op instanceof TypeOps.Free x) {
      a.add("datatype=" + x.type());
    } else if (op instanceof TypeOps.GetElements g) {
      a.add("status=" + g.status());
      a.add(g.type().mpiName());
    } else if (op instanceof PointToPointOps.SendrecvReplace x) {
      a.addAll(args(x.exchange(), t, n));
      a.add(2, "count=" + value(x.count(), t, n, false) + " " + x.type().mpiName());
      if (x.request() != null) {
        a.add("request=" + x.request());
      }
    } else if (op instanceof PointToPointOps.Isendrecv x) {
      a.addAll(args(x.exchange(), t, n));
      a.add("request=" + x.request());
    } else if (op instanceof PointToPointOps.RequestGetStatus x) {
      a.add("request=" + x.request());
    }
  }
}
