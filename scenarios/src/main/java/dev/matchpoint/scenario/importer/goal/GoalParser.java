package dev.matchpoint.scenario.importer.goal;

import dev.matchpoint.scenario.importer.ImportLimits;
import dev.matchpoint.scenario.importer.TraceImportException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Parses GOAL text following LogGOPSim's {@code txt2bin.re} scanner: statements end at a newline;
 * {@code send <n>b to <r> [tag <t>] [cpu <c>] [nic <i>]}, {@code recv <n>b from <r|-1> [tag
 * <t|-1>] [cpu <c>] [nic <i>]}, {@code calc <n> [cpu <c>]}, each optionally labelled {@code l:};
 * {@code a requires b} and {@code a irequires b} between labels of one rank; the tag defaults to
 * 0; cpu and nic are read and dropped.
 */
final class GoalParser {
  private final Path file;
  private final String text;
  private int pos;
  private int line = 1;
  private int lineStart;

  private record Token(String text, int line, int column) {
    boolean is(String s) {
      return text.equals(s);
    }
  }

  private GoalParser(Path file, String text) {
    this.file = file;
    this.text = text;
  }

  static GoalSchedule parse(Path file, String text) throws TraceImportException {
    return new GoalParser(file, text).schedule();
  }

  private GoalSchedule schedule() throws TraceImportException {
    Integer numRanks = null;
    SortedMap<Integer, GoalSchedule.Rank> ranks = new TreeMap<>();
    Token t;
    while ((t = next()) != null) {
      if (t.is("\n")) {
        continue;
      }
      if (t.is("num_ranks")) {
        if (numRanks != null) {
          throw error(t, "second num_ranks");
        }
        Token n = next();
        long declared = number(n, t, false);
        String tooMany = declared < 1 ? "no rank" : ImportLimits.rankProblem(declared);
        if (tooMany != null) {
          throw error(n, "num_ranks " + declared + ": " + tooMany);
        }
        numRanks = (int) declared;
        endOfStatement();
      } else if (t.is("rank")) {
        Token r = next();
        long rank = number(r, t, false);
        if (numRanks == null) {
          throw error(t, "rank block before num_ranks");
        }
        if (rank >= numRanks) {
          throw error(r, "rank " + rank + " outside num_ranks " + numRanks);
        }
        if (ranks.containsKey((int) rank)) {
          throw error(r, "second block for rank " + rank);
        }
        expect("{", t);
        ranks.put((int) rank, block(t, (int) rank, numRanks));
      } else {
        throw error(t, "expected num_ranks or rank, found " + show(t));
      }
    }
    if (numRanks == null) {
      throw TraceImportException.atLine(file, line, 1, "missing num_ranks");
    }
    List<GoalSchedule.Rank> all = new ArrayList<>();
    for (int r = 0; r < numRanks; r++) {
      all.add(ranks.getOrDefault(r, new GoalSchedule.Rank(List.of(), List.of())));
    }
    return new GoalSchedule(numRanks, all);
  }

  private final Map<String, Optional<String>> sharedLabels = new HashMap<>();

  private GoalSchedule.Rank block(Token opened, int rank, int numRanks) throws TraceImportException {
    List<GoalSchedule.Op> ops = new ArrayList<>();
    List<GoalSchedule.Dependency> deps = new ArrayList<>();
    SortedMap<String, Integer> labels = new TreeMap<>();
    List<Token[]> pendingDeps = new ArrayList<>();
    while (true) {
      Token t = next();
      if (t == null) {
        throw error(opened, "unterminated block of rank " + rank + " (opened here)");
      }
      if (t.is("\n")) {
        continue;
      }
      if (t.is("}")) {
        break;
      }
      Optional<String> label = Optional.empty();
      Token op = t;
      if (isIdent(t) && !isOperation(t)) {
        Token after = next();
        if (after != null && (after.is("requires") || after.is("irequires"))) {
          Token target = next();
          if (target == null || !isIdent(target)) {
            throw error(after, "expected a label after " + after.text());
          }
          pendingDeps.add(new Token[] {t, after, target});
          endOfStatement();
          continue;
        }
        if (after == null || !after.is(":")) {
          throw error(t, "unknown operation " + show(t));
        }
        if (labels.containsKey(t.text())) {
          throw error(t, "duplicate label " + t.text());
        }
        // Ranks reuse the same labels: share one copy of each across the schedule.
        label = sharedLabels.computeIfAbsent(t.text(), Optional::of);
        labels.put(t.text(), ops.size());
        op = next();
        if (op == null) {
          throw error(opened, "unterminated block of rank " + rank + " (opened here)");
        }
      }
      ops.add(operation(op, ops.size(), label, numRanks));
    }
    for (Token[] d : pendingDeps) {
      Integer dependent = labels.get(d[0].text());
      Integer prerequisite = labels.get(d[2].text());
      if (dependent == null) {
        throw error(d[0], "unknown label " + d[0].text());
      }
      if (prerequisite == null) {
        throw error(d[2], "unknown label " + d[2].text());
      }
      deps.add(new GoalSchedule.Dependency(dependent, prerequisite, d[1].is("irequires"),
          d[0].line(), d[0].column()));
    }
    return new GoalSchedule.Rank(List.copyOf(ops), List.copyOf(deps));
  }

  private GoalSchedule.Op operation(Token op, int index, Optional<String> label, int numRanks)
      throws TraceImportException {
    GoalSchedule.Kind kind;
    if (op.is("send")) {
      kind = GoalSchedule.Kind.SEND;
    } else if (op.is("recv")) {
      kind = GoalSchedule.Kind.RECV;
    } else if (op.is("calc")) {
      kind = GoalSchedule.Kind.CALC;
    } else {
      throw error(op, "unknown operation " + show(op));
    }
    Token amountToken = next();
    long amount = number(amountToken, op, false);
    if (kind != GoalSchedule.Kind.CALC && ImportLimits.messageProblem(amount) != null) {
      throw error(amountToken, ImportLimits.messageProblem(amount));
    }
    long peer = 0;
    long tag = 0;
    if (kind != GoalSchedule.Kind.CALC) {
      expect("b", op);
      expect(kind == GoalSchedule.Kind.SEND ? "to" : "from", op);
      Token p = next();
      peer = number(p, op, kind == GoalSchedule.Kind.RECV);
      if (peer >= numRanks) {
        throw error(p, "rank " + peer + " outside num_ranks " + numRanks);
      }
    }
    Token t = next();
    if (t != null && t.is("tag") && kind != GoalSchedule.Kind.CALC) {
      tag = number(next(), t, kind == GoalSchedule.Kind.RECV);
      t = next();
    }
    if (t != null && t.is("cpu")) {
      number(next(), t, false);
      t = next();
    }
    if (t != null && t.is("nic") && kind != GoalSchedule.Kind.CALC) {
      number(next(), t, false);
      t = next();
    }
    if (t != null && !t.is("\n")) {
      throw error(t, "unexpected " + show(t) + " after " + op.text());
    }
    return new GoalSchedule.Op(index, label, kind, amount, peer, tag, op.line());
  }

  private long number(Token t, Token after, boolean minusOneAllowed) throws TraceImportException {
    if (t == null || t.is("\n")) {
      throw error(after, "expected a number after " + after.text());
    }
    if (minusOneAllowed && t.is("-1")) {
      return -1;
    }
    if (!t.text().chars().allMatch(Character::isDigit)) {
      throw error(t, "non-numeric field " + show(t));
    }
    try {
      return Long.parseLong(t.text());
    } catch (NumberFormatException e) {
      throw error(t, "number out of range " + show(t));
    }
  }

  private void expect(String wanted, Token after) throws TraceImportException {
    Token t = next();
    if (t == null || !t.is(wanted)) {
      throw error(t == null ? after : t, "expected '" + wanted + "', found " + show(t));
    }
  }

  private void endOfStatement() throws TraceImportException {
    Token t = next();
    if (t != null && !t.is("\n")) {
      throw error(t, "unexpected " + show(t));
    }
  }

  private static boolean isIdent(Token t) {
    return Character.isLetter(t.text().charAt(0));
  }

  private static boolean isOperation(Token t) {
    return t.is("send") || t.is("recv") || t.is("calc");
  }

  private static String show(Token t) {
    return t == null ? "end of file" : t.is("\n") ? "end of line" : "'" + t.text() + "'";
  }

  private TraceImportException error(Token t, String reason) {
    return TraceImportException.atLine(file, t.line(), t.column(), reason);
  }

  /** The next token: a newline, punctuation, a number (with an optional leading -), or a word. */
  private Token next() throws TraceImportException {
    while (pos < text.length()) {
      char c = text.charAt(pos);
      if (c == ' ' || c == '\t' || c == '\r') {
        pos++;
      } else if (text.startsWith("//", pos)) {
        while (pos < text.length() && text.charAt(pos) != '\n') {
          pos++;
        }
      } else if (text.startsWith("/*", pos)) {
        int startLine = line;
        int startColumn = pos - lineStart + 1;
        int end = text.indexOf("*/", pos + 2);
        if (end < 0) {
          throw TraceImportException.atLine(file, startLine, startColumn, "unterminated comment");
        }
        for (int i = pos; i < end; i++) {
          if (text.charAt(i) == '\n') {
            line++;
            lineStart = i + 1;
          }
        }
        pos = end + 2;
      } else {
        break;
      }
    }
    if (pos >= text.length()) {
      return null;
    }
    int column = pos - lineStart + 1;
    char c = text.charAt(pos);
    if (c == '\n') {
      Token t = new Token("\n", line, column);
      pos++;
      line++;
      lineStart = pos;
      return t;
    }
    int start = pos;
    if (c == '{' || c == '}' || c == ':') {
      pos++;
    } else if (c == '-' || Character.isDigit(c)) {
      pos++;
      while (pos < text.length() && Character.isDigit(text.charAt(pos))) {
        pos++;
      }
    } else if (Character.isLetter(c)) {
      while (pos < text.length()
          && (Character.isLetterOrDigit(text.charAt(pos)) || text.charAt(pos) == '_')) {
        pos++;
      }
    } else {
      throw TraceImportException.atLine(file, line, column, "unexpected character '" + c + "'");
    }
    return new Token(text.substring(start, pos), line, column);
  }
}
