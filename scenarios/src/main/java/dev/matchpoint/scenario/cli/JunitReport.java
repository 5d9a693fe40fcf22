package dev.matchpoint.scenario.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.Locale;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * The JUnit XML report of {@code matchpoint test --junit FILE}, in the schema Maven Surefire writes
 * ({@code surefire-test-report.xsd}, version 3.0.2, which CI systems read): one {@code testsuite}
 * with the counts, one {@code testcase} per scenario file (name: the scenario's name; classname:
 * the directory it was found in, dotted; time in seconds), after a {@code properties} element with
 * each {@code --cfg} override when there are any; a {@code failure} when the scenario
 * missed its expectation, an {@code error} when it could not be loaded, {@code skipped} when it
 * states no expectation, and {@code system-out} with the line {@code test} printed for it.
 */
final class JunitReport {
  /** The outcome of one scenario file. */
  enum Status {
    PASS,
    FAIL,
    ERROR,
    SKIP
  }

  /**
   * One scenario file's test case.
   *
   * @param name the scenario's name (the file's name without {@code .yaml} when it did not load)
   * @param classname where it was found, dotted, e.g. {@code scenarios.library}
   * @param status its outcome
   * @param reason why, one line
   * @param line what {@code test} printed for it
   * @param millis wall-clock time it took, ms
   */
  record Case(String name, String classname, Status status, String reason, String line, long millis) {}

  private JunitReport() {}

  /**
   * Writes the report.
   *
   * @param suite the test suite's name
   * @param cfg the {@code --cfg} overrides, written as {@code property} elements named {@code cfg}
   * @param cases the test cases, in the order they ran
   * @param out where to write (UTF-8)
   * @throws IOException when writing fails
   */
  static void write(String suite, List<String> cfg, List<Case> cases, OutputStream out) throws IOException {
    try {
      XMLStreamWriter x = XMLOutputFactory.newFactory().createXMLStreamWriter(out, "UTF-8");
      x.writeStartDocument("UTF-8", "1.0");
      x.writeCharacters("\n");
      x.writeStartElement("testsuite");
      x.writeNamespace("xsi", "http://www.w3.org/2001/XMLSchema-instance");
      x.writeAttribute("http://www.w3.org/2001/XMLSchema-instance", "noNamespaceSchemaLocation",
          "https://maven.apache.org/surefire/maven-surefire-plugin/xsd/surefire-test-report.xsd");
      x.writeAttribute("version", "3.0.2");
      x.writeAttribute("name", suite);
      x.writeAttribute("time", seconds(cases.stream().mapToLong(Case::millis).sum()));
      x.writeAttribute("tests", Integer.toString(cases.size()));
      x.writeAttribute("errors", Long.toString(count(cases, Status.ERROR)));
      x.writeAttribute("skipped", Long.toString(count(cases, Status.SKIP)));
      x.writeAttribute("failures", Long.toString(count(cases, Status.FAIL)));
      if (!cfg.isEmpty()) {
        x.writeCharacters("\n  ");
        x.writeStartElement("properties");
        for (String c : cfg) {
          x.writeCharacters("\n    ");
          x.writeEmptyElement("property");
          x.writeAttribute("name", "cfg");
          x.writeAttribute("value", clean(c));
        }
        x.writeCharacters("\n  ");
        x.writeEndElement();
      }
      for (Case c : cases) {
        x.writeCharacters("\n  ");
        x.writeStartElement("testcase");
        x.writeAttribute("name", clean(c.name()));
        x.writeAttribute("classname", clean(c.classname()));
        x.writeAttribute("time", seconds(c.millis()));
        switch (c.status()) {
          case FAIL -> element(x, "failure", c.reason(), "expectation not met");
          case ERROR -> element(x, "error", c.reason(), "bad input");
          case SKIP -> {
            x.writeCharacters("\n    ");
            x.writeEmptyElement("skipped");
            x.writeAttribute("message", clean(c.reason()));
          }
          case PASS -> { }
        }
        x.writeCharacters("\n    ");
        x.writeStartElement("system-out");
        x.writeCData(clean(c.line()).replace("]]>", "]]]]><![CDATA[>") + "\n");
        x.writeEndElement();
        x.writeCharacters("\n  ");
        x.writeEndElement();
      }
      x.writeCharacters("\n");
      x.writeEndElement();
      x.writeCharacters("\n");
      x.writeEndDocument();
      x.close();
    } catch (XMLStreamException e) {
      throw new IOException(e.getMessage(), e);
    }
  }

  private static void element(XMLStreamWriter x, String name, String message, String type)
      throws XMLStreamException {
    x.writeCharacters("\n    ");
    x.writeStartElement(name);
    x.writeAttribute("message", clean(message));
    x.writeAttribute("type", type);
    x.writeCharacters(clean(message));
    x.writeEndElement();
  }

  private static long count(List<Case> cases, Status s) {
    return cases.stream().filter(c -> c.status() == s).count();
  }

  /** Seconds as Surefire writes them: up to three decimals, a dot, no grouping. */
  static String seconds(long millis) {
    return String.format(Locale.ROOT, "%d.%03d", millis / 1000, millis % 1000);
  }

  /** The text without the characters XML 1.0 cannot hold (controls other than tab and newline). */
  private static String clean(String s) {
    StringBuilder b = new StringBuilder(s.length());
    s.codePoints().forEach(c -> b.appendCodePoint(c == '\t' || c == '\n' || c == '\r' || (c >= 0x20 && c != 0xFFFE
        && c != 0xFFFF && (c < 0xD800 || c > 0xDFFF)) ? c : '?'));
    return b.toString();
  }
}
