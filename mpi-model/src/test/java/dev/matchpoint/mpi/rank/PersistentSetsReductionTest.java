package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.anySource;
import static dev.matchpoint.mpi.program.ProgramBuilder.count;
import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static dev.matchpoint.mpi.rank.PersistentSetsTest.sameOutcomes;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.explore.ExplorationReport;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.WildcardPolicy;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.Program;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Persistent sets reduce: in programs made of two halves that never communicate (ranks 0 and 1,
 * ranks 2 and 3), each half built around one kind of call, the stateful search with persistent sets
 * visits fewer states than the one expanding every enabled action, and reaches the same outcomes.
 */
class PersistentSetsReductionTest {
  private static final String PERSISTENT = "A set T of transitions enabled in a state s is persistent in s iff, for"
      + " all nonempty sequences of transitions from s in the state space that do not include transitions in T, every"
      + " transition in the sequence is independent with all transitions in T";

  /** The same pair of programs on ranks (0, 1) and on ranks (2, 3), talking only within each pair. */
  private static ModelSpec twice(Program first, Program second, Program third, Program fourth, WildcardPolicy p) {
    return ModelSpec.builder().rank(first).rank(second).rank(third).rank(fourth)
        .options(ModelOptions.defaults().withWildcard(p)).build();
  }

  private static Map<String, ModelSpec> programs(WildcardPolicy p) {
    Map<String, ModelSpec> out = new LinkedHashMap<>();
    Program recv0 = program().recv(lit(0), lit(0), lit(1), Datatype.INT, null).build();
    Program recv2 = program().recv(lit(2), lit(0), lit(1), Datatype.INT, null).build();
    out.put("probes", twice(program().send(lit(1), lit(0), lit(1), Datatype.INT).build(),
        program().probe(lit(0), lit(0), "st").recv(lit(0), lit(0), count("st", Datatype.INT), Datatype.INT, null)
            .build(),
        program().send(lit(3), lit(0), lit(1), Datatype.INT).build(),
        program().iprobe(anySource(), lit(0), "f", null).recv(lit(2), lit(0), lit(1), Datatype.INT, null).build(), p));
    out.put("matched probes", twice(program().send(lit(1), lit(0), lit(1), Datatype.INT).build(),
        program().mprobe(anySource(), lit(0), "m", null).mrecv("m", lit(1), Datatype.INT, null).build(),
        program().send(lit(3), lit(0), lit(1), Datatype.INT).build(),
        program().mprobe(lit(2), lit(0), "m", null).mrecv("m", lit(1), Datatype.INT, null).build(), p));
    out.put("synchronous and nonblocking", twice(
        program().send(SendMode.SYNCHRONOUS, lit(1), lit(0), lit(1), Datatype.INT).build(), recv0,
        program().isend(SendMode.STANDARD, lit(3), lit(0), lit(1), Datatype.INT, "s").waitFor("s", null).build(),
        program().irecv(anySource(), lit(0), lit(1), Datatype.INT, "r").waitFor("r", null).build(), p));
    out.put("buffered", twice(program().call(new MpiOp.BufferAttach(lit(64)))
            .send(SendMode.BUFFERED, lit(1), lit(0), lit(1), Datatype.INT).call(new MpiOp.BufferDetach()).build(),
        recv0, program().send(SendMode.BUFFERED, lit(3), lit(0), lit(1), Datatype.INT).build(), recv2, p));
    out.put("rendezvous", twice(program().send(lit(1), lit(0), lit(2048), Datatype.INT).build(),
        program().recv(lit(0), lit(0), lit(2048), Datatype.INT, null).build(),
        program().send(lit(3), lit(0), lit(2048), Datatype.INT).build(),
        program().recv(anySource(), lit(0), lit(2048), Datatype.INT, null).build(), p));
    out.put("sendrecv", twice(
        program().call(new MpiOp.Sendrecv(lit(1), lit(0), lit(1), Datatype.INT, lit(1), lit(0), lit(1), Datatype.INT,
            MpiOp.WORLD, null)).build(),
        program().call(new MpiOp.Sendrecv(lit(0), lit(0), lit(1), Datatype.INT, lit(0), lit(0), lit(1), Datatype.INT,
            MpiOp.WORLD, null)).build(),
        program().send(lit(3), lit(0), lit(1), Datatype.INT).build(), program().recv(lit(2), lit(0), lit(1),
            Datatype.INT, null).build(), p));
    return out;
  }

  @Test
  @SpecClause(source = "Godefroid 1996, Def. 4.1", text = PERSISTENT)
  void halvesThatNeverCommunicate_areNotInterleavedInFull() {
    for (WildcardPolicy p : WildcardPolicy.values()) {
      for (Map.Entry<String, ModelSpec> e : programs(p).entrySet()) {
        ExplorationReport[] r = sameOutcomes(e.getKey() + " " + p, e.getValue());
        assertTrue(r[1].states() < r[0].states(), e.getKey() + " " + p + ": " + r[1].states() + " vs "
            + r[0].states());
      }
    }
  }
}
