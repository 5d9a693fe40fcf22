package dev.matchpoint.scenario.format;

import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.DatatypeRef;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.program.Expr;
import dev.matchpoint.mpi.program.MpiOp;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Builds one {@link MpiOp} from a statement's name and arguments; the table of accepted keys. */
final class CallReader {
  private static final Expr ZERO = new Expr.Lit(0);
  private static final Expr ONE = new Expr.Lit(1);
  private static final List<String> SEND = List.of("dest", "tag", "count", "type", "comm");
  private static final List<String> ISEND = List.of("dest", "tag", "count", "type", "comm", "request");

  /** Statement name to accepted argument keys, in documentation order. */
  static final Map<String, List<String>> KEYS = new LinkedHashMap<>();

  static {
    KEYS.put("send", SEND);
    KEYS.put("bsend", SEND);
    KEYS.put("ssend", SEND);
    KEYS.put("rsend", SEND);
    KEYS.put("isend", ISEND);
    KEYS.put("ibsend", ISEND);
    KEYS.put("issend", ISEND);
    KEYS.put("irsend", ISEND);
    KEYS.put("recv", List.of("source", "tag", "count", "type", "comm", "status"));
    KEYS.put("irecv", List.of("source", "tag", "count", "type", "comm", "request"));
    KEYS.put("probe", List.of("source", "tag", "comm", "status"));
    KEYS.put("iprobe", List.of("source", "tag", "comm", "flag", "status"));
    KEYS.put("mprobe", List.of("source", "tag", "comm", "message", "status"));
    KEYS.put("improbe", List.of("source", "tag", "comm", "flag", "message", "status"));
    KEYS.put("mrecv", List.of("message", "count", "type", "status"));
    KEYS.put("imrecv", List.of("message", "count", "type", "request"));
    KEYS.put("wait", List.of("request", "status"));
    KEYS.put("test", List.of("request", "flag", "status"));
    KEYS.put("waitall", List.of("requests", "statuses"));
    KEYS.put("waitany", List.of("requests", "index", "status"));
    KEYS.put("waitsome", List.of("requests", "outcount", "indices", "statuses"));
    KEYS.put("testall", List.of("requests", "flag"));
    KEYS.put("testany", List.of("requests", "flag", "index", "status"));
    KEYS.put("testsome", List.of("requests", "outcount", "indices", "statuses"));
    KEYS.put("request-free", List.of("request"));
    KEYS.put("get-count", List.of("status", "type", "into"));
    KEYS.put("sendrecv", List.of("dest", "send-tag", "send-count", "send-type", "source", "recv-tag", "recv-count",
        "recv-type", "comm", "status"));
    KEYS.put("buffer-attach", List.of("bytes"));
    KEYS.put("buffer-detach", List.of());
    KEYS.put("compute", List.of("ns"));
    RequestCallReader.keys(KEYS);
    CollectiveCalls.keys(KEYS);
    PartitionCalls.keys(KEYS);
    TypeCalls.keys(KEYS);
    CommCalls.keys(KEYS);
  }

  private CallReader() {}

  /**
   * Builds the call.
   *
   * @param name the statement name, a key of {@link #KEYS}
   * @param a its arguments
   * @return the call
   */
  static MpiOp read(String name, CallArgs a) {
    dev.matchpoint.mpi.CollectiveKind collective = CollectiveCalls.kind(name);
    if (collective != null) {
      return CollectiveCalls.read(collective, !name.equals(collective.statement()), a);
    }
    if (PartitionCalls.reads(name)) {
      return PartitionCalls.read(name, a);
    }
    MpiOp added = TypeCalls.read(name, a);
    if (added != null) {
      return added;
    }
    MpiOp comm = CommCalls.read(name, a);
    if (comm != null) {
      return comm;
    }
    switch (name) {
      case "send":
      case "bsend":
      case "ssend":
      case "rsend":
      case "isend":
      case "ibsend":
      case "issend":
      case "irsend":
        return send(name, a);
      case "recv":
      case "irecv": {
        DatatypeRef type = a.type("type");
        Expr source = a.expr("source", Role.SOURCE, type, null);
        Expr tag = a.expr("tag", Role.RECEIVE_TAG, type, ZERO);
        Expr count = a.expr("count", Role.VALUE, type, ONE);
        return name.equals("recv") ? new MpiOp.Recv(source, tag, count, type, a.comm(), a.var("status", false))
            : new MpiOp.Irecv(source, tag, count, type, a.comm(), a.var("request", true));
      }
      case "probe":
        return new MpiOp.Probe(a.expr("source", Role.SOURCE, null, null), a.expr("tag", Role.RECEIVE_TAG, null, ZERO),
            a.comm(), a.var("status", false));
      case "iprobe":
        return new MpiOp.Iprobe(a.expr("source", Role.SOURCE, null, null), a.expr("tag", Role.RECEIVE_TAG, null, ZERO),
            a.comm(), a.var("flag", true), a.var("status", false));
      case "mprobe":
        return new MpiOp.Mprobe(a.expr("source", Role.SOURCE, null, null), a.expr("tag", Role.RECEIVE_TAG, null, ZERO),
            a.comm(), a.var("message", true), a.var("status", false));
      case "improbe":
        return new MpiOp.Improbe(a.expr("source", Role.SOURCE, null, null),
            a.expr("tag", Role.RECEIVE_TAG, null, ZERO), a.comm(), a.var("flag", true), a.var("message", true),
            a.var("status", false));
      case "mrecv":
      case "imrecv": {
        DatatypeRef type = a.type("type");
        String message = a.var("message", true);
        Expr count = a.expr("count", Role.VALUE, type, ONE);
        return name.equals("mrecv") ? new MpiOp.Mrecv(message, count, type, a.var("status", false))
            : new MpiOp.Imrecv(message, count, type, a.var("request", true));
      }
      default:
        return completion(name, a);
    }
  }

  private static MpiOp send(String name, CallArgs a) {
    boolean nonblocking = name.startsWith("i");
    String base = nonblocking ? name.substring(1) : name;
    SendMode mode = switch (base) {
      case "bsend" -> SendMode.BUFFERED;
      case "ssend" -> SendMode.SYNCHRONOUS;
      case "rsend" -> SendMode.READY;
      default -> SendMode.STANDARD;
    };
    DatatypeRef type = a.type("type");
    Expr dest = a.expr("dest", Role.DEST, type, null);
    Expr tag = a.expr("tag", Role.SEND_TAG, type, ZERO);
    Expr count = a.expr("count", Role.VALUE, type, ONE);
    String comm = a.comm();
    return nonblocking ? new MpiOp.Isend(mode, dest, tag, count, type, comm, a.var("request", true))
        : new MpiOp.Send(mode, dest, tag, count, type, comm);
  }

  /** An optional list of output variables: absent (empty), or one per request. */
  private static List<String> onePerRequest(String call, CallArgs a, List<String> requests, String key, String one) {
    List<String> vars = a.vars(key, false);
    if (!vars.isEmpty() && vars.size() != requests.size()) {
      throw a.map().error(key, call + " has " + requests.size() + " requests but " + vars.size() + " " + key
          + " (expected one " + one + " per request, or no '" + key + "' key)");
    }
    return vars;
  }

  private static MpiOp completion(String name, CallArgs a) {
    switch (name) {
      case "wait":
        return new MpiOp.Wait(a.var("request", true), a.var("status", false));
      case "test":
        return new MpiOp.Test(a.var("request", true), a.var("flag", true), a.var("status", false));
      case "waitall": {
        List<String> requests = a.vars("requests", true);
        return new MpiOp.Waitall(requests, onePerRequest(name, a, requests, "statuses", "status"));
      }
      case "waitany":
        return new MpiOp.Waitany(a.vars("requests", true), a.var("index", true), a.var("status", false));
      case "waitsome": {
        List<String> requests = a.vars("requests", true);
        return new MpiOp.Waitsome(requests, a.var("outcount", true), onePerRequest(name, a, requests, "indices",
            "index"), onePerRequest(name, a, requests, "statuses", "status"));
      }
      case "testall":
        return new MpiOp.Testall(a.vars("requests", true), a.var("flag", true));
      case "testany":
        return new MpiOp.Testany(a.vars("requests", true), a.var("flag", true), a.var("index", true),
            a.var("status", false));
      case "testsome": {
        List<String> requests = a.vars("requests", true);
        return new MpiOp.Testsome(requests, a.var("outcount", true), onePerRequest(name, a, requests, "indices",
            "index"), onePerRequest(name, a, requests, "statuses", "status"));
      }
      case "request-free":
        return new MpiOp.RequestFree(a.var("request", true));
      case "get-count":
        return new MpiOp.GetCount(a.var("status", true), a.type("type"), a.var("into", true));
      case "sendrecv": {
        DatatypeRef sendType = a.type("send-type");
        DatatypeRef recvType = a.type("recv-type");
        return new MpiOp.Sendrecv(a.expr("dest", Role.DEST, sendType, null),
            a.expr("send-tag", Role.SEND_TAG, sendType, ZERO), a.expr("send-count", Role.VALUE, sendType, ONE),
            sendType, a.expr("source", Role.SOURCE, recvType, null),
            a.expr("recv-tag", Role.RECEIVE_TAG, recvType, ZERO), a.expr("recv-count", Role.VALUE, recvType, ONE),
            recvType, a.comm(), a.var("status", false));
      }
      case "buffer-attach":
        return new MpiOp.BufferAttach(a.expr("bytes", Role.VALUE, null, null));
      case "buffer-detach":
        return new MpiOp.BufferDetach();
      case "compute":
        return new MpiOp.Compute(a.expr("ns", Role.VALUE, null, null));
      default:
        return RequestCallReader.read(name, a);
    }
  }
}
