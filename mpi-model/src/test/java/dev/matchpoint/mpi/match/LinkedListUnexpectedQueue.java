package dev.matchpoint.mpi.match;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedList;
import java.util.List;
import java.util.TreeSet;

/**
 * The benchmark's baseline: the unexpected message queue as a plain {@link LinkedList} in arrival
 * order, every query and removal a scan from the front (how MPICH and Open MPI kept it before the
 * bins of Flajslik et al., ISC 2016). Test sources only; it passes the same contract test.
 */
final class LinkedListUnexpectedQueue implements UnexpectedMessageQueue {
  private final LinkedList<Message> messages = new LinkedList<>();

  @Override
  public void add(Message message) {
    messages.addLast(message);
  }

  @Override
  public Message earliestFrom(int context, int source, int tag) {
    for (Message m : messages) {
      if (Envelopes.matches(source, tag, context, m.source(), m.tag(), m.context())) {
        return m;
      }
    }
    return null;
  }

  @Override
  public Message earliest(int context, int tag) {
    return earliestFrom(context, Envelopes.ANY, tag);
  }

  @Override
  public int[] sourcesWithMatch(int context, int tag) {
    TreeSet<Integer> sources = new TreeSet<>();
    for (Message m : messages) {
      if (Envelopes.matches(Envelopes.ANY, tag, context, m.source(), m.tag(), m.context())) {
        sources.add(m.source());
      }
    }
    return sources.stream().mapToInt(Integer::intValue).toArray();
  }

  @Override
  public boolean remove(Message message) {
    long key = message.key();
    for (Iterator<Message> it = messages.iterator(); it.hasNext(); ) {
      if (it.next().key() == key) {
        it.remove();
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
    LinkedListUnexpectedQueue copy = new LinkedListUnexpectedQueue();
    copy.messages.addAll(messages);
    return copy;
  }
}
