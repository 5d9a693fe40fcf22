package dev.matchpoint.properties.internal;

import dev.matchpoint.core.net.DeliveryOrder;
import dev.matchpoint.mpi.SendCancelPolicy;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.WildcardPolicy;
import dev.matchpoint.properties.Feature;
import dev.matchpoint.properties.SwarmComm;
import dev.matchpoint.properties.SwarmMessage;
import dev.matchpoint.properties.SwarmProgram;
import dev.matchpoint.properties.arbitraries.SwarmProgramArbitrary;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;
import net.jqwik.api.arbitraries.ArbitraryDecorator;

/**
 * The {@link SwarmProgramArbitrary} behind {@code MpiArbitraries.swarmPrograms()}: a feature set
 * (each feature on with the chosen chance, the required ones always), a list of {@link SwarmDraw}s
 * over every call, the policies and the delivery order; each draw is restricted to the features on
 * and {@link SwarmProgram#normalized} places the messages. Drawing every call and restricting
 * afterwards (rather than drawing from the features on) keeps one flat combination, so jqwik shrinks
 * features and messages independently. Each fluent call returns a changed copy.
 */
public final class DefaultSwarmProgramArbitrary extends ArbitraryDecorator<SwarmProgram>
    implements SwarmProgramArbitrary {
  private int minRanks = 2;
  private int maxRanks = 3;
  private int maxThreads = 2;
  private int minMessages = 1;
  private int maxMessages = 3;
  private int minTag = 0;
  private int maxTag = 1;
  private int sourceWildcardPercent = 50;
  private List<Feature> features = List.of(Feature.values());
  private List<Feature> required = List.of();
  private int featurePercent = 50;
  private List<WildcardPolicy> policies = List.of(WildcardPolicy.values());
  private List<SendCancelPolicy> sendCancels = List.of(SendCancelPolicy.values());

  /** The defaults documented on {@link SwarmProgramArbitrary}. */
  public DefaultSwarmProgramArbitrary() {}

  private DefaultSwarmProgramArbitrary(DefaultSwarmProgramArbitrary o) {
    minRanks = o.minRanks;
    maxRanks = o.maxRanks;
    maxThreads = o.maxThreads;
    minMessages = o.minMessages;
    maxMessages = o.maxMessages;
    minTag = o.minTag;
    maxTag = o.maxTag;
    sourceWildcardPercent = o.sourceWildcardPercent;
    features = o.features;
    required = o.required;
    featurePercent = o.featurePercent;
    policies = o.policies;
    sendCancels = o.sendCancels;
  }

  private DefaultSwarmProgramArbitrary with(Consumer<DefaultSwarmProgramArbitrary> change) {
    DefaultSwarmProgramArbitrary copy = new DefaultSwarmProgramArbitrary(this);
    change.accept(copy);
    return copy;
  }

  @Override
  public SwarmProgramArbitrary ranks(int min, int max) {
    Choices.requireRange("ranks", min, max, 2, 4096);
    return with(c -> {
      c.minRanks = min;
      c.maxRanks = max;
    });
  }

  @Override
  public SwarmProgramArbitrary threads(int max) {
    Choices.requireRange("threads", 1, max, 1, 1024);
    return with(c -> c.maxThreads = max);
  }

  @Override
  public SwarmProgramArbitrary messages(int min, int max) {
    Choices.requireRange("messages", min, max, 0, 100_000);
    return with(c -> {
      c.minMessages = min;
      c.maxMessages = max;
    });
  }

  @Override
  public SwarmProgramArbitrary tags(int min, int max) {
    Choices.requireRange("tags", min, max, 0, 32767);
    return with(c -> {
      c.minTag = min;
      c.maxTag = max;
    });
  }

  @Override
  public SwarmProgramArbitrary sourceWildcardPercent(int percent) {
    Choices.requirePercent(percent);
    return with(c -> c.sourceWildcardPercent = percent);
  }

  @Override
  public SwarmProgramArbitrary features(Feature... values) {
    List<Feature> list = Choices.nonEmpty("feature", values);
    return with(c -> c.features = list);
  }

  @Override
  public SwarmProgramArbitrary requiredFeatures(Feature... values) {
    List<Feature> list = List.of(values);
    return with(c -> c.required = list);
  }

  @Override
  public SwarmProgramArbitrary featurePercent(int percent) {
    Choices.requirePercent(percent);
    return with(c -> c.featurePercent = percent);
  }

  @Override
  public SwarmProgramArbitrary wildcardPolicies(WildcardPolicy... values) {
    List<WildcardPolicy> list = Choices.nonEmpty("wildcard policy", values);
    return with(c -> c.policies = list);
  }

  @Override
  public SwarmProgramArbitrary sendCancelPolicies(SendCancelPolicy... values) {
    List<SendCancelPolicy> list = Choices.nonEmpty("send-cancel policy", values);
    return with(c -> c.sendCancels = list);
  }

  /** Sender, receiver and their thread slots. */
  private record Ends(int sender, int sendThread, int receiver, int receiveThread) {}

  /** Tag, communicator, size and the receive pattern. */
  private record Envelope(int tag, int comm, boolean large, boolean anySource, boolean anyTag, boolean procNull) {}

  /** The calls. */
  private record Calls(SwarmMessage.SendKind send, SendMode mode, SwarmMessage.ReceiveKind receive, int slack,
      SwarmMessage.Completion completion, boolean startAll, SwarmMessage.TypeUse types) {}

  /** Cancel, free, rounds and order keys. */
  private record Extras(boolean cancelSend, boolean cancelReceive, boolean free, int rounds, int sendOrder,
      int receiveOrder) {}

  private Arbitrary<SwarmDraw> drawArbitrary() {
    Arbitrary<Integer> threadSlot = Arbitraries.integers().between(0, maxThreads - 1);
    // The receiver is drawn among the other ranks: raw value r means rank r below the sender and
    // rank r + 1 from the sender on, so both shrink towards the pair 0 -> 1.
    Arbitrary<Ends> ends = Combinators.combine(Arbitraries.integers().between(0, maxRanks - 1),
            Arbitraries.integers().between(0, maxRanks - 2), threadSlot, threadSlot)
        .as((sender, raw, st, rt) -> new Ends(sender, st, raw >= sender ? raw + 1 : raw, rt));
    Arbitrary<Envelope> envelope = Combinators.combine(Arbitraries.integers().between(minTag, maxTag),
            Arbitraries.frequency(Tuple.of(14, 0), Tuple.of(3, 1), Tuple.of(3, 2)), Choices.percent(40),
            Choices.percent(sourceWildcardPercent),
            Choices.percent(20), Choices.percent(15))
        .as(Envelope::new);
    Arbitrary<Integer> slack = Arbitraries.frequency(Tuple.of(2, 0), Tuple.of(1, 1), Tuple.of(1, 2));
    Arbitrary<Calls> calls = Combinators.combine(Arbitraries.of(SwarmMessage.SendKind.class),
            Arbitraries.of(SendMode.STANDARD, SendMode.BUFFERED, SendMode.SYNCHRONOUS, SendMode.READY),
            Arbitraries.of(SwarmMessage.ReceiveKind.class), slack, Arbitraries.of(SwarmMessage.Completion.class),
            Choices.percent(50), Arbitraries.frequency(Tuple.of(4, SwarmMessage.TypeUse.BYTES),
                Tuple.of(2, SwarmMessage.TypeUse.CONTIGUOUS), Tuple.of(2, SwarmMessage.TypeUse.VECTOR),
                Tuple.of(1, SwarmMessage.TypeUse.MISMATCH), Tuple.of(1, SwarmMessage.TypeUse.FREED)))
        .as(Calls::new);
    Arbitrary<Integer> key = Arbitraries.integers().between(0, Math.max(0, maxMessages - 1));
    Arbitrary<Extras> extras = Combinators.combine(Choices.percent(30), Choices.percent(30), Choices.percent(30),
            Arbitraries.frequency(Tuple.of(3, 1), Tuple.of(1, 2)), key, key)
        .as(Extras::new);
    return Combinators.combine(ends, envelope, calls, extras).as((e, v, c, x) -> new SwarmDraw(e.sender(),
        e.sendThread(), e.receiver(), e.receiveThread(), v.tag(), v.comm(), v.large(), c.send(), c.mode(), c.receive(),
        c.types(), c.slack(), v.anySource(), v.anyTag(), v.procNull(), x.cancelSend(), x.cancelReceive(), x.free(),
        c.startAll(), c.completion(), x.rounds(), x.sendOrder(), x.receiveOrder()));
  }

  /** The communicator created at run time: dup or split, four ranks' colours and keys (by rank mod 4), free. */
  private static Arbitrary<SwarmComm> commArbitrary() {
    Arbitrary<List<Integer>> colours = Arbitraries.frequency(Tuple.of(3, 0), Tuple.of(2, 1), Tuple.of(1, -1)).list()
        .ofSize(4);
    return Combinators.combine(Choices.percent(50), colours, Arbitraries.integers().between(0, 2).list().ofSize(4),
        Choices.percent(50), Choices.percent(20)).as(SwarmComm::new);
  }

  @Override
  protected Arbitrary<SwarmProgram> arbitrary() {
    List<Feature> universe = features;
    List<Feature> always = required;
    Arbitrary<Set<Feature>> on = Choices.percent(featurePercent).list().ofSize(universe.size()).map(flags -> {
      Set<Feature> s = EnumSet.noneOf(Feature.class);
      s.addAll(always);
      for (int i = 0; i < flags.size(); i++) {
        if (flags.get(i)) {
          s.add(universe.get(i));
        }
      }
      return s;
    });
    Arbitrary<List<SwarmDraw>> draws = drawArbitrary().list().ofMinSize(minMessages).ofMaxSize(maxMessages);
    int ranks = minRanks;
    int senders = maxRanks - 1;
    return Combinators.combine(on, draws, Choices.oneOf(policies), Choices.oneOf(sendCancels),
            Arbitraries.of(DeliveryOrder.class), commArbitrary())
        .as((f, ds, policy, cancel, order, comm) -> {
          List<SwarmMessage> messages = new ArrayList<>();
          for (int i = 0; i < ds.size(); i++) {
            SwarmMessage m = ds.get(i).restrictedTo(f);
            // Fan-in: message i goes from rank 1 + i mod (ranks - 1) to rank 0.
            messages.add(f.contains(Feature.FAN_IN) ? m.betweenRanks(1 + i % senders, 0) : m);
          }
          return SwarmProgram.normalized(messages, f, ranks, policy, cancel, order,
              f.contains(Feature.RUNTIME_COMMUNICATORS) ? comm : null);
        });
  }

  @Override
  public String toString() {
    return "SwarmProgramArbitrary(ranks " + minRanks + ".." + maxRanks + ", threads up to " + maxThreads + ", messages "
        + minMessages + ".." + maxMessages + ", tags " + minTag + ".." + maxTag + ", MPI_ANY_SOURCE "
        + sourceWildcardPercent + "%, features " + features + " each " + featurePercent + "%, required " + required
        + ", policies " + policies + ", send-cancel " + sendCancels + ")";
  }
}
