package dev.matchpoint.scenario.format;

import dev.matchpoint.mpi.program.MpiOp;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Writes the statements {@link RequestCallReader} reads: cancel, persistent requests, starts and
 * channels. Reading the written statement back gives an equal call.
 */
final class RequestCallWriter {
  private RequestCallWriter() {}

  /**
   * Fills the arguments of a call and returns its statement name.
   *
   * @param op the call
   * @param m the argument mapping to fill
   * @return the statement name, or null when the call is not one of this class's
   */
  static String write(MpiOp op, YamlBuild.Map m) {
    if (op instanceof MpiOp.Cancel c) {
      m.put("request", c.request());
      return "cancel";
    } else if (op instanceof MpiOp.TestCancelled t) {
      m.put("status", t.status());
      m.put("flag", t.flag());
      return "test-cancelled";
    } else if (op instanceof MpiOp.MessageCancel c) {
      m.put("message", c.message());
      return "message-cancel";
    } else if (op instanceof MpiOp.SendInit s) {
      m.put("dest", ExprWriter.expr(s.dest(), s.type()));
      m.put("tag", ExprWriter.expr(s.tag(), s.type()));
      m.put("count", ExprWriter.expr(s.count(), s.type()));
      m.put("type", s.type().configName());
      comm(m, s.comm());
      m.put("request", s.request());
      return s.mode().blockingName().toLowerCase(Locale.ROOT) + "-init";
    } else if (op instanceof MpiOp.RecvInit r) {
      m.put("source", ExprWriter.expr(r.source(), r.type()));
      m.put("tag", ExprWriter.expr(r.tag(), r.type()));
      m.put("count", ExprWriter.expr(r.count(), r.type()));
      m.put("type", r.type().configName());
      comm(m, r.comm());
      m.put("request", r.request());
      return "recv-init";
    } else if (op instanceof MpiOp.Start s) {
      if (!s.all() && s.requests().size() == 1) {
        m.put("request", s.requests().get(0));
        return "start";
      }
      m.put("requests", YamlBuild.flowSeq(s.requests()));
      return "startall";
    } else if (op instanceof MpiOp.BindChannel b) {
      return bind(b, m);
    } else if (op instanceof MpiOp.UnbindChannel u) {
      String name = (u.nonblocking() ? "iunbind-channel" : "unbind-channel");
      if (u.channels().size() == 1) {
        m.put("channel", u.channels().get(0));
        return name;
      }
      m.put("channels", YamlBuild.flowSeq(u.channels()));
      return name + "s";
    }
    return null;
  }

  /**
   * One request is written as {@code bind-channel}, several as {@code bind-channels}; {@code slack}
   * is written for the slack forms and whenever some K is not 1.
   */
  private static String bind(MpiOp.BindChannel b, YamlBuild.Map m) {
    String name = b.nonblocking() ? "ibind-channel" : "bind-channel";
    boolean slack = b.slack() || b.slackness().stream().anyMatch(k -> k != 1);
    if (b.requests().size() == 1) {
      m.put("request", b.requests().get(0));
      m.put("channel", b.channels().get(0));
      if (slack) {
        m.put("slack", b.slackness().get(0));
      }
      return name;
    }
    m.put("requests", YamlBuild.flowSeq(b.requests()));
    m.put("channels", YamlBuild.flowSeq(b.channels()));
    if (slack) {
      List<String> ks = new ArrayList<>();
      b.slackness().forEach(k -> ks.add(Integer.toString(k)));
      m.put("slack", YamlBuild.flowSeq(ks));
    }
    return name + "s";
  }

  private static void comm(YamlBuild.Map m, String comm) {
    if (!comm.equals(MpiOp.WORLD)) {
      m.put("comm", comm);
    }
  }
}
