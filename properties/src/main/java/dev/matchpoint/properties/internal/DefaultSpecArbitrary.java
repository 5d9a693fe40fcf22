package dev.matchpoint.properties.internal;

import dev.matchpoint.core.net.NetworkOptions;
import dev.matchpoint.mpi.WildcardPolicy;
import dev.matchpoint.properties.MessagePlan;
import dev.matchpoint.properties.ReceiveCall;
import dev.matchpoint.properties.SendCall;
import dev.matchpoint.properties.Workload;
import dev.matchpoint.properties.arbitraries.SpecArbitrary;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.arbitraries.ArbitraryDecorator;

/**
 * The {@link SpecArbitrary} behind {@code MpiArbitraries.specs()}: a list of {@link MessagePlan}s
 * combined with a network and a wildcard policy, then {@linkplain Workload#normalized normalized}.
 * Each fluent call returns a changed copy (a fresh decorator, so no generator cached by {@link
 * ArbitraryDecorator} is shared); an instance is never changed once returned.
 */
public final class DefaultSpecArbitrary extends ArbitraryDecorator<Workload> implements SpecArbitrary {
  private int minRanks = 2;
  private int maxRanks = 3;
  private int minThreads = 1;
  private int maxThreads = 2;
  private int minMessages = 1;
  private int maxMessages = 4;
  private int minTag = 0;
  private int maxTag = 1;
  private long minBytes = 0;
  private long maxBytes = 8192;
  private int sourceWildcardPercent = 20;
  private int tagWildcardPercent = 20;
  private List<SendCall> sends = List.of(SendCall.values());
  private List<ReceiveCall> receives = List.of(ReceiveCall.values());
  private boolean fanIn;
  private boolean threadPerReceive;
  private boolean messageOrder;
  private Arbitrary<NetworkOptions> networks = Arbitraries.just(NetworkOptions.defaults());
  private List<WildcardPolicy> policies = List.of(WildcardPolicy.ANY);

  /** The defaults documented on {@link SpecArbitrary}. */
  public DefaultSpecArbitrary() {}

  private DefaultSpecArbitrary(DefaultSpecArbitrary o) {
    minRanks = o.minRanks;
    maxRanks = o.maxRanks;
    minThreads = o.minThreads;
    maxThreads = o.maxThreads;
    minMessages = o.minMessages;
    maxMessages = o.maxMessages;
    minTag = o.minTag;
    maxTag = o.maxTag;
    minBytes = o.minBytes;
    maxBytes = o.maxBytes;
    sourceWildcardPercent = o.sourceWildcardPercent;
    tagWildcardPercent = o.tagWildcardPercent;
    sends = o.sends;
    receives = o.receives;
    fanIn = o.fanIn;
    threadPerReceive = o.threadPerReceive;
    messageOrder = o.messageOrder;
    networks = o.networks;
    policies = o.policies;
  }

  private DefaultSpecArbitrary with(Consumer<DefaultSpecArbitrary> change) {
    DefaultSpecArbitrary copy = new DefaultSpecArbitrary(this);
    change.accept(copy);
    return copy;
  }

  @Override
  public SpecArbitrary ranks(int min, int max) {
    Choices.requireRange("ranks", min, max, 2, 4096);
    return with(c -> {
      c.minRanks = min;
      c.maxRanks = max;
    });
  }

  @Override
  public SpecArbitrary threads(int min, int max) {
    Choices.requireRange("threads", min, max, 1, 1024);
    return with(c -> {
      c.minThreads = min;
      c.maxThreads = max;
    });
  }

  @Override
  public SpecArbitrary messages(int min, int max) {
    Choices.requireRange("messages", min, max, 0, 100_000);
    return with(c -> {
      c.minMessages = min;
      c.maxMessages = max;
    });
  }

  @Override
  public SpecArbitrary tags(int min, int max) {
    Choices.requireRange("tags", min, max, 0, 32767);
    return with(c -> {
      c.minTag = min;
      c.maxTag = max;
    });
  }

  @Override
  public SpecArbitrary messageBytes(long min, long max) {
    Choices.requireRange("message bytes", min, max, 0, Integer.MAX_VALUE);
    return with(c -> {
      c.minBytes = min;
      c.maxBytes = max;
    });
  }

  @Override
  public SpecArbitrary wildcardPercent(int percent) {
    return sourceWildcardPercent(percent).tagWildcardPercent(percent);
  }

  @Override
  public SpecArbitrary sourceWildcardPercent(int percent) {
    Choices.requirePercent(percent);
    return with(c -> c.sourceWildcardPercent = percent);
  }

  @Override
  public SpecArbitrary tagWildcardPercent(int percent) {
    Choices.requirePercent(percent);
    return with(c -> c.tagWildcardPercent = percent);
  }

  @Override
  public SpecArbitrary sends(SendCall... calls) {
    List<SendCall> list = Choices.nonEmpty("send call", calls);
    return with(c -> c.sends = list);
  }

  @Override
  public SpecArbitrary receives(ReceiveCall... calls) {
    List<ReceiveCall> list = Choices.nonEmpty("receive call", calls);
    return with(c -> c.receives = list);
  }

  @Override
  public SpecArbitrary fanIn() {
    return with(c -> c.fanIn = true);
  }

  @Override
  public SpecArbitrary oneReceiveThreadPerMessage() {
    return with(c -> c.threadPerReceive = true);
  }

  @Override
  public SpecArbitrary inMessageOrder() {
    return with(c -> c.messageOrder = true);
  }

  @Override
  public SpecArbitrary networks(Arbitrary<NetworkOptions> arbitrary) {
    return with(c -> c.networks = arbitrary);
  }

  @Override
  public SpecArbitrary wildcardPolicies(WildcardPolicy... values) {
    List<WildcardPolicy> list = Choices.nonEmpty("wildcard policy", values);
    return with(c -> c.policies = list);
  }

  /** Sender, receiver and their thread slots. */
  private record Ends(int sender, int sendThread, int receiver, int receiveThread) {}

  /** Order keys of the send and the receive. */
  private record Orders(int send, int receive) {}

  @Override
  public Arbitrary<MessagePlan> messagePlans() {
    Arbitrary<Integer> threadSlot = Arbitraries.integers().between(0, maxThreads - 1);
    Arbitrary<Ends> ends;
    if (fanIn) {
      ends = Combinators.combine(Arbitraries.integers().between(1, maxRanks - 1), threadSlot, threadSlot)
          .as((sender, st, rt) -> new Ends(sender, st, 0, rt));
    } else {
      // The receiver is drawn among the other ranks: raw value r means rank r below the sender and
      // rank r + 1 from the sender on, so both shrink towards the pair 0 -> 1.
      ends = Combinators.combine(Arbitraries.integers().between(0, maxRanks - 1),
              Arbitraries.integers().between(0, maxRanks - 2), threadSlot, threadSlot)
          .as((sender, raw, st, rt) -> new Ends(sender, st, raw >= sender ? raw + 1 : raw, rt));
    }
    Arbitrary<Integer> key = messageOrder ? Arbitraries.just(0)
        : Arbitraries.integers().between(0, Math.max(0, maxMessages - 1));
    Arbitrary<Orders> orders = Combinators.combine(key, key).as(Orders::new);
    return Combinators.combine(ends, Arbitraries.integers().between(minTag, maxTag),
            Arbitraries.longs().between(minBytes, maxBytes), Choices.oneOf(sends), Choices.oneOf(receives),
            Choices.percent(sourceWildcardPercent), Choices.percent(tagWildcardPercent), orders)
        .as((e, tag, bytes, send, receive, anySource, anyTag, o) -> new MessagePlan(e.sender(), e.sendThread(),
            e.receiver(), e.receiveThread(), tag, bytes, send, receive, anySource, anyTag, o.send(), o.receive()));
  }

  @Override
  protected Arbitrary<Workload> arbitrary() {
    int ranks = minRanks;
    int threads = minThreads;
    boolean ownThread = threadPerReceive;
    Arbitrary<List<MessagePlan>> messages = messagePlans().list().ofMinSize(minMessages).ofMaxSize(maxMessages);
    return Combinators.combine(messages, networks, Choices.oneOf(policies)).as((ms, net, policy) -> {
      List<MessagePlan> placed = ms;
      if (ownThread) {
        placed = new ArrayList<>();
        for (int i = 0; i < ms.size(); i++) {
          placed.add(ms.get(i).onThreads(ms.get(i).sendThread(), i));
        }
      }
      return Workload.normalized(placed, ranks, threads, policy, net);
    });
  }

  @Override
  public String toString() {
    return "SpecArbitrary(ranks " + minRanks + ".." + maxRanks + ", threads " + minThreads + ".." + maxThreads
        + ", messages " + minMessages + ".." + maxMessages + ", tags " + minTag + ".." + maxTag + ", bytes " + minBytes
        + ".." + maxBytes + ", wildcards " + sourceWildcardPercent + "%/" + tagWildcardPercent + "%, sends " + sends
        + ", receives " + receives + (fanIn ? ", fan-in" : "") + (threadPerReceive ? ", thread per receive" : "")
        + (messageOrder ? ", message order" : "") + ", policies " + policies + ")";
  }
}
