package dev.matchpoint.properties;

import dev.matchpoint.core.net.DeliveryOrder;
import dev.matchpoint.core.net.NetworkOptions;
import dev.matchpoint.mpi.SendCancelPolicy;
import dev.matchpoint.mpi.WildcardPolicy;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.rank.ModelOptions;
import dev.matchpoint.mpi.rank.ModelSpec;
import dev.matchpoint.mpi.run.RunOptions;
import dev.matchpoint.scenario.Mode;
import dev.matchpoint.scenario.Scenario;
import dev.matchpoint.scenario.format.ScenarioWriter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A generated MPI program that may use every call the model has (see {@link Feature}), given as
 * the list of its messages: each {@link SwarmMessage} is sent and received the same number of
 * times by calls on its sender's and receiver's threads, so the program is balanced by construction
 * and shrinking keeps it well formed. It may still be erroneous or deadlock (a ready send may meet
 * no posted receive, a wildcard may take another message): those are outcomes too.
 *
 * <p>Each thread runs its messages' calls by ascending order key, ties in message order (with
 * {@link Feature#QUEUED}, after a blocking MPI_Probe for each message it receives); requests left
 * outstanding are completed at the end of the thread, as each message's {@link
 * SwarmMessage.Completion} says; persistent requests are freed last. A rank that sends in buffered
 * mode attaches a buffer large enough for all its buffered messages on thread 0 first and detaches
 * it at the end of thread 0. The "go" messages of ready mode and channels travel on their own
 * communicator {@code ctl}, so no wildcard of the program takes them. {@link #toString()} prints
 * the program as a scenario file, which {@code matchpoint explore} runs as it is.
 *
 * @param messages the messages, in order
 * @param worldSize number of ranks; ranks no message names run one empty thread
 * @param features the features the program was drawn with (its messages use no other)
 * @param wildcard the model's policy for MPI_ANY_SOURCE (DESIGN §4)
 * @param sendCancel whether MPI_Cancel of a send can succeed
 * @param order the network's delivery order
 * @param comm the communicator created at run time ({@link Feature#RUNTIME_COMMUNICATORS}), or null
 *     for none
 */
public record SwarmProgram(List<SwarmMessage> messages, int worldSize, Set<Feature> features,
    WildcardPolicy wildcard, SendCancelPolicy sendCancel, DeliveryOrder order, SwarmComm comm) {
  /** Payload of a small message, in bytes: below {@link #EAGER_THRESHOLD_BYTES}, sent eagerly. */
  public static final int SMALL_BYTES = 8;
  /** Payload of a large message, in bytes: above {@link #EAGER_THRESHOLD_BYTES}, sent by rendezvous. */
  public static final int LARGE_BYTES = 128;
  /** The network's eager threshold, in bytes. */
  public static final long EAGER_THRESHOLD_BYTES = 64;

  /**
   * Copies and validates.
   *
   * @throws IllegalArgumentException when a message names a rank outside the world, or uses the
   *     communicator created at run time between ranks that do not both hold it
   */
  public SwarmProgram {
    messages = List.copyOf(messages);
    features = Collections.unmodifiableSet(enumSet(features));
    Objects.requireNonNull(wildcard, "wildcard");
    Objects.requireNonNull(sendCancel, "sendCancel");
    Objects.requireNonNull(order, "order");
    if (worldSize < 2) {
      throw new IllegalArgumentException("a swarm program has at least two ranks");
    }
    for (SwarmMessage m : messages) {
      if (m.sender() >= worldSize || m.receiver() >= worldSize) {
        throw new IllegalArgumentException(m + " names a rank outside a world of " + worldSize);
      }
      if (m.comm() == 2 && (comm == null || !comm.joins(m.sender(), m.receiver()))) {
        throw new IllegalArgumentException(m + ": its ranks do not both hold the communicator c");
      }
    }
  }

  /**
   * A program from generated messages that use only {@code features}, with the threads of each rank
   * renumbered densely ({@code 0, 1, ...} in ascending order, so a generated thread index
   * shrinks the number of threads), and every message on the communicator created at run time
   * between ranks that do not both hold it on MPI_COMM_WORLD instead. The world has {@code
   * max(minRanks, highest rank named + 1)}
   * ranks; an unordered network needs {@link Feature#UNORDERED}.
   *
   * @param messages the generated messages
   * @param features the features switched on, which the messages keep to
   * @param minRanks ranks at least, at least 2
   * @param wildcard the MPI_ANY_SOURCE policy
   * @param sendCancel the send-cancel policy
   * @param order the delivery order drawn
   * @param comm the communicator created at run time, or null for none
   * @return the program
   */
  public static SwarmProgram normalized(List<SwarmMessage> messages, Set<Feature> features, int minRanks,
      WildcardPolicy wildcard, SendCancelPolicy sendCancel, DeliveryOrder order, SwarmComm comm) {
    List<SwarmMessage> restricted = new ArrayList<>();
    int highest = -1;
    TreeMap<Integer, TreeSet<Integer>> used = new TreeMap<>();
    for (SwarmMessage drawn : messages) {
      SwarmMessage m = drawn.comm() == 2 && (comm == null || !comm.joins(drawn.sender(), drawn.receiver()))
          ? drawn.onComm(0) : drawn;
      restricted.add(m);
      highest = Math.max(highest, Math.max(m.sender(), m.receiver()));
      used.computeIfAbsent(m.sender(), k -> new TreeSet<>()).add(m.sendThread());
      used.computeIfAbsent(m.receiver(), k -> new TreeSet<>()).add(m.receiveThread());
    }
    List<SwarmMessage> out = new ArrayList<>();
    for (SwarmMessage m : restricted) {
      out.add(m.onThreads(used.get(m.sender()).headSet(m.sendThread()).size(),
          used.get(m.receiver()).headSet(m.receiveThread()).size()));
    }
    DeliveryOrder o = features.contains(Feature.UNORDERED) ? order : DeliveryOrder.PER_PAIR_FIFO;
    return new SwarmProgram(out, Math.max(minRanks, highest + 1), features, wildcard, sendCancel, o, comm);
  }

  private static EnumSet<Feature> enumSet(Collection<Feature> c) {
    EnumSet<Feature> s = EnumSet.noneOf(Feature.class);
    s.addAll(c);
    return s;
  }

  /**
   * A copy with other messages (already restricted and numbered as wanted).
   *
   * @param replacement the messages
   * @return the copy
   */
  public SwarmProgram withMessages(List<SwarmMessage> replacement) {
    return new SwarmProgram(replacement, worldSize, features, wildcard, sendCancel, order, comm);
  }

  /**
   * Number of threads of a rank: one more than the highest thread its messages name, at least 1.
   *
   * @param rank the rank
   * @return the thread count
   */
  public int threads(int rank) {
    int n = 1;
    for (SwarmMessage m : messages) {
      if (m.sender() == rank) {
        n = Math.max(n, m.sendThread() + 1);
      }
      if (m.receiver() == rank) {
        n = Math.max(n, m.receiveThread() + 1);
      }
    }
    return n;
  }

  /**
   * Whether some message uses the duplicate communicator {@code dup}.
   *
   * @return true when one does
   */
  boolean usesDup() {
    return messages.stream().anyMatch(m -> m.comm() == 1);
  }

  /**
   * Whether some message needs the "go" messages on {@code ctl}.
   *
   * @return true when one does
   */
  boolean usesControl() {
    return messages.stream().anyMatch(SwarmMessage::handshake);
  }

  /**
   * The model options: the wildcard and send-cancel policies, the delivery order and the eager
   * threshold {@link #EAGER_THRESHOLD_BYTES}; the other defaults.
   *
   * @return the options
   */
  public ModelOptions options() {
    NetworkOptions n = NetworkOptions.defaults().withOrder(order);
    return ModelOptions.defaults().withWildcard(wildcard).withSendCancel(sendCancel)
        .withNetwork(n.withProtocol(n.protocol().withEagerThreshold(EAGER_THRESHOLD_BYTES)));
  }

  /**
   * The program as a scenario in logical mode, judged by every check.
   *
   * @return the scenario, named {@code swarm-program}
   */
  public Scenario scenario() {
    List<List<Program>> ranks = new ArrayList<>();
    for (int r = 0; r < worldSize; r++) {
      List<Program> threads = new ArrayList<>();
      for (int t = 0; t < threads(r); t++) {
        threads.add(SwarmThread.program(this, r, t));
      }
      ranks.add(threads);
    }
    List<String> communicators = new ArrayList<>();
    if (usesDup()) {
      communicators.add(SwarmThread.DUP);
    }
    if (usesControl()) {
      communicators.add(SwarmThread.CTL);
    }
    return new Scenario("swarm-program", "", "generated by MpiArbitraries.swarmPrograms()", null, 0, Mode.LOGICAL,
        ranks, communicators, options(), List.of(CheckKind.values()), RunOptions.DEFAULT_STEP_BUDGET);
  }

  /**
   * The model.
   *
   * @return the compiled spec of {@link #scenario()}
   */
  public ModelSpec spec() {
    return scenario().spec();
  }

  /**
   * The program as a scenario file that {@code matchpoint explore FILE} explores as it is: the
   * features and the messages as comments, then {@link #scenario()}.
   *
   * @return several lines
   */
  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder("# swarm program: ").append(messages.size())
        .append(messages.size() == 1 ? " message" : " messages").append(", features ").append(features).append('\n');
    for (int i = 0; i < messages.size(); i++) {
      sb.append("#   m").append(i).append(": ").append(messages.get(i)).append('\n');
    }
    if (comm != null) {
      sb.append("#   c: ").append(comm).append('\n');
    }
    return sb.append(ScenarioWriter.write(scenario())).toString().stripTrailing();
  }
}
