package dev.matchpoint.properties.internal;

import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.properties.Feature;
import dev.matchpoint.properties.SwarmMessage;
import dev.matchpoint.properties.SwarmMessage.Completion;
import dev.matchpoint.properties.SwarmMessage.ReceiveKind;
import dev.matchpoint.properties.SwarmMessage.SendKind;
import dev.matchpoint.properties.SwarmMessage.TypeUse;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * One message as drawn, over every call and mode, before the program's features are known: {@link
 * #restrictedTo} turns it into the {@link SwarmMessage} the program runs. Restricting the raw draw
 * (rather than a {@code SwarmMessage}, whose constructor drops what does not apply) keeps a choice
 * that a switched-off feature would have erased, e.g. MPI_ANY_SOURCE drawn with a channel that is
 * switched off. The fields are those of {@link SwarmMessage}.
 */
record SwarmDraw(int sender, int sendThread, int receiver, int receiveThread, int tag, int comm, boolean large,
    SendKind send, SendMode mode, ReceiveKind receive, TypeUse types, int slack, boolean anySource, boolean anyTag,
    boolean procNull, boolean cancelSend, boolean cancelReceive, boolean free, boolean startAll,
    Completion completion, int rounds, int sendOrder, int receiveOrder) {

  /**
   * The message with every call or mode that needs a switched-off feature replaced (see {@link
   * Feature}), and every option of a switched-off feature dropped.
   *
   * @param on the features switched on
   * @return the message
   */
  SwarmMessage restrictedTo(Set<Feature> on) {
    boolean wild = on.contains(Feature.WILDCARDS);
    // The communicator created at run time, if drawn and on, else the declared duplicate, if on.
    int c = comm == 2 && on.contains(Feature.RUNTIME_COMMUNICATORS) ? 2
        : comm > 0 && on.contains(Feature.COMMUNICATORS) ? 1 : 0;
    boolean threads = on.contains(Feature.THREADS) && c != 2;
    return new SwarmMessage(sender, threads ? sendThread : 0, receiver, threads ? receiveThread : 0, tag, c,
        large && on.contains(Feature.RENDEZVOUS), allowed(send, SendKind.values(), SwarmDraw::needs, on),
        allowed(mode, SendMode.values(), SwarmDraw::needs, on), allowed(receive, ReceiveKind.values(),
        SwarmDraw::needs, on), on.contains(Feature.DERIVED_TYPES) ? types : TypeUse.BYTES,
        on.contains(Feature.CHANNELS) ? slack : 0,
        anySource && wild, anyTag && wild, procNull && on.contains(Feature.PROC_NULL),
        cancelSend && on.contains(Feature.CANCEL), cancelReceive && on.contains(Feature.CANCEL),
        free && on.contains(Feature.REQUEST_FREE), startAll,
        allowed(completion, Completion.values(), SwarmDraw::needs, on), on.contains(Feature.REPEATS) ? rounds : 1,
        sendOrder, receiveOrder);
  }

  /**
   * The value itself when the features it needs are on; else the value at the same position (its
   * ordinal modulo their number) among the values whose features are on, so a switched-off call is
   * replaced by an enabled one drawn about as often as each of them (the first value needs none).
   */
  private static <T extends Enum<T>> T allowed(T value, T[] values, Function<T, List<Feature>> needs,
      Set<Feature> on) {
    if (on.containsAll(needs.apply(value))) {
      return value;
    }
    List<T> enabled = new ArrayList<>();
    for (T v : values) {
      if (on.containsAll(needs.apply(v))) {
        enabled.add(v);
      }
    }
    return enabled.get(value.ordinal() % enabled.size());
  }

  private static List<Feature> needs(SendKind k) {
    return switch (k) {
      case SEND -> List.of();
      case ISEND -> List.of(Feature.NONBLOCKING);
      case SEND_INIT -> List.of(Feature.PERSISTENT);
      case SENDRECV -> List.of(Feature.SENDRECV);
      case SENDRECV_REPLACE, ISENDRECV, ISENDRECV_REPLACE -> List.of(Feature.EXCHANGES);
    };
  }

  private static List<Feature> needs(ReceiveKind k) {
    return switch (k) {
      case RECV -> List.of();
      case IRECV -> List.of(Feature.NONBLOCKING);
      case PROBE_RECV, IPROBE_RECV -> List.of(Feature.PROBES);
      case MPROBE_MRECV, IMPROBE_MRECV -> List.of(Feature.MATCHED_PROBES);
      case MPROBE_IMRECV -> List.of(Feature.MATCHED_PROBES, Feature.NONBLOCKING);
      case RECV_INIT -> List.of(Feature.PERSISTENT);
    };
  }

  private static List<Feature> needs(Completion c) {
    return switch (c) {
      case WAITALL -> List.of();
      case GET_STATUS -> List.of(Feature.EXCHANGES);
      default -> List.of(Feature.COMPLETIONS);
    };
  }

  private static List<Feature> needs(SendMode m) {
    return switch (m) {
      case STANDARD -> List.of();
      case BUFFERED -> List.of(Feature.BUFFERED);
      case SYNCHRONOUS -> List.of(Feature.SYNCHRONOUS);
      case READY -> List.of(Feature.READY);
    };
  }
}
