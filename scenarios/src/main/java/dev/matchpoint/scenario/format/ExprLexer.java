package dev.matchpoint.scenario.format;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits an expression or condition into tokens: integers, names (letters, digits, {@code _}, and
 * the keyword {@code proc-null}), and the symbols {@code + - * / % ( ) . == != < <= > >=}.
 */
final class ExprLexer {
  /** Token kinds. */
  enum Kind {
    /** A non-negative integer literal. */
    INT,
    /** A name or keyword. */
    NAME,
    /** An operator or punctuation. */
    SYMBOL,
    /** The end of the text. */
    END
  }

  /**
   * One token.
   *
   * @param kind its kind
   * @param text its text
   * @param offset index of its first character in the scalar
   */
  record Token(Kind kind, String text, int offset) {
    boolean is(String symbol) {
      return kind != Kind.INT && text.equals(symbol);
    }
  }

  /** A malformed expression, at a character offset. */
  static final class ParseError extends RuntimeException {
    private static final long serialVersionUID = 1L;
    final int offset;

    ParseError(int offset, String message) {
      super(message);
      this.offset = offset;
    }
  }

  private ExprLexer() {}

  /**
   * Tokenises a text.
   *
   * @param text the scalar's text
   * @return the tokens, ending with an {@link Kind#END} token
   * @throws ParseError at an unexpected character
   */
  static List<Token> tokens(String text) {
    List<Token> out = new ArrayList<>();
    int i = 0;
    while (i < text.length()) {
      char c = text.charAt(i);
      if (Character.isWhitespace(c)) {
        i++;
      } else if (c >= '0' && c <= '9') {
        int j = i;
        while (j < text.length() && Character.isDigit(text.charAt(j))) {
          j++;
        }
        if (j < text.length() && isNameChar(text.charAt(j))) {
          throw new ParseError(i, "'" + text.substring(i, j + 1) + "...' is neither a number nor a name");
        }
        out.add(new Token(Kind.INT, text.substring(i, j), i));
        i = j;
      } else if (Character.isLetter(c) || c == '_') {
        int j = i;
        while (j < text.length() && isNameChar(text.charAt(j))) {
          j++;
        }
        String name = text.substring(i, j);
        if (name.equals("proc") && text.startsWith("-null", j)
            && (j + 5 == text.length() || !isNameChar(text.charAt(j + 5)))) {
          name = "proc-null";
          j += 5;
        }
        out.add(new Token(Kind.NAME, name, i));
        i = j;
      } else {
        String two = i + 1 < text.length() ? text.substring(i, i + 2) : "";
        if (two.equals("==") || two.equals("!=") || two.equals("<=") || two.equals(">=")) {
          out.add(new Token(Kind.SYMBOL, two, i));
          i += 2;
        } else if ("+-*/%().<>".indexOf(c) >= 0) {
          out.add(new Token(Kind.SYMBOL, String.valueOf(c), i));
          i++;
        } else {
          throw new ParseError(i, "unexpected character '" + c + "' (expected a number, a name, an operator "
              + "+ - * / % or a comparison == != < <= > >=)");
        }
      }
    }
    out.add(new Token(Kind.END, "", text.length()));
    return out;
  }

  private static boolean isNameChar(char c) {
    return Character.isLetterOrDigit(c) || c == '_';
  }
}
