package dev.matchpoint.scenario.importer.otf2;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.scenario.importer.otf2.Otf2Record.Enter;
import dev.matchpoint.scenario.importer.otf2.Otf2Record.Leave;
import dev.matchpoint.scenario.importer.otf2.Otf2Record.MpiIrecvRequest;
import dev.matchpoint.scenario.importer.otf2.Otf2Record.MpiIsend;
import dev.matchpoint.scenario.importer.otf2.Otf2Record.MpiIsendComplete;
import dev.matchpoint.scenario.importer.otf2.Otf2Record.MpiRecv;
import dev.matchpoint.scenario.importer.otf2.Otf2Record.MpiRequestCancelled;
import dev.matchpoint.scenario.importer.otf2.Otf2Record.MpiRequestTest;
import dev.matchpoint.scenario.importer.otf2.Otf2Record.MpiSend;
import java.nio.file.Files;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

class Otf2ArchiveTest {
  /** The bytes TRACE-FORMATS.md §1.8 shows in full, up to the first elision. */
  private static final String SECTION_1_8_PREFIX =
      "0342" + "0100000000000000" + "1100000000000000"
          + "05e803000000000000" + "0c00"
          + "05f203000000000000" + "0606010100030" + "12a"
          + "0f0a010100010702000401" + "01"
          + "05fc03000000000000" + "0d00";

  private static long timeOf(Otf2Event e) {
    return e.timeTicks();
  }

  @Test
  void workedExample_rank0_fileStartsWithTheBytesOfSection18() throws Exception {
    byte[] bytes = Files.readAllBytes(
        Otf2Samples.anchor("worked").resolveSibling("traces").resolve("0.evt"));
    byte[] expected = HexFormat.of().parseHex(SECTION_1_8_PREFIX);
    byte[] actual = java.util.Arrays.copyOf(bytes, expected.length);
    assertArrayEquals(expected, actual);
    byte[] tail = java.util.Arrays.copyOfRange(bytes, bytes.length - 5, bytes.length);
    assertArrayEquals(HexFormat.of().parseHex("0d01040201"), tail, "Leave region 4, 02 01");
  }

  @Test
  void workedExample_rank0_decodesSection18Exactly() throws Exception {
    Otf2Archive archive = Otf2Archive.read(Otf2Samples.anchor("worked"));
    List<Otf2Event> events = archive.events().get(0L);
    List<Otf2Record> records = events.stream().map(Otf2Event::record).toList();
    assertEquals(
        List.of(
            new Enter(0), new MpiIsend(1, 0, 7, 1024, 1), new Leave(0),
            new Enter(1), new MpiSend(2, 0, 3, 8), new Leave(1),
            new Enter(2), new MpiIrecvRequest(2), new Leave(2),
            new Enter(3), new MpiRequestTest(1), new MpiRequestTest(2), new Leave(3),
            new Enter(4), new MpiIsendComplete(1), new MpiRequestCancelled(2), new Leave(4)),
        records);
    assertEquals(17, events.size(), "chunk header says events 1..17");
    assertEquals(
        List.of(1000L, 1010L, 1020L, 1030L, 1030L, 1040L, 1050L, 1050L, 1060L, 1070L, 1070L, 1070L,
            1080L, 1090L, 1100L, 1100L, 1110L),
        events.stream().map(Otf2ArchiveTest::timeOf).toList());
    assertEquals(List.of(new Otf2Attribute(0, 3, 42)), events.get(1).attributes(),
        "attribute list: 1 attr, ref 0, UINT32, 42");
    assertTrue(events.get(0).attributes().isEmpty());
    assertEquals(0x1b, events.get(0).byteOffset(), "Enter follows the header and a timestamp");
    assertEquals(0x2e, events.get(1).byteOffset(), "Isend follows its attribute list");
  }

  @Test
  void workedExample_definitions_areDecoded() throws Exception {
    Otf2Archive archive = Otf2Archive.read(Otf2Samples.anchor("worked"));
    assertEquals("3.0.2", archive.anchor().otf2Version());
    assertEquals(1024 * 1024, archive.anchor().chunkSizeEvents());
    assertEquals(4 * 1024 * 1024, archive.anchor().chunkSizeDefinitions());
    assertEquals(3, archive.anchor().numberOfLocations());
    Otf2Definitions defs = archive.definitions();
    assertEquals(new Otf2Definitions.Clock(1000, 1000, 121), defs.clock());
    assertEquals(List.of(0L, 1L, 2L), List.copyOf(defs.locations().keySet()));
    assertEquals("MPI_Waitall", defs.string(defs.regions().get(4L).name()));
    assertEquals(28, defs.regions().get(4L).role(), "POINT2POINT");
    assertEquals(4, defs.regions().get(4L).paradigm(), "MPI");
    assertEquals("MPI_COMM_WORLD", defs.string(defs.comms().get(0L).name()));
    Otf2Definitions.Group commGroup = defs.groups().get(defs.comms().get(0L).group());
    assertEquals(Otf2Definitions.GROUP_COMM_GROUP, commGroup.type());
    assertEquals(List.of(0L, 1L, 2L), commGroup.members());
    assertEquals(3, defs.attributes().get(0L).type(), "UINT32");
  }

  @Test
  void rich_locationIds_areUnsigned64BitAndThreadsShareTheirProcess() throws Exception {
    Otf2Archive archive = Otf2Archive.read(Otf2Samples.anchor("rich"));
    assertEquals(List.of(0L, 1L, 2L, 1L << 32, (1L << 32) | 1),
        List.copyOf(archive.events().keySet()));
    Otf2Definitions defs = archive.definitions();
    assertEquals(defs.locations().get(0L).group(), defs.locations().get(1L << 32).group());
  }

  @Test
  void rich_localDefinitions_mapCommunicatorsAndCorrectClocks() throws Exception {
    Otf2Archive archive = Otf2Archive.read(Otf2Samples.anchor("rich"));
    List<Otf2Event> rank2 = archive.events().get(2L);
    Otf2Event firstRecv = rank2.stream().filter(e -> e.record() instanceof MpiRecv).findFirst()
        .orElseThrow();
    // generate.py writes local comm 0 = global 1 ("sub"); the mapping table restores it.
    assertEquals(new MpiRecv(1, 1, 3, 64), firstRecv.record());
    // Offsets (t=0: +5), (t=100: +15): at raw t=25 the offset is 5 + rint(2.5) = 7.
    assertEquals(Otf2Samples.RICH_BASE + 32, firstRecv.timeTicks());
    Otf2Event enter = rank2.get(0);
    assertEquals(Otf2Samples.RICH_BASE + 8 + 6, enter.timeTicks(), "5 + rint(0.8)");
    // Between (100, +15) and (300, -5): at raw t=210 the offset is 15 - 11 = 4.
    Otf2Event barrierEnd = rank2.get(rank2.size() - 3);
    assertEquals(Otf2Samples.RICH_BASE + 210 + 4, barrierEnd.timeTicks());
    // Past the last offset the last interval's slope goes on: 15 - 0.1 * 300 = -15 at t=400.
    Otf2Event finalizeEnter = rank2.get(rank2.size() - 2);
    assertEquals(Otf2Samples.RICH_BASE + 400 - 15, finalizeEnter.timeTicks());
  }

  @Test
  void rich_mergedEvents_orderByTimeThenLocationKeepingFileOrder() throws Exception {
    Otf2Archive archive = Otf2Archive.read(Otf2Samples.anchor("rich"));
    List<Otf2Event> merged = archive.mergedEvents();
    assertEquals(archive.events().values().stream().mapToInt(List::size).sum(), merged.size());
    for (int i = 1; i < merged.size(); i++) {
      Otf2Event a = merged.get(i - 1);
      Otf2Event b = merged.get(i);
      int byTime = Long.compareUnsigned(a.timeTicks(), b.timeTicks());
      assertTrue(byTime < 0 || (byTime == 0 && (Long.compareUnsigned(a.location(), b.location()) < 0
          || (a.location() == b.location() && a.sequence() < b.sequence()))), "at " + i);
    }
  }

  @Test
  void multichunk_eventFileSpanningTwoChunks_decodesEveryEvent() throws Exception {
    Otf2Archive archive = Otf2Archive.read(Otf2Samples.anchor("multichunk"));
    assertEquals(256 * 1024, archive.anchor().chunkSizeEvents());
    long size = Files.size(Otf2Samples.anchor("multichunk").resolveSibling("traces").resolve("0.evt"));
    assertTrue(size > 256 * 1024, "rank 0's file must span two chunks, is " + size);
    List<Otf2Event> rank0 = archive.events().get(0L);
    assertEquals(24_000, rank0.size());
    for (int i = 0; i < 12_000; i++) {
      Otf2Event isend = rank0.get(2 * i);
      assertEquals(new MpiIsend(1, 0, i % 4, 8L * i, i % 3), isend.record(), "message " + i);
      assertEquals(10L * i, isend.timeTicks());
      assertEquals(new MpiIsendComplete(i % 3), rank0.get(2 * i + 1).record());
    }
    assertEquals(12_000, archive.events().get(1L).size());
  }
}
