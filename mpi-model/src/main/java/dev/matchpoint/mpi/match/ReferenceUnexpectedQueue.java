package dev.matchpoint.mpi.match;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The unexpected message queue as the standard reads: one list in arrival order, scanned from the
 * front. Linear time; small and cheap to copy, which suits exploration.
 */
public final class ReferenceUnexpectedQueue implements UnexpectedMessageQueue {
  private final ArrayList<Message> messages;

  /** An empty queue. */
  public ReferenceUnexpectedQueue() {
    this.messages = new ArrayList<>();
  }

  private ReferenceUnexpectedQueue(ArrayList<Message> messages) {
    this.messages = messages;
  }

  @Override
  public void add(Message message) {
    messages.add(message);
  }

  private int lastSearch;

  @Override
  public Message earliestFrom(int context, int source, int tag) {
    for (int i = 0; i < messages.size(); i++) {
      Message m = messages.get(i);
      if (Envelopes.matches(source, tag, context, m.source(), m.tag(), m.context())) {
        lastSearch = i + 1;
        return m;
      }
    }
    lastSearch = messages.size();
    return null;
  }

  @Override
  public int lastSearchLength() {
    return lastSearch;
  }

  @Override
  public Message earliest(int context, int tag) {
    return earliestFrom(context, Envelopes.ANY, tag);
  }

  @Override
  public int[] sourcesWithMatch(int context, int tag) {
    return sourcesWithMatch(messages, context, tag);
  }

  /** {@link #sourcesWithMatch(int, int)} over a list of messages (also {@link AdaptiveUnexpectedQueue}'s). */
  static int[] sourcesWithMatch(List<Message> messages, int context, int tag) {
    if (messages.isEmpty()) {
      return NONE;
    }
    int[] sources = new int[messages.size()];
    int n = 0;
    for (int i = 0; i < sources.length; i++) {
      Message m = messages.get(i);
      if (Envelopes.matches(Envelopes.ANY, tag, context, m.source(), m.tag(), m.context())) {
        sources[n++] = m.source();
      }
    }
    // Ascending and distinct, without boxing: this runs at every MPI_ANY_SOURCE receive.
    Arrays.sort(sources, 0, n);
    int distinct = 0;
    for (int i = 0; i < n; i++) {
      if (distinct == 0 || sources[distinct - 1] != sources[i]) {
        sources[distinct++] = sources[i];
      }
    }
    return distinct == sources.length ? sources : distinct == 0 ? NONE : Arrays.copyOf(sources, distinct);
  }

  /** No source (shared: callers only read the arrays {@link #sourcesWithMatch} returns). */
  private static final int[] NONE = new int[0];

  @Override
  public boolean remove(Message message) {
    long key = message.key();
    for (int i = 0; i < messages.size(); i++) {
      if (messages.get(i).key() == key) {
        messages.remove(i);
        return true;
      }
    }
    return false;
  }

  @Override
  public int size() {
    return messages.size();
  }

  @Override
  public List<Message> inArrivalOrder() {
    return new ArrayList<>(messages);
  }

  @Override
  public UnexpectedMessageQueue copy() {
    return new ReferenceUnexpectedQueue(new ArrayList<>(messages));
  }
}
