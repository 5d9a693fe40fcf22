package dev.matchpoint.scenario.importer.otf2;

import dev.matchpoint.scenario.importer.TraceCommunicator;
import dev.matchpoint.scenario.importer.TraceImportException;
import dev.matchpoint.scenario.importer.TraceLocation;
import dev.matchpoint.scenario.importer.matching.MessageNormaliser;
import dev.matchpoint.scenario.importer.matching.NormalisedLocation;
import dev.matchpoint.scenario.importer.matching.P2pRecord;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Feeds an OTF2 archive's point-to-point records to seed 002's {@link MessageNormaliser}: peers
 * are translated from communicator ranks to world ranks through the communicator's group
 * (TRACE-FORMATS.md §1.5), times are made relative to the global offset.
 */
public final class Otf2Messages {
  private Otf2Messages() {}

  /**
   * Normalises every ranked location of an archive.
   *
   * @param archive the archive
   * @return per location (rank, then thread order) its sent and received messages
   * @throws TraceImportException when a record names an undefined communicator, a self
   *     communicator, or a peer outside its communicator; the message names the event file and
   *     byte offset
   */
  public static List<NormalisedLocation> normalise(Otf2Archive archive)
      throws TraceImportException {
    Otf2Topology topology = Otf2Topology.of(archive.definitions());
    List<TraceLocation> locations = new ArrayList<>(topology.locations().values());
    locations.sort(TraceLocation.BY_RANK_THEN_THREAD);
    List<NormalisedLocation> result = new ArrayList<>();
    for (TraceLocation location : locations) {
      List<P2pRecord> records = new ArrayList<>();
      for (Otf2Event e : archive.events().getOrDefault(location.id(), List.of())) {
        long t = archive.relativeTicks(e.timeTicks());
        Otf2Record r = e.record();
        if (r instanceof Otf2Record.MpiSend x) {
          records.add(new P2pRecord.Send(t, world(archive, topology, e, x.communicator(),
              x.receiver()), x.communicator(), x.tag(), x.lengthBytes()));
        } else if (r instanceof Otf2Record.MpiIsend x) {
          records.add(new P2pRecord.Isend(t, world(archive, topology, e, x.communicator(),
              x.receiver()), x.communicator(), x.tag(), x.lengthBytes(), x.requestId()));
        } else if (r instanceof Otf2Record.MpiIsendComplete x) {
          records.add(new P2pRecord.IsendComplete(t, x.requestId()));
        } else if (r instanceof Otf2Record.MpiRecv x) {
          records.add(new P2pRecord.Recv(t, world(archive, topology, e, x.communicator(),
              x.sender()), x.communicator(), x.tag(), x.lengthBytes()));
        } else if (r instanceof Otf2Record.MpiIrecvRequest x) {
          records.add(new P2pRecord.IrecvRequest(t, x.requestId()));
        } else if (r instanceof Otf2Record.MpiIrecv x) {
          records.add(new P2pRecord.Irecv(t, world(archive, topology, e, x.communicator(),
              x.sender()), x.communicator(), x.tag(), x.lengthBytes(), x.requestId()));
        } else if (r instanceof Otf2Record.MpiRequestCancelled x) {
          records.add(new P2pRecord.RequestCancelled(t, x.requestId()));
        }
      }
      result.add(MessageNormaliser.normalise(location.id(), location.rank(), records));
    }
    return result;
  }

  private static int world(Otf2Archive archive, Otf2Topology topology, Otf2Event e, long comm,
      long rank) throws TraceImportException {
    TraceCommunicator c = topology.communicators().get(comm);
    try {
      if (c == null) {
        throw new IllegalArgumentException("undefined communicator " + comm);
      }
      return c.worldRank(Math.toIntExact(rank));
    } catch (IllegalArgumentException | ArithmeticException ex) {
      String name = archive.anchorFile().getFileName().toString().replaceFirst("\\.otf2$", "");
      Path file = archive.anchorFile().resolveSibling(name)
          .resolve(Long.toUnsignedString(e.location()) + ".evt");
      throw TraceImportException.atByte(file, e.byteOffset(), ex.getMessage());
    }
  }
}
