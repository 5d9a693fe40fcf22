package dev.matchpoint.properties.conformance;

import java.util.ArrayList;
import java.util.List;

/**
 * A small Java lexer, enough to find annotations outside comments and string literals: identifiers,
 * string literals (with their values), text blocks, char literals, numbers and single punctuation
 * characters. Comments and whitespace are dropped.
 */
final class JavaTokens {
  /** Token kinds. */
  enum Kind { IDENT, STRING, TEXT_BLOCK, CHAR, NUMBER, PUNCT }

  /**
   * One token.
   *
   * @param kind the kind
   * @param text the source text, or a string literal's value
   * @param line the 1-based line it starts on
   */
  record Token(Kind kind, String text, int line) {
    boolean is(String punct) {
      return kind == Kind.PUNCT && text.equals(punct);
    }

    boolean isIdent(String name) {
      return kind == Kind.IDENT && text.equals(name);
    }
  }

  private JavaTokens() {}

  static List<Token> lex(String src) {
    List<Token> out = new ArrayList<>();
    int i = 0;
    int line = 1;
    int n = src.length();
    while (i < n) {
      char c = src.charAt(i);
      if (c == '\n') {
        line++;
        i++;
      } else if (Character.isWhitespace(c)) {
        i++;
      } else if (src.startsWith("//", i)) {
        while (i < n && src.charAt(i) != '\n') {
          i++;
        }
      } else if (src.startsWith("/*", i)) {
        int end = src.indexOf("*/", i + 2);
        end = end < 0 ? n : end + 2;
        line += count(src, i, end);
        i = end;
      } else if (src.startsWith("\"\"\"", i)) {
        int j = i + 3;
        while (j < n && !(src.startsWith("\"\"\"", j) && src.charAt(j - 1) != '\\')) {
          j++;
        }
        int end = Math.min(n, j + 3);
        out.add(new Token(Kind.TEXT_BLOCK, src.substring(i, end), line));
        line += count(src, i, end);
        i = end;
      } else if (c == '"' || c == '\'') {
        StringBuilder value = new StringBuilder();
        int j = i + 1;
        while (j < n && src.charAt(j) != c && src.charAt(j) != '\n') {
          char d = src.charAt(j);
          if (d == '\\' && j + 1 < n) {
            char e = src.charAt(j + 1);
            value.append(switch (e) {
              case 'n' -> '\n';
              case 't' -> '\t';
              case 'r' -> '\r';
              case 'b' -> '\b';
              case 'f' -> '\f';
              default -> e;
            });
            j += 2;
          } else {
            value.append(d);
            j++;
          }
        }
        out.add(new Token(c == '"' ? Kind.STRING : Kind.CHAR, value.toString(), line));
        i = Math.min(n, j + 1);
      } else if (Character.isJavaIdentifierStart(c)) {
        int j = i + 1;
        while (j < n && Character.isJavaIdentifierPart(src.charAt(j))) {
          j++;
        }
        out.add(new Token(Kind.IDENT, src.substring(i, j), line));
        i = j;
      } else if (Character.isDigit(c)) {
        int j = i + 1;
        while (j < n && (Character.isLetterOrDigit(src.charAt(j)) || src.charAt(j) == '_' || src.charAt(j) == '.')) {
          j++;
        }
        out.add(new Token(Kind.NUMBER, src.substring(i, j), line));
        i = j;
      } else {
        out.add(new Token(Kind.PUNCT, String.valueOf(c), line));
        i++;
      }
    }
    return out;
  }

  private static int count(String s, int from, int to) {
    int k = 0;
    for (int i = from; i < to; i++) {
      if (s.charAt(i) == '\n') {
        k++;
      }
    }
    return k;
  }
}
