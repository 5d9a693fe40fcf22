package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.anySource;
import static dev.matchpoint.mpi.program.ProgramBuilder.count;
import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.explore.FingerprintSink;
import dev.matchpoint.core.net.CreditPolicy;
import dev.matchpoint.core.net.NetworkOptions;
import dev.matchpoint.core.net.ProtocolOptions;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.WildcardPolicy;
import dev.matchpoint.mpi.check.Checks;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.trace.TraceSink;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;

/**
 * The closure is computed pair by pair: in a world of two pairs of ranks that never communicate
 * (ranks 0 and 1, ranks 2 and 3), no actor of one pair touches an object of the other (objects
 * belong to one rank; the links between the pairs never carry a packet), so by the closure rule of
 * {@link PersistentSets} ("while some actor outside the set may ... touch an object that an action
 * of the set touches ... add that actor") every closure stays inside the pair of its start and is
 * the closure the same start has in the world of its pair alone. With the choice rule ("the first
 * actor whose closure is a single actor wins; otherwise the smallest closure; otherwise every
 * enabled action", starts in an order that keeps each pair's own order) the persistent set of a
 * state of the two pairs is therefore the persistent set of the first pair's part of the state or
 * the second's, and it is every enabled action only when it is so in both parts.
 *
 * <p>The test walks every reachable state of the four-rank world together with the two two-rank
 * worlds (the second pair's programs renumbered to ranks 0 and 1), taking each action in the world
 * of its pair, and checks that rule in each state. A closure that lets an actor of one pair
 * conflict with the other pair, or that decodes an object's rank, a link's ends or an actor's index
 * wrongly for ranks other than 0 and 1, breaks it.
 */
class PersistentSetsPairsTest {
  private static final String PERSISTENT = "A set T of transitions enabled in a state s is persistent in s iff, for"
      + " all nonempty sequences of transitions from s in the state space that do not include transitions in T, every"
      + " transition in the sequence is independent with all transitions in T";
  private static final String CLOSURE = "start from one enabled actor; while some actor outside the set may, on a path"
      + " that avoids the set, touch an object that an action of the set touches (one of them writing), add that"
      + " actor if it is enabled, and give up if it is not";

  /** One pair's programs, for the pair at ranks {@code base} and {@code base + 1}. */
  private record Pair(String name, IntFunction<Program[]> at) {}

  private static Program[] two(Program first, Program second) {
    return new Program[] {first, second};
  }

  private static List<Pair> pairs() {
    List<Pair> out = new ArrayList<>();
    out.add(new Pair("probe", b -> two(program().send(lit(b + 1), lit(0), lit(1), Datatype.INT).build(),
        program().probe(lit(b), lit(0), "st").recv(lit(b), lit(0), count("st", Datatype.INT), Datatype.INT, null)
            .build())));
    out.add(new Pair("iprobe any source", b -> two(program().send(lit(b + 1), lit(0), lit(1), Datatype.INT).build(),
        program().iprobe(anySource(), lit(0), "f", null).recv(anySource(), lit(0), lit(1), Datatype.INT, null)
            .build())));
    out.add(new Pair("matched probe", b -> two(program().send(lit(b + 1), lit(0), lit(1), Datatype.INT).build(),
        program().mprobe(anySource(), lit(0), "m", null).mrecv("m", lit(1), Datatype.INT, null).build())));
    out.add(new Pair("synchronous", b -> two(
        program().send(SendMode.SYNCHRONOUS, lit(b + 1), lit(0), lit(1), Datatype.INT).build(),
        program().irecv(anySource(), lit(0), lit(1), Datatype.INT, "r").waitFor("r", null).build())));
    out.add(new Pair("buffered", b -> two(program().call(new MpiOp.BufferAttach(lit(64)))
            .send(SendMode.BUFFERED, lit(b + 1), lit(0), lit(1), Datatype.INT).call(new MpiOp.BufferDetach()).build(),
        program().recv(lit(b), lit(0), lit(1), Datatype.INT, null).build())));
    out.add(new Pair("rendezvous", b -> two(program().send(lit(b + 1), lit(0), lit(2048), Datatype.INT).build(),
        program().recv(anySource(), lit(0), lit(2048), Datatype.INT, null).build())));
    out.add(new Pair("sendrecv", b -> two(
        program().call(new MpiOp.Sendrecv(lit(b + 1), lit(0), lit(1), Datatype.INT, lit(b + 1), lit(0), lit(1),
            Datatype.INT, MpiOp.WORLD, null)).build(),
        program().recv(anySource(), lit(0), lit(1), Datatype.INT, null).send(lit(b), lit(0), lit(1), Datatype.INT)
            .build())));
    out.add(new Pair("ready", b -> two(program().send(SendMode.READY, lit(b + 1), lit(0), lit(1), Datatype.INT).build(),
        program().irecv(lit(b), lit(0), lit(1), Datatype.INT, "r").waitFor("r", null).build())));
    out.add(new Pair("credit", b -> two(program().isend(SendMode.STANDARD, lit(b + 1), lit(0), lit(1), Datatype.INT, "a")
            .isend(SendMode.STANDARD, lit(b + 1), lit(0), lit(1), Datatype.INT, "c").waitFor("a", null)
            .waitFor("c", null).build(),
        program().recv(lit(b), lit(0), lit(1), Datatype.INT, null).recv(lit(b), lit(0), lit(1), Datatype.INT, null)
            .build())));
    return out;
  }

  /** One eager message's worth of credit, so that a second message waits for credit. */
  private static ModelOptions options(WildcardPolicy policy) {
    return ModelOptions.defaults().withWildcard(policy).withNetwork(NetworkOptions.defaults()
        .withProtocol(new ProtocolOptions(4096, 0, 4, CreditPolicy.WAIT)));
  }

  private static World world(ModelOptions o, Program[]... ranks) {
    ModelSpec.Builder b = ModelSpec.builder();
    for (Program[] pair : ranks) {
      for (Program p : pair) {
        b.rank(p);
      }
    }
    return World.logical(b.options(o).build(), TraceSink.NONE, new Checks(List.of()), false);
  }

  private record Fp(long high, long low) {}

  private static Fp fp(World w) {
    FingerprintSink f = new FingerprintSink();
    w.hashInto(f);
    return new Fp(f.high(), f.low());
  }

  /** An action of the second pair in the four-rank world, renumbered to its pair's own world. */
  private static Action down(Action a) {
    int source = a.kind() == Action.Kind.DELIVER ? a.source() - 2 : a.source();
    return new Action(a.kind(), a.rank() - 2, a.thread(), a.half(), a.variant(), source, a.linkSeq());
  }

  /** An action of the second pair's world, as the four-rank world names it. */
  private static Action up(Action a) {
    int source = a.kind() == Action.Kind.DELIVER ? a.source() + 2 : a.source();
    return new Action(a.kind(), a.rank() + 2, a.thread(), a.half(), a.variant(), source, a.linkSeq());
  }

  /** The second pair's action in its own world: the variant is a source rank under the ANY policy. */
  private static Action inSecond(World second, Action a) {
    List<Action> enabled = second.enabled();
    Action plain = down(a);
    if (enabled.contains(plain)) {
      return plain;
    }
    Action renumbered = new Action(plain.kind(), plain.rank(), plain.thread(), plain.half(), plain.variant() - 2,
        plain.source(), plain.linkSeq());
    assertTrue(enabled.contains(renumbered), () -> a + " has no counterpart among " + enabled);
    return renumbered;
  }

  private static Set<Action> upAll(World second, List<Action> actions) {
    Set<Action> out = new HashSet<>();
    for (Action a : actions) {
      Action u = up(a);
      out.add(u);
      if (a.variant() >= 0) {
        out.add(new Action(u.kind(), u.rank(), u.thread(), u.half(), a.variant() + 2, u.source(), u.linkSeq()));
      }
    }
    return out;
  }

  private static final class Walk {
    final Set<Fp> seen = new HashSet<>();
    final String name;
    int reducedStates;

    Walk(String name) {
      this.name = name;
    }

    void visit(World both, World first, World second) {
      if (!seen.add(fp(both))) {
        return;
      }
      List<Action> enabled = both.enabled();
      if (enabled.isEmpty()) {
        return;
      }
      List<Action> firstEnabled = first.enabled();
      List<Action> secondEnabled = second.enabled();
      Set<Action> set = new HashSet<>(both.copy().persistentSet(enabled));
      Set<Action> a = new HashSet<>(first.copy().persistentSet(firstEnabled));
      List<Action> bList = second.copy().persistentSet(secondEnabled);
      Set<Action> bUp = upAll(second, bList);
      boolean isFirst = set.equals(a);
      boolean isSecond = !set.isEmpty() && bUp.containsAll(set) && set.size() == bList.size();
      boolean everything = set.size() == enabled.size();
      String where = name + ": persistent set " + set + " of " + enabled + "; first pair's " + a + " of "
          + firstEnabled + ", second pair's " + bList + " of " + secondEnabled + "\n" + both.report().toText();
      assertTrue(isFirst || isSecond || (everything && a.size() == firstEnabled.size()
          && bList.size() == secondEnabled.size()), where);
      if (!everything) {
        reducedStates++;
      }
      for (Action x : enabled) {
        World next = both.successor(x).world();
        if (x.rank() < 2) {
          visit(next, first.successor(x).world(), second);
        } else {
          Action y = inSecond(second, x);
          visit(next, first, second.successor(y).world());
        }
      }
    }
  }

  @Test
  @SpecClause(source = "Godefroid 1996, Def. 4.1", text = PERSISTENT)
  @SpecClause(source = "PersistentSets (class comment)", text = CLOSURE)
  void twoPairsThatNeverCommunicate_haveThePersistentSetOfOnePair() {
    List<Pair> pairs = pairs();
    WildcardPolicy[] policies = WildcardPolicy.values();
    for (int i = 0; i < pairs.size(); i++) {
      // Each kind of pair against the next kind and against itself (but the last, whose product with
      // itself is large), under the wildcard policies in turn.
      Pair first = pairs.get(i);
      for (int j = i == pairs.size() - 1 ? 1 : 0; j < 2; j++) {
        Pair second = pairs.get((i + j) % pairs.size());
        WildcardPolicy p = policies[(i + j) % policies.length];
        ModelOptions o = options(p);
        String name = first.name() + " + " + second.name() + " " + p;
        Walk walk = new Walk(name);
        walk.visit(world(o, first.at().apply(0), second.at().apply(2)), world(o, first.at().apply(0)),
            world(o, second.at().apply(0)));
        assertTrue(walk.reducedStates > 0, name + ": no state reduced");
      }
    }
  }
}
