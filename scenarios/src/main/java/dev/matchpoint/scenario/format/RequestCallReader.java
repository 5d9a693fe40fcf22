package dev.matchpoint.scenario.format;

import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.DatatypeRef;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.program.Expr;
import dev.matchpoint.mpi.program.MpiOp;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.SequenceNode;

/**
 * The statements that manage a request's life rather than move a message: MPI_Cancel,
 * MPI_Test_cancelled and seed 000's MPI_Message_cancel (MPI-3.1 §3.8.4); persistent requests,
 * MPI_Start and MPI_Startall (MPI-3.1 §3.9); and the channels of seed 003 (MPI_[I]bind[_slack]_channel[s],
 * MPI_[I]unbind_channel[s]). {@link CallReader} owns the table; this class adds its rows and builds
 * the calls.
 */
final class RequestCallReader {
  private static final Expr ZERO = new Expr.Lit(0);
  private static final Expr ONE = new Expr.Lit(1);
  private static final List<String> SEND_INIT = List.of("dest", "tag", "count", "type", "comm", "request");
  private static final List<String> BIND_ONE = List.of("request", "channel", "slack");
  private static final List<String> BIND_MANY = List.of("requests", "channels", "slack");

  private RequestCallReader() {}

  /**
   * Adds this class's statements to the table of accepted keys, in documentation order.
   *
   * @param keys statement name to accepted argument keys
   */
  static void keys(Map<String, List<String>> keys) {
    keys.put("cancel", List.of("request"));
    keys.put("test-cancelled", List.of("status", "flag"));
    keys.put("message-cancel", List.of("message"));
    keys.put("send-init", SEND_INIT);
    keys.put("bsend-init", SEND_INIT);
    keys.put("ssend-init", SEND_INIT);
    keys.put("rsend-init", SEND_INIT);
    keys.put("recv-init", List.of("source", "tag", "count", "type", "comm", "request"));
    keys.put("start", List.of("request"));
    keys.put("startall", List.of("requests"));
    keys.put("bind-channel", BIND_ONE);
    keys.put("bind-channels", BIND_MANY);
    keys.put("ibind-channel", BIND_ONE);
    keys.put("ibind-channels", BIND_MANY);
    keys.put("unbind-channel", List.of("channel"));
    keys.put("unbind-channels", List.of("channels"));
    keys.put("iunbind-channel", List.of("channel"));
    keys.put("iunbind-channels", List.of("channels"));
  }

  /**
   * Builds the call.
   *
   * @param name one of the names {@link #keys} adds
   * @param a its arguments
   * @return the call
   * @throws dev.matchpoint.scenario.ScenarioException at a bad argument
   */
  static MpiOp read(String name, CallArgs a) {
    switch (name) {
      case "cancel":
        return new MpiOp.Cancel(a.var("request", true));
      case "test-cancelled":
        return new MpiOp.TestCancelled(a.var("status", true), a.var("flag", true));
      case "message-cancel":
        return new MpiOp.MessageCancel(a.var("message", true));
      case "send-init":
      case "bsend-init":
      case "ssend-init":
      case "rsend-init":
        return sendInit(name, a);
      case "recv-init": {
        DatatypeRef type = a.type("type");
        Expr source = a.expr("source", Role.SOURCE, type, null);
        Expr tag = a.expr("tag", Role.RECEIVE_TAG, type, ZERO);
        Expr count = a.expr("count", Role.VALUE, type, ONE);
        return new MpiOp.RecvInit(source, tag, count, type, a.comm(), a.var("request", true));
      }
      case "start":
        return new MpiOp.Start(List.of(a.var("request", true)), false);
      case "startall":
        return new MpiOp.Start(nonEmpty(a, "requests"), true);
      case "bind-channel":
      case "ibind-channel":
        return bindOne(a, name.startsWith("i"));
      case "bind-channels":
      case "ibind-channels":
        return bindMany(a, name.startsWith("i"));
      case "unbind-channel":
      case "iunbind-channel":
        return new MpiOp.UnbindChannel(List.of(a.var("channel", true)), name.startsWith("i"));
      case "unbind-channels":
      case "iunbind-channels":
        return new MpiOp.UnbindChannel(nonEmpty(a, "channels"), name.startsWith("i"));
      default:
        throw new AssertionError(name);
    }
  }

  private static MpiOp sendInit(String name, CallArgs a) {
    SendMode mode = switch (name) {
      case "bsend-init" -> SendMode.BUFFERED;
      case "ssend-init" -> SendMode.SYNCHRONOUS;
      case "rsend-init" -> SendMode.READY;
      default -> SendMode.STANDARD;
    };
    DatatypeRef type = a.type("type");
    Expr dest = a.expr("dest", Role.DEST, type, null);
    Expr tag = a.expr("tag", Role.SEND_TAG, type, ZERO);
    Expr count = a.expr("count", Role.VALUE, type, ONE);
    return new MpiOp.SendInit(mode, dest, tag, count, type, a.comm(), a.var("request", true));
  }

  private static List<String> nonEmpty(CallArgs a, String key) {
    List<String> out = a.vars(key, true);
    if (out.isEmpty()) {
      throw a.map().error(key, "'" + key + "' is empty (expected at least one variable name)");
    }
    return out;
  }

  /** MPI_[I]bind[_slack]_channel: one request; giving {@code slack} (even 1) names the slack form. */
  private static MpiOp bindOne(CallArgs a, boolean nonblocking) {
    String request = a.var("request", true);
    String channel = a.var("channel", true);
    Node slack = a.map().get("slack");
    int k = slack == null ? 1 : slackness(a, slack);
    return new MpiOp.BindChannel(List.of(request), List.of(channel), List.of(k), nonblocking, slack != null);
  }

  /** MPI_[I]bind[_slack]_channels: lists of equal length; {@code slack} is a list, one K per request. */
  private static MpiOp bindMany(CallArgs a, boolean nonblocking) {
    List<String> requests = nonEmpty(a, "requests");
    List<String> channels = a.vars("channels", true);
    if (channels.size() != requests.size()) {
      throw a.map().error("channels", "bind-channels has " + requests.size() + " requests but " + channels.size()
          + " channels (expected one channel variable per request)");
    }
    Node slack = a.map().get("slack");
    List<Integer> ks;
    if (slack == null) {
      ks = Collections.nCopies(requests.size(), 1);
    } else {
      List<Node> items = YamlNodes.list(a.map().file(), slack, "slackness values, one per request (e.g. [2, 2])");
      if (items.size() != requests.size()) {
        throw a.map().error("slack", "bind-channels has " + requests.size() + " requests but " + items.size()
            + " slackness values (expected one per request)");
      }
      ks = new ArrayList<>();
      for (Node n : items) {
        ks.add(slackness(a, n));
      }
    }
    return new MpiOp.BindChannel(requests, channels, ks, nonblocking, slack != null);
  }

  private static int slackness(CallArgs a, Node n) {
    if (n instanceof SequenceNode) {
      throw YamlNodes.error(a.map().file(), n, "expected one slackness value (an integer >= 1) for 'slack', got a "
          + "list (bind-channels takes a list)");
    }
    return (int) YamlMap.integer(a.map().file(), n, "slack", 1, Integer.MAX_VALUE,
        "channel slackness K: outstanding starts per side");
  }
}
