package dev.matchpoint.scenario.format;

import dev.matchpoint.mpi.DatatypeRef;
import dev.matchpoint.mpi.program.Expr;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.PointToPointOps;
import dev.matchpoint.mpi.program.TypeOps;
import java.util.List;
import java.util.Map;

/**
 * Reads and writes the derived-datatype statements ({@code type-contiguous}, {@code type-vector},
 * {@code type-commit}, {@code type-free}, {@code get-elements}) and the point-to-point calls added
 * with them ({@code sendrecv-replace}, {@code isendrecv}, {@code isendrecv-replace}, {@code
 * request-get-status}).
 */
final class TypeCalls {
  private static final Expr ZERO = new Expr.Lit(0);
  private static final Expr ONE = new Expr.Lit(1);
  private static final List<String> SENDRECV = List.of("dest", "send-tag", "send-count", "send-type", "source",
      "recv-tag", "recv-count", "recv-type", "comm");
  private static final List<String> REPLACE = List.of("dest", "send-tag", "source", "recv-tag", "count", "type",
      "comm");

  private TypeCalls() {}

  /**
   * Adds the statements' accepted keys, in documentation order.
   *
   * @param keys statement name to keys
   */
  static void keys(Map<String, List<String>> keys) {
    keys.put("type-contiguous", List.of("count", "oldtype", "into"));
    keys.put("type-vector", List.of("count", "blocklength", "stride", "oldtype", "into"));
    keys.put("type-commit", List.of("type"));
    keys.put("type-free", List.of("type"));
    keys.put("get-elements", List.of("status", "type", "into"));
    keys.put("sendrecv-replace", with(REPLACE, "status"));
    keys.put("isendrecv", with(SENDRECV, "request"));
    keys.put("isendrecv-replace", with(REPLACE, "request"));
    keys.put("request-get-status", List.of("request", "flag", "status"));
  }

  private static List<String> with(List<String> keys, String last) {
    List<String> out = new java.util.ArrayList<>(keys);
    out.add(last);
    return List.copyOf(out);
  }

  /**
   * Builds one of these statements' calls.
   *
   * @param name the statement name
   * @param a its arguments
   * @return the call, or null when {@code name} is none of these statements
   */
  static MpiOp read(String name, CallArgs a) {
    switch (name) {
      case "type-contiguous": {
        Expr count = a.expr("count", Role.VALUE, null, null);
        DatatypeRef old = a.type("oldtype");
        return new TypeOps.Contiguous(count, old, a.datatypeVar("into"));
      }
      case "type-vector": {
        Expr count = a.expr("count", Role.VALUE, null, null);
        Expr blocklength = a.expr("blocklength", Role.VALUE, null, null);
        // MPI-3.1 §4.1.2: stride, "number of elements between start of each block (integer)", may be negative.
        Expr stride = a.expr("stride", Role.SIGNED, null, null);
        DatatypeRef old = a.type("oldtype");
        return new TypeOps.Vector(count, blocklength, stride, old, a.datatypeVar("into"));
      }
      case "type-commit":
        return new TypeOps.Commit(a.var("type", true));
      case "type-free":
        return new TypeOps.Free(a.var("type", true));
      case "get-elements":
        return new TypeOps.GetElements(a.var("status", true), a.type("type"), a.var("into", true));
      case "sendrecv-replace":
      case "isendrecv-replace": {
        DatatypeRef type = a.type("type");
        boolean nonblocking = name.startsWith("i");
        return new PointToPointOps.SendrecvReplace(a.expr("dest", Role.DEST, type, null),
            a.expr("send-tag", Role.SEND_TAG, type, ZERO), a.expr("source", Role.SOURCE, type, null),
            a.expr("recv-tag", Role.RECEIVE_TAG, type, ZERO), a.expr("count", Role.VALUE, type, ONE), type, a.comm(),
            nonblocking ? null : a.var("status", false), nonblocking ? a.var("request", true) : null);
      }
      case "isendrecv": {
        DatatypeRef sendType = a.type("send-type");
        DatatypeRef recvType = a.type("recv-type");
        MpiOp.Sendrecv exchange = new MpiOp.Sendrecv(a.expr("dest", Role.DEST, sendType, null),
            a.expr("send-tag", Role.SEND_TAG, sendType, ZERO), a.expr("send-count", Role.VALUE, sendType, ONE),
            sendType, a.expr("source", Role.SOURCE, recvType, null),
            a.expr("recv-tag", Role.RECEIVE_TAG, recvType, ZERO), a.expr("recv-count", Role.VALUE, recvType, ONE),
            recvType, a.comm(), null);
        return new PointToPointOps.Isendrecv(exchange, a.var("request", true));
      }
      case "request-get-status":
        return new PointToPointOps.RequestGetStatus(a.var("request", true), a.var("flag", true),
            a.var("status", false));
      default:
        return null;
    }
  }

  /**
   * Writes one of these statements' calls.
   *
   * @param op the call
   * @param m the argument mapping to fill
   * @return the statement name, or null when {@code op} is none of these calls
   */
  static String write(MpiOp op, YamlBuild.Map m) {
    if (op instanceof TypeOps.Contiguous x) {
      m.put("count", ExprWriter.expr(x.count(), null));
      m.put("oldtype", x.oldtype().configName());
      m.put("into", x.into());
      return "type-contiguous";
    } else if (op instanceof TypeOps.Vector x) {
      m.put("count", ExprWriter.expr(x.count(), null));
      m.put("blocklength", ExprWriter.expr(x.blocklength(), null));
      m.put("stride", ExprWriter.expr(x.stride(), null));
      m.put("oldtype", x.oldtype().configName());
      m.put("into", x.into());
      return "type-vector";
    } else if (op instanceof TypeOps.Commit x) {
      m.put("type", x.type());
      return "type-commit";
    } else if (op instanceof TypeOps.Free x) {
      m.put("type", x.type());
      return "type-free";
    } else if (op instanceof TypeOps.GetElements g) {
      m.put("status", g.status());
      m.put("type", g.type().configName());
      m.put("into", g.into());
      return "get-elements";
    } else if (op instanceof PointToPointOps.SendrecvReplace x) {
      m.put("dest", ExprWriter.expr(x.dest(), x.type()));
      m.put("send-tag", ExprWriter.expr(x.sendTag(), x.type()));
      m.put("source", ExprWriter.expr(x.source(), x.type()));
      m.put("recv-tag", ExprWriter.expr(x.recvTag(), x.type()));
      m.put("count", ExprWriter.expr(x.count(), x.type()));
      m.put("type", x.type().configName());
      comm(m, x.comm());
      if (x.request() != null) {
        m.put("request", x.request());
        return "isendrecv-replace";
      }
      if (x.status() != null) {
        m.put("status", x.status());
      }
      return "sendrecv-replace";
    } else if (op instanceof PointToPointOps.Isendrecv x) {
      MpiOp.Sendrecv s = x.exchange();
      m.put("dest", ExprWriter.expr(s.dest(), s.sendType()));
      m.put("send-tag", ExprWriter.expr(s.sendTag(), s.sendType()));
      m.put("send-count", ExprWriter.expr(s.sendCount(), s.sendType()));
      m.put("send-type", s.sendType().configName());
      m.put("source", ExprWriter.expr(s.source(), s.recvType()));
      m.put("recv-tag", ExprWriter.expr(s.recvTag(), s.recvType()));
      m.put("recv-count", ExprWriter.expr(s.recvCount(), s.recvType()));
      m.put("recv-type", s.recvType().configName());
      comm(m, s.comm());
      m.put("request", x.request());
      return "isendrecv";
    } else if (op instanceof PointToPointOps.RequestGetStatus x) {
      m.put("request", x.request());
      m.put("flag", x.flag());
      if (x.status() != null) {
        m.put("status", x.status());
      }
      return "request-get-status";
    }
    return null;
  }

  private static void comm(YamlBuild.Map m, String comm) {
    if (!comm.equals(MpiOp.WORLD)) {
      m.put("comm", comm);
    }
  }
}
