package dev.matchpoint.scenario.importer.otf2;

import dev.matchpoint.scenario.importer.ImportLimits;
import dev.matchpoint.scenario.importer.ImportWarning;
import dev.matchpoint.scenario.importer.ImportedTrace;
import dev.matchpoint.scenario.importer.LocationProgram;
import dev.matchpoint.scenario.importer.MessageSize;
import dev.matchpoint.scenario.importer.ReceiveSpec;
import dev.matchpoint.scenario.importer.RequestKey;
import dev.matchpoint.scenario.importer.SourcePattern;
import dev.matchpoint.scenario.importer.TagPattern;
import dev.matchpoint.scenario.importer.TraceClock;
import dev.matchpoint.scenario.importer.TraceCommunicator;
import dev.matchpoint.scenario.importer.TraceImportException;
import dev.matchpoint.scenario.importer.TraceImportFormat;
import dev.matchpoint.scenario.importer.TraceImporter;
import dev.matchpoint.scenario.importer.TraceLocation;
import dev.matchpoint.scenario.importer.TraceOp;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Imports an OTF2 archive into the format-neutral {@link ImportedTrace}: one program per location
 * in file order, with requests keyed by (location, request id, reuse) because request ids are
 * reused (TRACE-FORMATS.md §1.6). An MpiIrecvRequest becomes an {@link TraceOp.Irecv} whose
 * {@link ReceiveSpec} is filled in from the MpiIrecv that completes it; MpiIsendComplete and
 * MpiIrecv become {@link TraceOp.Wait}s. Times are ticks since the clock's global offset.
 */
public final class Otf2Importer implements TraceImporter {
  private static final String[] COLLECTIVES = {
    "BARRIER", "BCAST", "GATHER", "GATHERV", "SCATTER", "SCATTERV", "ALLGATHER", "ALLGATHERV",
    "ALLTOALL", "ALLTOALLV", "ALLTOALLW", "ALLREDUCE", "REDUCE", "REDUCE_SCATTER", "SCAN", "EXSCAN",
    "REDUCE_SCATTER_BLOCK"
  };

  /** Creates an importer; it keeps no state between reads. */
  public Otf2Importer() {}

  /**
   * Reads an archive and converts it.
   *
   * @param anchorFile the archive's anchor file ({@code traces.otf2})
   * @return the import
   * @throws TraceImportException as {@link Otf2Archive#read}, and when an event names a
   *     communicator that is not defined or a peer rank outside its communicator
   */
  @Override
  public ImportedTrace read(Path anchorFile) throws TraceImportException {
    return convert(Otf2Archive.read(anchorFile));
  }

  /**
   * Converts a decoded archive.
   *
   * @param archive the archive
   * @return the import
   * @throws TraceImportException when an event names an undefined communicator, a peer rank
   *     outside its communicator or whose world rank is outside the trace's ranks, or a message
   *     above {@link ImportLimits#MAX_MESSAGE_BYTES} (at the event's byte offset), or the archive
   *     has more ranks than {@link ImportLimits#rankProblem} allows
   */
  public static ImportedTrace convert(Otf2Archive archive) throws TraceImportException {
    Otf2Topology topology = Otf2Topology.of(archive.definitions());
    String tooMany = ImportLimits.rankProblem(topology.worldSize());
    if (tooMany != null) {
      throw TraceImportException.inFile(archive.anchorFile(), "the archive's locations make " + tooMany, null);
    }
    List<ImportWarning> warnings = new ArrayList<>();
    for (long id : topology.unranked()) {
      if (!archive.events().getOrDefault(id, List.of()).isEmpty()) {
        warnings.add(new ImportWarning(id, "location " + Long.toUnsignedString(id),
            "location belongs to no MPI process; its events are skipped"));
      }
    }
    List<LocationProgram> programs = new ArrayList<>();
    for (TraceLocation location : topology.locations().values()) {
      List<Otf2Event> events = archive.events().getOrDefault(location.id(), List.of());
      programs.add(new LocationProgram(location,
          new ProgramBuilder(archive, topology, location, warnings).build(events)));
    }
    programs.sort((a, b) -> TraceLocation.BY_RANK_THEN_THREAD.compare(a.location(), b.location()));
    Otf2Definitions.Clock clock = archive.definitions().clock();
    return new ImportedTrace(
        TraceImportFormat.OTF2,
        new TraceClock(OptionalLong.of(clock.timerResolution()), clock.globalOffset(),
            clock.traceLength()),
        List.copyOf(topology.communicators().values()),
        programs,
        TraceImportFormat.OTF2.limits(),
        warnings,
        Optional.empty());
  }

  /** Builds one location's program. */
  private static final class ProgramBuilder {
    private final Otf2Archive archive;
    private final Otf2Topology topology;
    private final TraceLocation location;
    private final List<ImportWarning> warnings;
    private final List<TraceOp> ops = new ArrayList<>();
    private final SortedMap<Long, Pending> pending = new TreeMap<>(Long::compareUnsigned);
    private final SortedMap<Long, Integer> uses = new TreeMap<>(Long::compareUnsigned);
    private OptionalLong collectiveBegin = OptionalLong.empty();
    private final int worldSize;

    private record Pending(RequestKey key, boolean receive, int opIndex) {}

    ProgramBuilder(Otf2Archive archive, Otf2Topology topology, TraceLocation location,
        List<ImportWarning> warnings) {
      this.archive = archive;
      this.topology = topology;
      this.location = location;
      this.warnings = warnings;
      this.worldSize = topology.worldSize();
    }

    List<TraceOp> build(List<Otf2Event> events) throws TraceImportException {
      for (Otf2Event event : events) {
        add(event);
      }
      for (Pending p : pending.values()) {
        warn(null, "request " + p.key() + " was never completed or cancelled in the trace");
      }
      return ops;
    }

    private void add(Otf2Event e) throws TraceImportException {
      OptionalLong t = OptionalLong.of(archive.relativeTicks(e.timeTicks()));
      Otf2Record record = e.record();
      if (record instanceof Otf2Record.MpiSend r) {
        ops.add(new TraceOp.Send(t, peer(e, r.receiver(), r.communicator()), r.communicator(),
            r.tag(), size(e, r.lengthBytes())));
      } else if (record instanceof Otf2Record.MpiIsend r) {
        int dest = peer(e, r.receiver(), r.communicator());
        RequestKey key = open(r.requestId(), false);
        ops.add(new TraceOp.Isend(t, key, dest, r.communicator(), r.tag(), size(e, r.lengthBytes())));
      } else if (record instanceof Otf2Record.MpiIsendComplete r) {
        complete(e, t, r.requestId(), false);
      } else if (record instanceof Otf2Record.MpiIrecvRequest r) {
        ops.add(new TraceOp.Irecv(t, open(r.requestId(), true), Optional.empty()));
      } else if (record instanceof Otf2Record.MpiRecv r) {
        ops.add(new TraceOp.Recv(t, spec(e, r.sender(), r.communicator(), r.tag(), r.lengthBytes())));
      } else if (record instanceof Otf2Record.MpiIrecv r) {
        irecvCompleted(e, t, r);
      } else if (record instanceof Otf2Record.MpiRequestTest r) {
        Pending p = pending.get(r.requestId());
        if (p == null) {
          warn(e, "MpiRequestTest of unknown request " + Long.toUnsignedString(r.requestId())
              + "; skipped");
        } else {
          ops.add(new TraceOp.Test(t, p.key(), TraceOp.TestOutcome.NOT_COMPLETE));
        }
      } else if (record instanceof Otf2Record.MpiRequestCancelled r) {
        Pending p = pending.remove(r.requestId());
        if (p == null) {
          warn(e, "MpiRequestCancelled of unknown request " + Long.toUnsignedString(r.requestId())
              + "; skipped");
        } else {
          ops.add(new TraceOp.Cancel(t, p.key()));
        }
      } else if (record instanceof Otf2Record.MpiCollectiveBegin) {
        collectiveBegin = t;
      } else if (record instanceof Otf2Record.MpiCollectiveEnd r) {
        String name = r.operation() < COLLECTIVES.length
            ? COLLECTIVES[r.operation()] : "COLLECTIVE_" + r.operation();
        OptionalInt root = r.root() == Otf2Definitions.UNDEFINED_REF
            ? OptionalInt.empty() : OptionalInt.of((int) r.root());
        ops.add(new TraceOp.Collective(collectiveBegin.isPresent() ? collectiveBegin : t, name,
            r.communicator(), root, OptionalLong.of(r.sentBytes()),
            OptionalLong.of(r.receivedBytes())));
        collectiveBegin = OptionalLong.empty();
      }
      // Enter and Leave carry nothing the program needs.
    }

    private void irecvCompleted(Otf2Event e, OptionalLong t, Otf2Record.MpiIrecv r)
        throws TraceImportException {
      ReceiveSpec spec = spec(e, r.sender(), r.communicator(), r.tag(), r.lengthBytes());
      Pending p = pending.get(r.requestId());
      if (p == null || !p.receive()) {
        warn(e, "MpiIrecv completes request " + Long.toUnsignedString(r.requestId())
            + " that no MpiIrecvRequest posted; posting it at its completion");
        ops.add(new TraceOp.Irecv(t, open(r.requestId(), true), Optional.of(spec)));
      } else {
        ops.set(p.opIndex(),
            new TraceOp.Irecv(ops.get(p.opIndex()).timeTicks(), p.key(), Optional.of(spec)));
      }
      complete(e, t, r.requestId(), true);
    }

    private RequestKey open(long requestId, boolean receive) {
      int reuse = uses.merge(requestId, 1, Integer::sum) - 1;
      RequestKey key = new RequestKey(location.id(), requestId, reuse);
      pending.put(requestId, new Pending(key, receive, ops.size()));
      return key;
    }

    private void complete(Otf2Event e, OptionalLong t, long requestId, boolean receive) {
      Pending p = pending.remove(requestId);
      if (p == null) {
        warn(e, (receive ? "MpiIrecv" : "MpiIsendComplete") + " of unknown request "
            + Long.toUnsignedString(requestId) + "; skipped");
        return;
      }
      ops.add(new TraceOp.Wait(t, List.of(p.key())));
    }

    private ReceiveSpec spec(Otf2Event e, long sender, long comm, long tag, long bytes)
        throws TraceImportException {
      return new ReceiveSpec(SourcePattern.rank(peer(e, sender, comm)), TagPattern.of(tag), comm,
          size(e, bytes));
    }

    /** A message length: OTF2 writes an unsigned 64-bit count, the model's counts are 32-bit. */
    private MessageSize size(Otf2Event e, long bytes) throws TraceImportException {
      String problem = ImportLimits.messageProblem(bytes);
      if (problem != null) {
        throw error(e, problem);
      }
      return MessageSize.bytes(bytes);
    }

    private int peer(Otf2Event e, long rank, long comm) throws TraceImportException {
      TraceCommunicator c = topology.communicators().get(comm);
      if (c == null) {
        throw error(e, "undefined communicator " + comm);
      }
      int size = c.self() ? 1 : c.worldRanks().size();
      if (rank < 0 || rank >= size) {
        throw error(e, "peer rank " + Long.toUnsignedString(rank) + " outside communicator " + c.name()
            + " of size " + size);
      }
      if (!c.self() && c.worldRanks().get((int) rank) >= worldSize) {
        throw error(e, "peer rank " + rank + " of communicator " + c.name() + " is world rank "
            + c.worldRanks().get((int) rank) + ", outside the " + worldSize + " ranks of the trace");
      }
      return (int) rank;
    }

    private TraceImportException error(Otf2Event e, String reason) {
      return TraceImportException.atByte(eventFile(), e.byteOffset(), reason);
    }

    private Path eventFile() {
      String name = archive.anchorFile().getFileName().toString().replaceFirst("\\.otf2$", "");
      return archive.anchorFile().resolveSibling(name)
          .resolve(Long.toUnsignedString(location.id()) + ".evt");
    }

    private void warn(Otf2Event e, String message) {
      String where = e == null ? eventFile().toString() : eventFile() + " byte " + e.byteOffset();
      warnings.add(new ImportWarning(location.id(), where, message));
    }
  }
}
