package dev.matchpoint.scenario.format;

import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.DatatypeRef;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.program.Expr;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.program.Stmt;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.snakeyaml.engine.v2.common.FlowStyle;
import org.snakeyaml.engine.v2.nodes.Node;

/** Turns statements into the YAML nodes {@link ProgramReader} reads back to equal statements. */
final class ProgramWriter {
  private ProgramWriter() {}

  /**
   * A program as a block list of statements.
   *
   * @param p the program
   * @return the node
   */
  static Node program(Program p) {
    return body(p.body());
  }

  private static Node body(List<Stmt> body) {
    List<Node> out = new ArrayList<>();
    for (Stmt s : body) {
      out.add(statement(s));
    }
    return YamlBuild.seq(out, FlowStyle.BLOCK);
  }

  private static Node statement(Stmt s) {
    if (s instanceof Stmt.Call c) {
      YamlBuild.Map args = YamlBuild.flow();
      String name = op(c.op(), args);
      return YamlBuild.block().put(name, args.node()).node();
    } else if (s instanceof Stmt.Repeat r) {
      YamlBuild.Map m = YamlBuild.block().put("times", ExprWriter.expr(r.times(), null));
      if (r.index() != null) {
        m.put("index", r.index());
      }
      m.put("do", body(r.body()));
      return YamlBuild.block().put("repeat", m.node()).node();
    } else if (s instanceof Stmt.If i) {
      YamlBuild.Map m = YamlBuild.block().put("cond", ExprWriter.cond(i.cond()));
      m.put("then", body(i.then()));
      if (!i.orElse().isEmpty()) {
        m.put("else", body(i.orElse()));
      }
      return YamlBuild.block().put("if", m.node()).node();
    } else if (s instanceof Stmt.While l) {
      YamlBuild.Map m = YamlBuild.block().put("cond", ExprWriter.cond(l.cond()));
      m.put("do", body(l.body()));
      return YamlBuild.block().put(l.until() ? "until" : "while", m.node()).node();
    }
    throw new AssertionError(s);
  }

  private static void put(YamlBuild.Map m, String key, Expr e, DatatypeRef countType) {
    m.put(key, ExprWriter.expr(e, countType));
  }

  private static void optional(YamlBuild.Map m, String key, String var) {
    if (var != null) {
      m.put(key, var);
    }
  }

  private static void comm(YamlBuild.Map m, String comm) {
    if (!comm.equals(MpiOp.WORLD)) {
      m.put("comm", comm);
    }
  }

  private static String sendName(SendMode mode) {
    return mode.blockingName().toLowerCase(Locale.ROOT);
  }

  /** Fills the arguments and returns the statement name. */
  private static String op(MpiOp op, YamlBuild.Map m) {
    if (op instanceof MpiOp.Send s) {
      put(m, "dest", s.dest(), s.type());
      put(m, "tag", s.tag(), s.type());
      put(m, "count", s.count(), s.type());
      m.put("type", s.type().configName());
      comm(m, s.comm());
      return sendName(s.mode());
    } else if (op instanceof MpiOp.Isend s) {
      put(m, "dest", s.dest(), s.type());
      put(m, "tag", s.tag(), s.type());
      put(m, "count", s.count(), s.type());
      m.put("type", s.type().configName());
      comm(m, s.comm());
      m.put("request", s.request());
      return "i" + sendName(s.mode());
    } else if (op instanceof MpiOp.Recv r) {
      receive(m, r.source(), r.tag(), r.count(), r.type(), r.comm());
      optional(m, "status", r.status());
      return "recv";
    } else if (op instanceof MpiOp.Irecv r) {
      receive(m, r.source(), r.tag(), r.count(), r.type(), r.comm());
      m.put("request", r.request());
      return "irecv";
    } else if (op instanceof MpiOp.Probe p) {
      probe(m, p.source(), p.tag(), p.comm());
      optional(m, "status", p.status());
      return "probe";
    } else if (op instanceof MpiOp.Iprobe p) {
      probe(m, p.source(), p.tag(), p.comm());
      m.put("flag", p.flag());
      optional(m, "status", p.status());
      return "iprobe";
    } else if (op instanceof MpiOp.Mprobe p) {
      probe(m, p.source(), p.tag(), p.comm());
      m.put("message", p.message());
      optional(m, "status", p.status());
      return "mprobe";
    } else if (op instanceof MpiOp.Improbe p) {
      probe(m, p.source(), p.tag(), p.comm());
      m.put("flag", p.flag());
      m.put("message", p.message());
      optional(m, "status", p.status());
      return "improbe";
    } else if (op instanceof MpiOp.Mrecv r) {
      m.put("message", r.message());
      put(m, "count", r.count(), r.type());
      m.put("type", r.type().configName());
      optional(m, "status", r.status());
      return "mrecv";
    } else if (op instanceof MpiOp.Imrecv r) {
      m.put("message", r.message());
      put(m, "count", r.count(), r.type());
      m.put("type", r.type().configName());
      m.put("request", r.request());
      return "imrecv";
    }
    return completion(op, m);
  }

  private static void receive(YamlBuild.Map m, Expr source, Expr tag, Expr count, DatatypeRef type, String comm) {
    put(m, "source", source, type);
    put(m, "tag", tag, type);
    put(m, "count", count, type);
    m.put("type", type.configName());
    comm(m, comm);
  }

  private static void probe(YamlBuild.Map m, Expr source, Expr tag, String comm) {
    put(m, "source", source, null);
    put(m, "tag", tag, null);
    comm(m, comm);
  }

  private static String completion(MpiOp op, YamlBuild.Map m) {
    if (op instanceof MpiOp.Wait w) {
      m.put("request", w.request());
      optional(m, "status", w.status());
      return "wait";
    } else if (op instanceof MpiOp.Test t) {
      m.put("request", t.request());
      m.put("flag", t.flag());
      optional(m, "status", t.status());
      return "test";
    } else if (op instanceof MpiOp.Waitall w) {
      m.put("requests", YamlBuild.flowSeq(w.requests()));
      if (!w.statuses().isEmpty()) {
        m.put("statuses", YamlBuild.flowSeq(w.statuses()));
      }
      return "waitall";
    } else if (op instanceof MpiOp.Waitany w) {
      m.put("requests", YamlBuild.flowSeq(w.requests()));
      m.put("index", w.index());
      optional(m, "status", w.status());
      return "waitany";
    } else if (op instanceof MpiOp.Waitsome w) {
      m.put("requests", YamlBuild.flowSeq(w.requests()));
      m.put("outcount", w.outcount());
      if (!w.indices().isEmpty()) {
        m.put("indices", YamlBuild.flowSeq(w.indices()));
      }
      if (!w.statuses().isEmpty()) {
        m.put("statuses", YamlBuild.flowSeq(w.statuses()));
      }
      return "waitsome";
    } else if (op instanceof MpiOp.Testall t) {
      m.put("requests", YamlBuild.flowSeq(t.requests()));
      m.put("flag", t.flag());
      return "testall";
    } else if (op instanceof MpiOp.Testany t) {
      m.put("requests", YamlBuild.flowSeq(t.requests()));
      m.put("flag", t.flag());
      m.put("index", t.index());
      optional(m, "status", t.status());
      return "testany";
    } else if (op instanceof MpiOp.Testsome t) {
      m.put("requests", YamlBuild.flowSeq(t.requests()));
      m.put("outcount", t.outcount());
      if (!t.indices().isEmpty()) {
        m.put("indices", YamlBuild.flowSeq(t.indices()));
      }
      if (!t.statuses().isEmpty()) {
        m.put("statuses", YamlBuild.flowSeq(t.statuses()));
      }
      return "testsome";
    } else if (op instanceof MpiOp.RequestFree f) {
      m.put("request", f.request());
      return "request-free";
    } else if (op instanceof MpiOp.GetCount g) {
      m.put("status", g.status());
      m.put("type", g.type().configName());
      m.put("into", g.into());
      return "get-count";
    } else if (op instanceof MpiOp.Sendrecv s) {
      put(m, "dest", s.dest(), s.sendType());
      put(m, "send-tag", s.sendTag(), s.sendType());
      put(m, "send-count", s.sendCount(), s.sendType());
      m.put("send-type", s.sendType().configName());
      put(m, "source", s.source(), s.recvType());
      put(m, "recv-tag", s.recvTag(), s.recvType());
      put(m, "recv-count", s.recvCount(), s.recvType());
      m.put("recv-type", s.recvType().configName());
      comm(m, s.comm());
      optional(m, "status", s.status());
      return "sendrecv";
    } else if (op instanceof MpiOp.BufferAttach b) {
      put(m, "bytes", b.sizeBytes(), null);
      return "buffer-attach";
    } else if (op instanceof MpiOp.BufferDetach) {
      return "buffer-detach";
    } else if (op instanceof MpiOp.Compute c) {
      put(m, "ns", c.durationNs(), null);
      return "compute";
    }
    if (op instanceof MpiOp.Collective x) {
      return CollectiveCalls.write(x, m);
    } else if (op instanceof MpiOp.Comm x) {
      return CommCalls.write(x, m);
    }
    String name = op instanceof MpiOp.PartitionCall ? PartitionCalls.write(op, m) : TypeCalls.write(op, m);
    if (name == null) {
      name = RequestCallWriter.write(op, m);
    }
    if (name == null) {
      throw new AssertionError(op);
    }
    return name;
  }
}
