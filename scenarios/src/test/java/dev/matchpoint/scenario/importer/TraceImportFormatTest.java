package dev.matchpoint.scenario.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.scenario.importer.goal.GoalImporter;
import dev.matchpoint.scenario.importer.otf2.Otf2Importer;
import dev.matchpoint.scenario.importer.simgrid.SimgridTiImporter;
import org.junit.jupiter.api.Test;

class TraceImportFormatTest {
  @Test
  void named_findsEachFormatByItsOnlyName() {
    assertEquals(TraceImportFormat.OTF2, TraceImportFormat.named("otf2"));
    assertEquals(TraceImportFormat.SIMGRID_TI, TraceImportFormat.named("simgrid-ti"));
    assertEquals(TraceImportFormat.GOAL, TraceImportFormat.named("GOAL"));
    assertTrue(TraceImportFormat.OTF2.importer() instanceof Otf2Importer);
    assertTrue(TraceImportFormat.SIMGRID_TI.importer() instanceof SimgridTiImporter);
    assertTrue(TraceImportFormat.GOAL.importer() instanceof GoalImporter);
  }

  @Test
  void named_unknownName_listsTheKnownOnes() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> TraceImportFormat.named("paraver"));
    assertEquals("unknown trace format 'paraver'; known: otf2, simgrid-ti, goal", e.getMessage());
  }
}
