package dev.matchpoint.scenario.importer.otf2;

import dev.matchpoint.scenario.importer.TraceCommunicator;
import dev.matchpoint.scenario.importer.TraceLocation;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Ranks, threads and communicators of an archive (TRACE-FORMATS.md §1.5, "Rank ↔ location"): the
 * MPI group of type COMM_LOCATIONS lists one location per MPI_COMM_WORLD rank; every location of
 * that location's location group belongs to the rank; a COMM_GROUP's members index into
 * COMM_LOCATIONS, so they are world ranks.
 *
 * @param locations every location that has a rank, by id (unsigned order)
 * @param communicators every communicator, by id
 * @param unranked ids of locations outside any MPI process (skipped by the importer)
 */
record Otf2Topology(
    SortedMap<Long, TraceLocation> locations,
    SortedMap<Long, TraceCommunicator> communicators,
    List<Long> unranked) {

  static Otf2Topology of(Otf2Definitions defs) {
    Otf2Definitions.Group world = worldGroup(defs);
    SortedMap<Long, Integer> rankOfLocationGroup = new TreeMap<>();
    SortedMap<Long, Long> masterOfLocationGroup = new TreeMap<>();
    if (world != null) {
      for (int rank = 0; rank < world.members().size(); rank++) {
        Otf2Definitions.Location master = defs.locations().get(world.members().get(rank));
        if (master != null) {
          rankOfLocationGroup.putIfAbsent(master.group(), rank);
          masterOfLocationGroup.putIfAbsent(master.group(), master.id());
        }
      }
    } else {
      // No MPI locations group: number the location groups in id order.
      int rank = 0;
      for (Long group : defs.locationGroups().keySet()) {
        rankOfLocationGroup.put(group, rank++);
      }
    }
    SortedMap<Long, TraceLocation> locations = new TreeMap<>(Long::compareUnsigned);
    List<Long> unranked = new ArrayList<>();
    SortedMap<Long, Integer> nextThread = new TreeMap<>();
    List<Otf2Definitions.Location> ordered = new ArrayList<>(defs.locations().values());
    // The master location of each group is thread 0; the rest follow by ascending id.
    ordered.sort((a, b) -> {
      boolean am = Long.valueOf(a.id()).equals(masterOfLocationGroup.get(a.group()));
      boolean bm = Long.valueOf(b.id()).equals(masterOfLocationGroup.get(b.group()));
      return am != bm ? (am ? -1 : 1) : Long.compareUnsigned(a.id(), b.id());
    });
    for (Otf2Definitions.Location location : ordered) {
      Integer rank = rankOfLocationGroup.get(location.group());
      if (rank == null) {
        unranked.add(location.id());
        continue;
      }
      int thread = nextThread.merge(location.group(), 1, Integer::sum) - 1;
      locations.put(location.id(),
          new TraceLocation(location.id(), rank, thread, defs.string(location.name())));
    }
    SortedMap<Long, TraceCommunicator> communicators = new TreeMap<>();
    for (Otf2Definitions.Comm comm : defs.comms().values()) {
      Otf2Definitions.Group group = defs.groups().get(comm.group());
      List<Integer> worldRanks = new ArrayList<>();
      boolean self = false;
      if (group == null) {
        // Leave the mapping empty; operations on it fail with a clear message.
      } else if (group.type() == Otf2Definitions.GROUP_COMM_SELF) {
        self = true;
      } else if (group.type() == Otf2Definitions.GROUP_COMM_LOCATIONS) {
        for (int r = 0; r < group.members().size(); r++) {
          worldRanks.add(r);
        }
      } else {
        for (long member : group.members()) {
          // A member past every world rank stays past it; events on it are rejected where they occur.
          worldRanks.add(member < 0 || member > Integer.MAX_VALUE ? Integer.MAX_VALUE : (int) member);
        }
      }
      communicators.put(comm.id(),
          new TraceCommunicator(comm.id(), defs.string(comm.name()), worldRanks, self));
    }
    Collections.sort(unranked, Long::compareUnsigned);
    return new Otf2Topology(locations, communicators, List.copyOf(unranked));
  }

  /** Returns the number of MPI_COMM_WORLD ranks: the largest rank of a location, plus one. */
  int worldSize() {
    int size = 0;
    for (TraceLocation location : locations.values()) {
      size = Math.max(size, location.rank() + 1);
    }
    return size;
  }

  private static Otf2Definitions.Group worldGroup(Otf2Definitions defs) {
    Otf2Definitions.Group any = null;
    for (Map.Entry<Long, Otf2Definitions.Group> e : defs.groups().entrySet()) {
      Otf2Definitions.Group g = e.getValue();
      if (g.type() == Otf2Definitions.GROUP_COMM_LOCATIONS) {
        if (g.paradigm() == Otf2Definitions.PARADIGM_MPI) {
          return g;
        }
        if (any == null) {
          any = g;
        }
      }
    }
    return any;
  }
}
