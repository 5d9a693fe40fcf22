package dev.matchpoint.scenario.importer.otf2;

import dev.matchpoint.scenario.importer.TraceImportException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Decodes one location's event file ({@code <loc>.evt}; TRACE-FORMATS.md §1.3 and §1.6): chunks,
 * timestamps, attribute lists and the records of {@link Otf2Record}, skipping singleton records
 * by their one compressed field and every other record by its length. Local ids are mapped to
 * global ids and timestamps are clock-corrected, as libotf2's global reader does.
 */
final class Otf2EventReader {
  private static final int ENTER = 12;
  private static final int LEAVE = 13;
  private static final int MPI_SEND = 14;
  private static final int MPI_ISEND = 15;
  private static final int MPI_ISEND_COMPLETE = 16;
  private static final int MPI_IRECV_REQUEST = 17;
  private static final int MPI_RECV = 18;
  private static final int MPI_IRECV = 19;
  private static final int MPI_REQUEST_TEST = 20;
  private static final int MPI_REQUEST_CANCELLED = 21;
  private static final int MPI_COLLECTIVE_BEGIN = 22;
  private static final int MPI_COLLECTIVE_END = 23;
  private static final int OMP_FORK = 24;
  private static final int OMP_TASK_CREATE = 28;
  private static final int OMP_TASK_SWITCH = 29;
  private static final int OMP_TASK_COMPLETE = 30;
  private static final int FIRST_EVENT_TYPE = 10;
  private static final int TYPE_STRING = 11;
  private static final int TYPE_LOCATION = 13;
  private static final int LAST_KNOWN_TYPE = 25;

  private Otf2EventReader() {}

  /**
   * Reads all events of a location.
   *
   * @param file the event file
   * @param location the location id
   * @param chunkSize chunk size of event files, in bytes
   * @param local the location's local definitions (mappings, clock offsets)
   * @return the events in file order
   * @throws TraceImportException when the file is missing, truncated, has a wrong chunk header, a
   *     record that runs past its chunk, an event before any timestamp, or an unknown internal
   *     record type; the message names the file and byte offset
   */
  static List<Otf2Event> read(Path file, long location, long chunkSize, Otf2LocalDefinitions local)
      throws TraceImportException {
    Otf2Buffer in = Otf2Buffer.open(file, chunkSize);
    Otf2ClockCorrection clock = new Otf2ClockCorrection(local.clockOffsets());
    List<Otf2Event> events = new ArrayList<>();
    List<Otf2Attribute> attributes = new ArrayList<>();
    boolean haveTime = false;
    long time = 0;
    in.readHeader(true);
    while (true) {
      if (in.atEndOfData()) {
        throw in.error(in.position(), "unexpected end of file (truncated?): no end-of-file marker");
      }
      int at = in.position();
      int type = in.u8();
      switch (type) {
        case Otf2Buffer.END_OF_FILE -> {
          return events;
        }
        case Otf2Buffer.END_OF_CHUNK, Otf2Buffer.END_OF_BUFFER -> {
          if (!in.nextChunk()) {
            throw in.error(at, "unexpected end of file (truncated?): no end-of-file marker");
          }
          haveTime = false;
          attributes.clear();
        }
        case Otf2Buffer.TIMESTAMP -> {
          time = clock.correct(in.u64Full());
          haveTime = true;
        }
        case Otf2Buffer.ATTRIBUTE_LIST -> readAttributes(in, at, local, attributes);
        default -> {
          if (type < FIRST_EVENT_TYPE) {
            throw in.error(at, String.format("unknown internal record type 0x%02x", type));
          }
          if (!haveTime) {
            throw in.error(at, "event record of type " + type + " before any timestamp in its chunk");
          }
          Otf2Record record = readRecord(type, in, at, local);
          if (record != null) {
            events.add(new Otf2Event(location, time, events.size(), at, attributes, record));
          }
          attributes.clear();
        }
      }
    }
  }

  private static Otf2Record readRecord(int type, Otf2Buffer in, int at, Otf2LocalDefinitions local)
      throws TraceImportException {
    switch (type) {
      case ENTER:
        return new Otf2Record.Enter(local.map(Otf2LocalDefinitions.MAPPING_REGION, in.u32()));
      case LEAVE:
        return new Otf2Record.Leave(local.map(Otf2LocalDefinitions.MAPPING_REGION, in.u32()));
      case MPI_ISEND_COMPLETE:
        return new Otf2Record.MpiIsendComplete(in.u64());
      case MPI_IRECV_REQUEST:
        return new Otf2Record.MpiIrecvRequest(in.u64());
      case MPI_REQUEST_TEST:
        return new Otf2Record.MpiRequestTest(in.u64());
      case MPI_REQUEST_CANCELLED:
        return new Otf2Record.MpiRequestCancelled(in.u64());
      case OMP_FORK:
      case OMP_TASK_CREATE:
      case OMP_TASK_SWITCH:
      case OMP_TASK_COMPLETE:
        in.u64(); // singleton records without a length byte: skip their one compressed field
        return null;
      default:
        break;
    }
    int end = in.recordEnd(at);
    Otf2Record record =
        switch (type) {
          case MPI_SEND -> new Otf2Record.MpiSend(
              in.u32(), comm(in, local), in.u32(), in.u64());
          case MPI_ISEND -> new Otf2Record.MpiIsend(
              in.u32(), comm(in, local), in.u32(), in.u64(), in.u64());
          case MPI_RECV -> new Otf2Record.MpiRecv(
              in.u32(), comm(in, local), in.u32(), in.u64());
          case MPI_IRECV -> new Otf2Record.MpiIrecv(
              in.u32(), comm(in, local), in.u32(), in.u64(), in.u64());
          case MPI_COLLECTIVE_BEGIN -> new Otf2Record.MpiCollectiveBegin();
          case MPI_COLLECTIVE_END -> new Otf2Record.MpiCollectiveEnd(
              in.u8(), comm(in, local), in.u32(), in.u64(), in.u64());
          default -> null; // skipped by its length
        };
    in.endRecord(at, end);
    return record;
  }

  private static long comm(Otf2Buffer in, Otf2LocalDefinitions local)
      throws TraceImportException {
    return local.map(Otf2LocalDefinitions.MAPPING_COMM, in.u32());
  }

  private static void readAttributes(
      Otf2Buffer in, int at, Otf2LocalDefinitions local, List<Otf2Attribute> into)
      throws TraceImportException {
    int end = in.recordEnd(at);
    long count = in.u32();
    into.clear();
    for (long i = 0; i < count; i++) {
      long attribute = local.map(Otf2LocalDefinitions.MAPPING_ATTRIBUTE, in.u32());
      int type = in.u8();
      if (type < 1 || type > LAST_KNOWN_TYPE) {
        // A value type this reader does not know has an unknown size: skip the rest of the list.
        break;
      }
      long bits =
          switch (type) {
            case 1, 5 -> in.u8();
            case 2, 6 -> in.u16();
            case 3, 7 -> in.u32();
            case 4, 8, TYPE_LOCATION -> in.u64();
            case Otf2Attribute.TYPE_FLOAT -> Double.doubleToRawLongBits(in.f32());
            case Otf2Attribute.TYPE_DOUBLE -> Double.doubleToRawLongBits(in.f64());
            case TYPE_STRING -> local.map(Otf2LocalDefinitions.MAPPING_STRING, in.u32());
            default -> in.u32(); // other references
          };
      into.add(new Otf2Attribute(attribute, type, bits));
    }
    in.endRecord(at, end);
  }
}
