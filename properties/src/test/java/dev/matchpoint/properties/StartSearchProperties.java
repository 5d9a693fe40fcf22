package dev.matchpoint.properties;

import static dev.matchpoint.mpi.program.ProgramBuilder.anySource;
import static dev.matchpoint.mpi.program.ProgramBuilder.anyTag;
import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.explore.Strategy;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.WildcardPolicy;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.program.Expr;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.ProgramBuilder;
import dev.matchpoint.mpi.rank.ModelOptions;
import dev.matchpoint.mpi.rank.ModelSpec;
import dev.matchpoint.properties.oracle.Explore;
import dev.matchpoint.properties.oracle.Exploration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * Every decision of MPI_Start and MPI_Startall is one the search sees (DESIGN §5): on small generated
 * programs with persistent receive requests (MPI_ANY_SOURCE or not, MPI_ANY_TAG or not), started
 * one by one or with one MPI_Startall after probes that let messages queue up, and with persistent
 * sends started together, under each wildcard policy, the default stateful search and DPOR reach
 * exactly the outcome classes of the naive enumeration of every schedule. The naive enumeration keeps no states, so it cannot merge two
 * states whose fingerprints agree but whose futures differ; the stateful search can, and does when a
 * decision reads state the fingerprint leaves out (as MPI_Start's wildcard choice once read the
 * arrival order across sources under the {@code any} policy).
 */
class StartSearchProperties {
  private static final List<CheckKind> CHECKS = List.of(CheckKind.NON_OVERTAKING, CheckKind.RECEIVED_AT_MOST_ONCE,
      CheckKind.NO_DEADLOCK, CheckKind.NO_ERRORS);

  /**
   * A persistent receive request's pattern.
   *
   * @param source a rank, or -1 for MPI_ANY_SOURCE
   * @param tag a tag, or -1 for MPI_ANY_TAG
   */
  record Pattern(int source, int tag) {
    @Override
    public String toString() {
      return "(" + (source < 0 ? "any" : source) + ", tag " + (tag < 0 ? "any" : tag) + ")";
    }
  }

  /** A generated program and its model. */
  interface StartProgram {
    ModelSpec spec();
  }

  /**
   * Receive side: rank 0 sends one-int messages to rank 2 with the tags {@code tags0}, rank 1 one
   * with tag {@code tag1}; rank 2 creates one persistent receive per pattern (capacity one int),
   * probes rank 0, then rank 1, for the first {@code probes} of them (so messages queue up first),
   * starts the receives (one MPI_Startall, or one MPI_Start each) and waits for them all.
   */
  record ReceiveStarts(List<Integer> tags0, int tag1, List<Pattern> receives, int probes, boolean startall,
      WildcardPolicy policy) implements StartProgram {
    @Override
    public ModelSpec spec() {
      ProgramBuilder r0 = program();
      tags0.forEach(t -> r0.send(lit(2), lit(t), lit(1), Datatype.INT));
      ProgramBuilder r2 = program();
      List<String> names = new ArrayList<>();
      for (int i = 0; i < receives.size(); i++) {
        Pattern p = receives.get(i);
        names.add("r" + i);
        r2.call(new MpiOp.RecvInit(source(p), tag(p), lit(1), Datatype.INT, MpiOp.WORLD, "r" + i));
      }
      for (int s = 0; s < probes; s++) {
        r2.probe(lit(s), anyTag(), null);
      }
      if (startall) {
        r2.call(new MpiOp.Start(names, true));
      } else {
        names.forEach(n -> r2.call(new MpiOp.Start(List.of(n), false)));
      }
      r2.call(new MpiOp.Waitall(names, List.of()));
      return ModelSpec.builder().options(ModelOptions.defaults().withWildcard(policy)).rank(r0.build())
          .rank(program().send(lit(2), lit(tag1), lit(1), Datatype.INT).build()).rank(r2.build()).build();
    }
  }

  /**
   * Send side: rank 0 creates two persistent sends to rank 1 (tag and count in ints each), starts
   * both with one MPI_Startall and waits; rank 1 receives twice with MPI_Recv, one int each, with
   * the given patterns (a longer message truncates, so the order of the starts shows).
   */
  record SendStarts(List<Integer> tags, List<Integer> counts, List<Pattern> receives, WildcardPolicy policy)
      implements StartProgram {
    @Override
    public ModelSpec spec() {
      ProgramBuilder r0 = program();
      List<String> names = List.of("s0", "s1");
      for (int i = 0; i < 2; i++) {
        r0.call(new MpiOp.SendInit(SendMode.STANDARD, lit(1), lit(tags.get(i)), lit(counts.get(i)), Datatype.INT,
            MpiOp.WORLD, names.get(i)));
      }
      r0.call(new MpiOp.Start(names, true)).call(new MpiOp.Waitall(names, List.of()));
      ProgramBuilder r1 = program();
      receives.forEach(p -> r1.recv(source(p), tag(p), lit(1), Datatype.INT, null));
      return ModelSpec.builder().options(ModelOptions.defaults().withWildcard(policy)).rank(r0.build())
          .rank(r1.build()).build();
    }
  }

  private static Expr source(Pattern p) {
    return p.source() < 0 ? anySource() : lit(p.source());
  }

  private static Expr tag(Pattern p) {
    return p.tag() < 0 ? anyTag() : lit(p.tag());
  }

  /** Both shapes, small enough for the naive enumeration (at most about 12,000 schedules each). */
  @Provide
  Arbitrary<StartProgram> startPrograms() {
    Arbitrary<WildcardPolicy> policies = Arbitraries.of(WildcardPolicy.ANY, WildcardPolicy.ANY, WildcardPolicy.ARRIVAL,
        WildcardPolicy.ROUND_ROBIN);
    Arbitrary<Integer> tags = Arbitraries.integers().between(0, 1);
    Arbitrary<Pattern> pattern = Combinators.combine(Arbitraries.of(-1, -1, 0, 1), Arbitraries.of(-1, 0, 1))
        .as(Pattern::new);
    // At most three messages and receives together on the receive side.
    Arbitrary<StartProgram> receiveSide = Arbitraries.integers().between(1, 2).flatMap(messages -> Combinators.combine(
        tags.list().ofSize(messages), tags, pattern.list().ofMinSize(1).ofMaxSize(3 - messages),
        Arbitraries.integers().between(0, 2), Arbitraries.of(false, true), policies).as(ReceiveStarts::new));
    Arbitrary<StartProgram> sendSide = Combinators.combine(tags.list().ofSize(2),
        Arbitraries.integers().between(1, 2).list().ofSize(2),
        Combinators.combine(Arbitraries.of(-1, 0), Arbitraries.of(-1, 0, 1)).as(Pattern::new).list().ofSize(2),
        policies).as(SendStarts::new);
    return Arbitraries.oneOf(receiveSide, sendSide);
  }

  @Property(tries = 40)
  @SpecClause(source = "DESIGN §5", text = "Exhaustive means exhaustive: every model decision reads only state the "
      + "search can see (what the state fingerprint covers), and the reduced search reaches exactly the outcomes of "
      + "naive enumeration on generated programs")
  @SpecClause(source = "MPI-3.1 §3.9", text = "A call to MPI_STARTALL(count, array_of_requests) has the same effect "
      + "as calls to MPI_START (&array_of_requests[i]), executed for i=0 ,..., count-1, in some arbitrary order.")
  void startedPersistentRequests_stateful_dpor_andNaiveSearches_reachTheSameOutcomes(
      @ForAll("startPrograms") StartProgram p) {
    ModelSpec spec = p.spec();
    Exploration naive = Explore.run(p.toString(), spec, Explore.options(Strategy.NAIVE), false, CHECKS);
    assertTrue(naive.exhaustive(), naive::summary);
    for (Strategy s : List.of(Strategy.EXHAUSTIVE, Strategy.DPOR)) {
      Exploration reduced = Explore.run(p.toString(), spec, Explore.options(s), true, CHECKS);
      assertTrue(reduced.exhaustive(), reduced::summary);
      assertEquals(naive.report().outcomes().keySet(), reduced.report().outcomes().keySet(), s + ": " + p);
    }
    Statistics.label("outcome classes").collect(naive.report().outcomes().size());
  }

  /**
   * One persistent request of rank 0.
   *
   * @param send a send (to {@code peer}) or a receive (from {@code peer}, -1 for MPI_ANY_SOURCE)
   * @param peer rank 1 or 2, or -1
   * @param tag a tag, or -1 for MPI_ANY_TAG (receives only)
   * @param count ints: a send's message, a receive's capacity
   */
  record Persistent(boolean send, int peer, int tag, int count) {
    @Override
    public String toString() {
      return send ? "send_init(" + peer + ", tag " + tag + ", " + count + " int)"
          : "recv_init(" + (peer < 0 ? "any" : peer) + ", tag " + (tag < 0 ? "any" : tag) + ", " + count + " int)";
    }
  }

  /**
   * Rank 0 creates {@code requests}, starts them and waits for them all; ranks 1 and 2 first send
   * it one-int messages with the tags {@code tags1} and {@code tags2}, then receive, one int at a
   * time with MPI_ANY_TAG, as many messages as rank 0 sends them (a longer one truncates).
   */
  record Starts(List<Persistent> requests, List<Integer> tags1, List<Integer> tags2, WildcardPolicy policy) {
    /** With {@code order} null, one MPI_Startall of every request; else one MPI_Start each, in that order. */
    ModelSpec spec(List<Integer> order) {
      ProgramBuilder r0 = program();
      List<String> names = new ArrayList<>();
      for (int i = 0; i < requests.size(); i++) {
        Persistent q = requests.get(i);
        names.add("q" + i);
        r0.call(q.send() ? new MpiOp.SendInit(SendMode.STANDARD, lit(q.peer()), lit(q.tag()), lit(q.count()),
            Datatype.INT, MpiOp.WORLD, "q" + i)
            : new MpiOp.RecvInit(q.peer() < 0 ? anySource() : lit(q.peer()), q.tag() < 0 ? anyTag() : lit(q.tag()),
                lit(q.count()), Datatype.INT, MpiOp.WORLD, "q" + i));
      }
      if (order == null) {
        r0.call(new MpiOp.Start(names, true));
      } else {
        order.forEach(i -> r0.call(new MpiOp.Start(List.of(names.get(i)), false)));
      }
      r0.call(new MpiOp.Waitall(names, List.of()));
      ModelSpec.Builder b = ModelSpec.builder().options(ModelOptions.defaults().withWildcard(policy)).rank(r0.build());
      for (int peer = 1; peer <= 2; peer++) {
        ProgramBuilder p = program();
        (peer == 1 ? tags1 : tags2).forEach(t -> p.send(lit(0), lit(t), lit(1), Datatype.INT));
        for (Persistent q : requests) {
          if (q.send() && q.peer() == peer) {
            p.recv(lit(0), anyTag(), lit(1), Datatype.INT, null);
          }
        }
        b.rank(p.build());
      }
      return b.build();
    }
  }

  @Provide
  Arbitrary<Starts> starts() {
    Arbitrary<Persistent> request = Arbitraries.of(false, true).flatMap(send -> send
        ? Combinators.combine(Arbitraries.integers().between(1, 2), Arbitraries.integers().between(0, 1),
            Arbitraries.integers().between(1, 2)).as((peer, tag, count) -> new Persistent(true, peer, tag, count))
        : Combinators.combine(Arbitraries.of(-1, 1, 2), Arbitraries.of(-1, 0, 1), Arbitraries.integers().between(1, 2))
            .as((peer, tag, count) -> new Persistent(false, peer, tag, count)));
    Arbitrary<List<Integer>> tags = Arbitraries.integers().between(0, 1).list().ofMaxSize(1);
    return Combinators.combine(request.list().ofMinSize(2).ofMaxSize(3), tags, tags,
        Arbitraries.of(WildcardPolicy.ANY, WildcardPolicy.ANY, WildcardPolicy.ARRIVAL, WildcardPolicy.ROUND_ROBIN))
        .as(Starts::new);
  }

  private static List<List<Integer>> permutations(int n) {
    List<List<Integer>> out = new ArrayList<>();
    if (n == 0) {
      out.add(new ArrayList<>());
      return out;
    }
    for (List<Integer> p : permutations(n - 1)) {
      for (int at = 0; at <= p.size(); at++) {
        List<Integer> q = new ArrayList<>(p);
        q.add(at, n - 1);
        out.add(q);
      }
    }
    return out;
  }

  private static Set<String> outcomes(String subject, ModelSpec spec) {
    Exploration e = Explore.run(subject, spec, Explore.options(Strategy.EXHAUSTIVE), true, CHECKS);
    assertTrue(e.exhaustive(), e::summary);
    return e.report().outcomes().keySet();
  }

  @Property(tries = 25)
  @SpecClause(source = "MPI-3.1 §3.9", text = "A call to MPI_STARTALL(count, array_of_requests) has the same effect "
      + "as calls to MPI_START (&array_of_requests[i]), executed for i=0 ,..., count-1, in some arbitrary order.")
  void startall_reachesExactlyTheOutcomesOfMpiStartCalledInEveryOrder(@ForAll("starts") Starts s) {
    Set<String> startall = outcomes(s + " with MPI_Startall", s.spec(null));
    Set<String> inEveryOrder = new TreeSet<>();
    for (List<Integer> order : permutations(s.requests().size())) {
      inEveryOrder.addAll(outcomes(s + " started in order " + order, s.spec(order)));
    }
    assertEquals(inEveryOrder, new TreeSet<>(startall), s.toString());
    Statistics.label("outcome classes").collect(startall.size());
  }
}
