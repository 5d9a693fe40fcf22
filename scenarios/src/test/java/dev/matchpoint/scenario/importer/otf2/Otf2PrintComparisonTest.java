package dev.matchpoint.scenario.importer.otf2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Compares our decoded, merged events with what the real library's {@code otf2-print} (Debian
 * {@code otf2-tools}) prints for the same archive: record kinds, locations, corrected timestamps,
 * every field we decode, attribute lists, and the merge order. Skipped when {@code otf2-print} is
 * not installed (CI does not install it).
 */
class Otf2PrintComparisonTest {
  private static final Pattern EVENT =
      Pattern.compile("^([A-Z_]+)\\s+(\\d+)\\s+(\\d+)\\s*(.*)$");
  private static final Pattern ATTRIBUTE =
      Pattern.compile("\\(\"[^\"]*\" <(\\d+)>; (\\w+); (?:\"[^\"]*\" <(\\d+)>|([-\\d.e+]+))\\)");
  private static final String[] TYPE_NAMES = {
    "NONE", "UINT8", "UINT16", "UINT32", "UINT64", "INT8", "INT16", "INT32", "INT64", "FLOAT",
    "DOUBLE", "STRING"
  };
  private static final String[] COLLECTIVES = {"BARRIER", "BCAST", "GATHER"};

  @ParameterizedTest
  @ValueSource(strings = {"worked", "rich", "multichunk"})
  void decodedEvents_matchOtf2Print(String archiveName) throws Exception {
    Path otf2Print = findOtf2Print();
    assumeTrue(otf2Print != null,
        "otf2-print is not installed (Debian package otf2-tools); comparison skipped");
    Path anchor = Otf2Samples.anchor(archiveName);
    List<String> expected = parseOtf2Print(run(otf2Print, anchor));
    List<String> actual = new ArrayList<>();
    for (Otf2Event e : Otf2Archive.read(anchor).mergedEvents()) {
      actual.add(line(e));
    }
    assertTrue(expected.size() > 10, "otf2-print printed events");
    assertEquals(expected.size(), actual.size(), "event count");
    for (int i = 0; i < expected.size(); i++) {
      assertEquals(expected.get(i), actual.get(i), "event " + i + " of " + archiveName);
    }
  }

  private static Path findOtf2Print() {
    String path = System.getenv().getOrDefault("PATH", "");
    for (String dir : path.split(java.io.File.pathSeparator)) {
      Path candidate = Path.of(dir, "otf2-print");
      if (Files.isExecutable(candidate)) {
        return candidate;
      }
    }
    return null;
  }

  private static List<String> run(Path otf2Print, Path anchor) throws IOException, InterruptedException {
    Path out = Files.createTempFile("otf2-print", ".txt");
    try {
      Process p = new ProcessBuilder(otf2Print.toString(), anchor.toString())
          .redirectErrorStream(true).redirectOutput(out.toFile()).start();
      if (!p.waitFor(120, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new IOException("otf2-print timed out");
      }
      assertEquals(0, p.exitValue(), "otf2-print exit status");
      return Files.readAllLines(out, StandardCharsets.UTF_8);
    } finally {
      Files.deleteIfExists(out);
    }
  }

  /** Reduces otf2-print's event lines to "KIND location time field=value …". */
  private static List<String> parseOtf2Print(List<String> lines) {
    List<String> events = new ArrayList<>();
    for (String raw : lines) {
      String text = raw.trim();
      if (text.startsWith("ADDITIONAL ATTRIBUTES:")) {
        StringBuilder attrs = new StringBuilder();
        Matcher m = ATTRIBUTE.matcher(text);
        while (m.find()) {
          String value = m.group(3) != null ? m.group(3) : m.group(4);
          attrs.append(" attr").append(m.group(1)).append(':').append(m.group(2)).append('=')
              .append(value);
        }
        int last = events.size() - 1;
        events.set(last, events.get(last) + attrs);
        continue;
      }
      Matcher m = EVENT.matcher(text);
      if (!m.matches() || text.startsWith("Event ")) {
        continue;
      }
      String kind = m.group(1);
      String rest = m.group(4);
      StringBuilder sb = new StringBuilder(kind + " " + m.group(2) + " " + m.group(3));
      field(sb, "region", rest, "Region: \"[^\"]*\" <(\\d+)>");
      field(sb, "peer", rest, "(?:Receiver|Sender): (\\d+)");
      field(sb, "comm", rest, "Communicator: \"[^\"]*\" <(\\d+)>");
      field(sb, "tag", rest, "Tag: (\\d+)");
      field(sb, "length", rest, "Length: (\\d+)");
      field(sb, "request", rest, "Request: (\\d+)");
      field(sb, "op", rest, "Operation: (\\w+)");
      field(sb, "root", rest, "Root: (\\w+)");
      field(sb, "sent", rest, "Sent: (\\d+)");
      field(sb, "received", rest, "Received: (\\d+)");
      events.add(sb.toString());
    }
    return events;
  }

  private static void field(StringBuilder sb, String name, String text, String regex) {
    Matcher m = Pattern.compile(regex).matcher(text);
    if (m.find()) {
      sb.append(' ').append(name).append('=').append(m.group(1));
    }
  }

  /** Our event in the same reduced form. */
  private static String line(Otf2Event e) {
    String head = Long.toUnsignedString(e.location()) + " " + Long.toUnsignedString(e.timeTicks());
    Otf2Record r = e.record();
    String body;
    if (r instanceof Otf2Record.Enter x) {
      body = "ENTER " + head + " region=" + x.region();
    } else if (r instanceof Otf2Record.Leave x) {
      body = "LEAVE " + head + " region=" + x.region();
    } else if (r instanceof Otf2Record.MpiSend x) {
      body = "MPI_SEND " + head + p2p(x.receiver(), x.communicator(), x.tag(), x.lengthBytes());
    } else if (r instanceof Otf2Record.MpiIsend x) {
      body = "MPI_ISEND " + head + p2p(x.receiver(), x.communicator(), x.tag(), x.lengthBytes())
          + " request=" + x.requestId();
    } else if (r instanceof Otf2Record.MpiRecv x) {
      body = "MPI_RECV " + head + p2p(x.sender(), x.communicator(), x.tag(), x.lengthBytes());
    } else if (r instanceof Otf2Record.MpiIrecv x) {
      body = "MPI_IRECV " + head + p2p(x.sender(), x.communicator(), x.tag(), x.lengthBytes())
          + " request=" + x.requestId();
    } else if (r instanceof Otf2Record.MpiIsendComplete x) {
      body = "MPI_ISEND_COMPLETE " + head + " request=" + x.requestId();
    } else if (r instanceof Otf2Record.MpiIrecvRequest x) {
      body = "MPI_IRECV_REQUEST " + head + " request=" + x.requestId();
    } else if (r instanceof Otf2Record.MpiRequestTest x) {
      body = "MPI_REQUEST_TEST " + head + " request=" + x.requestId();
    } else if (r instanceof Otf2Record.MpiRequestCancelled x) {
      body = "MPI_REQUEST_CANCELLED " + head + " request=" + x.requestId();
    } else if (r instanceof Otf2Record.MpiCollectiveBegin) {
      body = "MPI_COLLECTIVE_BEGIN " + head;
    } else {
      Otf2Record.MpiCollectiveEnd x = (Otf2Record.MpiCollectiveEnd) r;
      body = "MPI_COLLECTIVE_END " + head + " comm=" + x.communicator() + " op="
          + COLLECTIVES[x.operation()] + " root="
          + (x.root() == Otf2Definitions.UNDEFINED_REF ? "NONE" : Long.toString(x.root()))
          + " sent=" + x.sentBytes() + " received=" + x.receivedBytes();
    }
    StringBuilder sb = new StringBuilder(body);
    for (Otf2Attribute a : e.attributes()) {
      String value = a.type() == Otf2Attribute.TYPE_DOUBLE || a.type() == Otf2Attribute.TYPE_FLOAT
          ? Double.toString(a.asDouble()) : Long.toUnsignedString(a.bits());
      sb.append(" attr").append(a.attribute()).append(':').append(TYPE_NAMES[a.type()]).append('=')
          .append(value);
    }
    return sb.toString();
  }

  private static String p2p(long peer, long comm, long tag, long length) {
    return " peer=" + peer + " comm=" + comm + " tag=" + tag + " length=" + length;
  }
}
