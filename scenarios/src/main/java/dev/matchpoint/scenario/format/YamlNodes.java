package dev.matchpoint.scenario.format;

import dev.matchpoint.mpi.program.SourceLocation;
import dev.matchpoint.scenario.ScenarioException;
import java.io.Reader;
import java.util.List;
import java.util.Optional;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.composer.Composer;
import org.snakeyaml.engine.v2.events.Event;
import org.snakeyaml.engine.v2.common.ScalarStyle;
import org.snakeyaml.engine.v2.exceptions.Mark;
import org.snakeyaml.engine.v2.exceptions.MarkedYamlEngineException;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.snakeyaml.engine.v2.nodes.SequenceNode;
import org.snakeyaml.engine.v2.nodes.Tag;
import org.snakeyaml.engine.v2.parser.Parser;
import org.snakeyaml.engine.v2.parser.ParserImpl;
import org.snakeyaml.engine.v2.scanner.StreamReader;

/**
 * Reading YAML as SnakeYAML Engine's composed node tree, and locating nodes for error messages.
 * Lines and columns in messages are 1-based.
 */
final class YamlNodes {
  /**
   * The deepest nesting of mappings and sequences a scenario file may have: a bound on the
   * composer's recursion (a deep file would otherwise overflow the stack), far above what any
   * program needs (each nested {@code repeat} or {@code if} adds three levels).
   */
  static final int MAX_DEPTH = 200;

  private YamlNodes() {}

  /**
   * Composes one YAML document.
   *
   * @param text the file's text
   * @param file the file name for messages
   * @return the root node
   * @throws ScenarioException on a YAML syntax error or an empty document
   */
  static Node compose(String text, String file) {
    // No limit on the file's length (an imported scenario may be hundreds of MiB); the nesting depth
    // is limited instead.
    LoadSettings settings = LoadSettings.builder().setLabel(file).setAllowRecursiveKeys(false)
        .setCodePointLimit(Integer.MAX_VALUE).build();
    Optional<Node> root;
    DepthLimit parser = new DepthLimit(new ParserImpl(settings, new StreamReader(new WholeCodePoints(text), settings)),
        file);
    try {
      root = new Composer(settings, parser).getSingleNode();
    } catch (MarkedYamlEngineException e) {
      Mark m = e.getProblemMark().or(e::getContextMark).orElse(null);
      String problem = "YAML syntax error: " + e.getProblem()
          + (e.getContext() == null ? "" : " (" + e.getContext() + ")");
      throw new ScenarioException(file, m == null ? 0 : m.getLine() + 1, m == null ? 0 : m.getColumn() + 1, problem);
    } catch (YamlEngineException e) {
      throw new ScenarioException(file, 0, 0, "YAML error: " + e.getMessage());
    } catch (IllegalArgumentException e) {
      // SnakeYAML Engine 2.10's composer refuses some tags this way (a '!' tag whose %-escape decodes
      // to a space: "Tag must not contain leading or trailing spaces"); the node is the last one parsed.
      Mark m = parser.lastStart;
      throw new ScenarioException(file, m == null ? 0 : m.getLine() + 1, m == null ? 0 : m.getColumn() + 1,
          "YAML error: " + e.getMessage());
    }
    if (root.isEmpty()) {
      throw new ScenarioException(file, 1, 1, "the file is empty (expected a mapping with at least 'scenario' and "
          + "'ranks')");
    }
    return root.get();
  }

  /**
   * Reads the text in chunks that never end between the two chars of a surrogate pair (unless the
   * text does). SnakeYAML Engine 2.10 reads 1,023 chars at a time and, when a chunk ends in a high
   * surrogate, reads one more char past the end of its buffer: an emoji at the boundary was an
   * IndexOutOfBoundsException.
   */
  private static final class WholeCodePoints extends Reader {
    private final String text;
    private int pos;

    WholeCodePoints(String text) {
      this.text = text;
    }

    @Override
    public int read(char[] buf, int off, int len) {
      if (len == 0) {
        return 0;
      }
      if (pos >= text.length()) {
        return -1;
      }
      int n = Math.min(len, text.length() - pos);
      if (n > 1 && pos + n < text.length() && Character.isHighSurrogate(text.charAt(pos + n - 1))) {
        n--;
      }
      text.getChars(pos, pos + n, buf, off);
      pos += n;
      return n;
    }

    @Override
    public void close() {
      // nothing to release
    }
  }

  /** A parser that refuses nesting deeper than {@link #MAX_DEPTH}, before the composer recurses into it. */
  private static final class DepthLimit implements Parser {
    private final Parser parser;
    private final String file;
    private int depth;
    /** Where the last event returned starts, or null. */
    Mark lastStart;

    DepthLimit(Parser parser, String file) {
      this.parser = parser;
      this.file = file;
    }

    @Override
    public boolean checkEvent(Event.ID id) {
      return parser.checkEvent(id);
    }

    @Override
    public Event peekEvent() {
      return parser.peekEvent();
    }

    @Override
    public boolean hasNext() {
      return parser.hasNext();
    }

    @Override
    public Event next() {
      Event e = parser.next();
      lastStart = e.getStartMark().orElse(null);
      Event.ID id = e.getEventId();
      if (id == Event.ID.MappingStart || id == Event.ID.SequenceStart) {
        if (++depth > MAX_DEPTH) {
          Mark m = e.getStartMark().orElse(null);
          throw new ScenarioException(file, m == null ? 0 : m.getLine() + 1, m == null ? 0 : m.getColumn() + 1,
              "mappings and lists nest deeper than " + MAX_DEPTH + " levels");
        }
      } else if (id == Event.ID.MappingEnd || id == Event.ID.SequenceEnd) {
        depth--;
      }
      return e;
    }
  }

  /**
   * Where a node starts.
   *
   * @param file the file name
   * @param node the node
   * @return the location
   */
  static SourceLocation at(String file, Node node) {
    Optional<Mark> m = node.getStartMark();
    if (m.isPresent() && m.get().getName().startsWith(ConfigOverrides.LABEL_PREFIX)) {
      return new SourceLocation(m.get().getName(), 0, 0); // a --cfg value: the option names itself
    }
    return m.map(mark -> new SourceLocation(file, mark.getLine() + 1, mark.getColumn() + 1))
        .orElse(new SourceLocation(file, 0, 0));
  }

  /**
   * Where a character of a scalar's text is, when it can be known exactly (a plain or quoted
   * scalar on one line without escapes); otherwise where the scalar starts.
   *
   * @param file the file name
   * @param node the scalar
   * @param offset index in the scalar's value
   * @return the location
   */
  static SourceLocation at(String file, ScalarNode node, int offset) {
    SourceLocation start = at(file, node);
    if (start.line() == 0) {
      return start;
    }
    int width = node.getEndMark().map(Mark::getIndex).orElse(-1) - node.getStartMark().map(Mark::getIndex).orElse(0);
    ScalarStyle style = node.getScalarStyle();
    int quotes = style == ScalarStyle.PLAIN ? 0 : 2;
    boolean exact = (style == ScalarStyle.PLAIN || style == ScalarStyle.SINGLE_QUOTED
        || style == ScalarStyle.DOUBLE_QUOTED) && width == node.getValue().length() + quotes;
    if (!exact) {
      return start;
    }
    return new SourceLocation(file, start.line(), start.column() + quotes / 2 + offset);
  }

  /**
   * An error at a node.
   *
   * @param file the file name
   * @param node the node
   * @param problem what is wrong and what was expected
   * @return the exception to throw
   */
  static ScenarioException error(String file, Node node, String problem) {
    return new ScenarioException(at(file, node), problem);
  }

  /**
   * How a node reads to a person, for "got ..." in messages.
   *
   * @param node the node
   * @return e.g. {@code a list}, {@code the text 'two'}, {@code the number 5}
   */
  static String describe(Node node) {
    if (node instanceof MappingNode) {
      return "a mapping";
    }
    if (node instanceof SequenceNode) {
      return "a list";
    }
    ScalarNode s = (ScalarNode) node;
    if (s.getTag().equals(Tag.NULL)) {
      return "nothing";
    }
    if (s.getTag().equals(Tag.INT) || s.getTag().equals(Tag.FLOAT)) {
      return "the number " + s.getValue();
    }
    if (s.getTag().equals(Tag.BOOL)) {
      return "the boolean " + s.getValue();
    }
    return "the text '" + s.getValue() + "'";
  }

  /**
   * The elements of a list node.
   *
   * @param file the file name
   * @param node the node
   * @param what what the list holds, for the message, e.g. {@code statements}
   * @return the elements
   * @throws ScenarioException when the node is not a list
   */
  static List<Node> list(String file, Node node, String what) {
    if (node instanceof SequenceNode seq) {
      return seq.getValue();
    }
    throw error(file, node, "expected a list of " + what + ", got " + describe(node));
  }

  /**
   * A scalar's text.
   *
   * @param file the file name
   * @param node the node
   * @param what what the value is, for the message
   * @return the scalar node
   * @throws ScenarioException when the node is a list, a mapping or empty
   */
  static ScalarNode scalar(String file, Node node, String what) {
    if (node instanceof ScalarNode s && !s.getTag().equals(Tag.NULL)) {
      return s;
    }
    throw error(file, node, "expected " + what + ", got " + describe(node));
  }
}
