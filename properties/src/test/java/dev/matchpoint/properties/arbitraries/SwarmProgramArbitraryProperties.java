package dev.matchpoint.properties.arbitraries;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.net.DeliveryOrder;
import dev.matchpoint.mpi.DatatypeRef;
import dev.matchpoint.mpi.program.Expr;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.program.Stmt;
import dev.matchpoint.properties.Feature;
import dev.matchpoint.properties.MpiArbitraries;
import dev.matchpoint.properties.SwarmProgram;
import dev.matchpoint.scenario.Scenario;
import dev.matchpoint.scenario.ScenarioLoader;
import dev.matchpoint.scenario.format.ScenarioWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.RandomGenerator;

/**
 * The swarm program arbitrary itself: its programs compile, print as scenario files that read back
 * to the same scenario, use only the calls of the features they switched on, and together cover
 * every call of the model.
 */
class SwarmProgramArbitraryProperties {
  @Provide
  Arbitrary<SwarmProgram> programs() {
    return MpiArbitraries.swarmPrograms().ranks(2, 4).threads(3).messages(0, 4).tags(0, 2);
  }

  /** The printed program is the program: {@code matchpoint explore} on it explores what the property did. */
  @Property(tries = 200)
  void swarmProgram_readsBackFromItsScenarioFile(@ForAll("programs") SwarmProgram p) {
    Scenario s = p.scenario();
    s.spec();
    Scenario back = ScenarioLoader.load(ScenarioWriter.write(s), "swarm-program.yaml");
    assertEquals(s.withoutLocations(), back.withoutLocations(), p::toString);
    assertTrue(p.worldSize() <= 4 && p.messages().size() <= 4, p::toString);
  }

  /** Swarm testing switches calls off: a program uses only the calls of the features it drew. */
  @Property(tries = 300)
  void swarmProgram_usesOnlyTheCallsOfItsFeatures(@ForAll("programs") SwarmProgram p) {
    Set<Feature> used = new TreeSet<>();
    forEachOp(p.scenario(), op -> used.addAll(features(op)));
    if (p.order() == DeliveryOrder.UNORDERED) {
      used.add(Feature.UNORDERED);
    }
    for (int r = 0; r < p.worldSize(); r++) {
      if (p.threads(r) > 1) {
        used.add(Feature.THREADS);
      }
    }
    if (p.features().contains(Feature.CHANNELS)) {
      used.remove(Feature.PERSISTENT); // a channel binds persistent requests
    }
    used.removeAll(p.features());
    assertTrue(used.isEmpty(), () -> "uses " + used + " switched off:\n" + p);
  }

  /** Every call of MPI-3.1 and seed 003 the model has occurs in the first 1000 programs of a seed. */
  @Example
  void swarmPrograms_coverEveryCallOfTheModel() {
    RandomGenerator<SwarmProgram> g = programs().generator(1000, true);
    Random random = new Random(11);
    Set<String> seen = new TreeSet<>();
    for (int i = 0; i < 1000; i++) {
      SwarmProgram p = g.next(random).value();
      forEachOp(p.scenario(), op -> {
        seen.add(op.mpiName());
        features(op).forEach(f -> seen.add(f.name()));
      });
      seen.add(p.wildcard().configName());
      seen.add(p.sendCancel().configName());
    }
    List<String> missing = new ArrayList<>();
    for (String call : List.of("MPI_Send", "MPI_Bsend", "MPI_Ssend", "MPI_Rsend", "MPI_Isend", "MPI_Ibsend",
        "MPI_Issend", "MPI_Irsend", "MPI_Send_init", "MPI_Bsend_init", "MPI_Ssend_init", "MPI_Rsend_init",
        "MPI_Recv_init", "MPI_Start", "MPI_Startall", "MPI_Request_free", "MPI_Recv", "MPI_Irecv", "MPI_Probe",
        "MPI_Iprobe", "MPI_Mprobe", "MPI_Improbe", "MPI_Mrecv", "MPI_Imrecv", "MPI_Wait", "MPI_Test", "MPI_Waitall",
        "MPI_Waitany", "MPI_Waitsome", "MPI_Testall", "MPI_Testany", "MPI_Testsome", "MPI_Sendrecv",
        "MPI_Buffer_attach", "MPI_Buffer_detach", "MPI_Cancel", "MPI_Test_cancelled", "MPI_Bind_channel",
        "MPI_Bind_slack_channel", "MPI_Ibind_channel", "MPI_Ibind_slack_channel", "MPI_Unbind_channel",
        "MPI_Iunbind_channel", "MPI_Type_contiguous", "MPI_Type_vector", "MPI_Type_commit", "MPI_Type_free",
        "MPI_Get_elements", "MPI_Sendrecv_replace", "MPI_Isendrecv", "MPI_Isendrecv_replace", "MPI_Request_get_status",
        "MPI_Comm_dup", "MPI_Comm_split", "MPI_Comm_rank", "MPI_Comm_size", "MPI_Comm_free", "PROC_NULL", "WILDCARDS",
        "COMMUNICATORS", "RUNTIME_COMMUNICATORS", "any", "arrival", "round-robin", "never", "until-matched")) {
      if (!seen.contains(call)) {
        missing.add(call);
      }
    }
    assertEquals(List.of(), missing, "never generated");
  }

  private static void forEachOp(Scenario s, Consumer<MpiOp> action) {
    for (List<Program> rank : s.ranks()) {
      for (Program p : rank) {
        forEachOp(p.body(), action);
      }
    }
  }

  private static void forEachOp(List<Stmt> body, Consumer<MpiOp> action) {
    for (Stmt s : body) {
      if (s instanceof Stmt.Call c) {
        action.accept(c.op());
      } else if (s instanceof Stmt.If i) {
        forEachOp(i.then(), action);
        forEachOp(i.orElse(), action);
      } else if (s instanceof Stmt.Repeat r) {
        forEachOp(r.body(), action);
      } else if (s instanceof Stmt.While w) {
        forEachOp(w.body(), action);
      }
    }
  }

  /** The features a call needs (beyond plain Send and Recv). */
  private static Set<Feature> features(MpiOp op) {
    Set<Feature> f = new TreeSet<>();
    String name = op.mpiName();
    if (name.contains("channel")) {
      f.add(Feature.CHANNELS);
    } else if (name.endsWith("_init") || name.startsWith("MPI_Start")) {
      f.add(Feature.PERSISTENT);
    } else if (op instanceof MpiOp.Isend x && !x.comm().equals("ctl") || op instanceof MpiOp.Irecv) {
      f.add(Feature.NONBLOCKING);
    }
    if (op instanceof MpiOp.Waitany || op instanceof MpiOp.Waitsome || op instanceof MpiOp.Testall
        || op instanceof MpiOp.Testany || op instanceof MpiOp.Testsome || op instanceof MpiOp.Test) {
      f.add(Feature.COMPLETIONS);
    }
    if (op instanceof MpiOp.Cancel || op instanceof MpiOp.TestCancelled) {
      f.add(Feature.CANCEL);
    }
    if (op instanceof MpiOp.Sendrecv) {
      f.add(Feature.SENDRECV);
    }
    if (op instanceof MpiOp.PointToPointCall) {
      f.add(Feature.EXCHANGES);
    }
    if (op instanceof MpiOp.TypeCall) {
      f.add(Feature.DERIVED_TYPES);
    }
    if (op instanceof MpiOp.Comm) {
      f.add(Feature.RUNTIME_COMMUNICATORS);
    }
    if (op instanceof MpiOp.Probe x && x.status().startsWith("q")) {
      f.add(Feature.QUEUED); // the probes for queued messages, status q<message>
    } else if (op instanceof MpiOp.Probe || op instanceof MpiOp.Iprobe) {
      f.add(Feature.PROBES);
    }
    if (op instanceof MpiOp.Mprobe || op instanceof MpiOp.Improbe || op instanceof MpiOp.Mrecv
        || op instanceof MpiOp.Imrecv) {
      f.add(Feature.MATCHED_PROBES);
    }
    if (name.contains("Bsend") || name.contains("Ibsend") || name.startsWith("MPI_Buffer")) {
      f.add(Feature.BUFFERED);
    }
    if (name.contains("Ssend") || name.contains("Issend")) {
      f.add(Feature.SYNCHRONOUS);
    }
    if (name.contains("Rsend") || name.contains("Irsend")) {
      f.add(Feature.READY);
    }
    for (Object part : components(op)) {
      if (part instanceof Expr.ProcNull && !(op instanceof MpiOp.Sendrecv || op instanceof MpiOp.PointToPointCall)) {
        f.add(Feature.PROC_NULL);
      } else if (part instanceof Expr.AnySource || part instanceof Expr.AnyTag) {
        f.add(Feature.WILDCARDS);
      } else if ("dup".equals(part)) {
        f.add(Feature.COMMUNICATORS);
      } else if ("c".equals(part)) {
        f.add(Feature.RUNTIME_COMMUNICATORS);
      } else if (part instanceof DatatypeRef.Variable) {
        f.add(Feature.DERIVED_TYPES);
      }
    }
    return f;
  }

  private static List<Object> components(MpiOp op) {
    List<Object> out = new ArrayList<>();
    for (var c : op.getClass().getRecordComponents()) {
      try {
        out.add(c.getAccessor().invoke(op));
      } catch (ReflectiveOperationException e) {
        throw new IllegalStateException(e);
      }
    }
    return out;
  }
}
