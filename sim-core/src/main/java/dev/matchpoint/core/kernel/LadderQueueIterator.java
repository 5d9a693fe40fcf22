package dev.matchpoint.core.kernel;

import java.util.ConcurrentModificationException;
import java.util.ListIterator;
import java.util.NoSuchElementException;
import umontreal.ssj.simevents.Event;

/**
 * A list iterator over a snapshot of a {@link LadderQueue}'s pending events in order. It moves in
 * both directions and can remove the last returned event from the list; it cannot add or set.
 * Changes to the list made other than through this iterator make it throw {@link
 * ConcurrentModificationException}.
 */
final class LadderQueueIterator implements ListIterator<Event> {
  private final LadderQueue list;
  private final Event[] snapshot;
  private int size;
  private int cursor;
  private int lastReturned = -1;
  private int expectedModCount;

  LadderQueueIterator(LadderQueue list, Event[] snapshot) {
    this.list = list;
    this.snapshot = snapshot;
    this.size = snapshot.length;
    this.expectedModCount = list.modCount();
  }

  @Override
  public boolean hasNext() {
    checkUnmodified();
    return cursor < size;
  }

  @Override
  public boolean hasPrevious() {
    checkUnmodified();
    return cursor > 0;
  }

  @Override
  public Event next() {
    if (!hasNext()) {
      throw new NoSuchElementException();
    }
    lastReturned = cursor;
    return snapshot[cursor++];
  }

  @Override
  public Event previous() {
    if (!hasPrevious()) {
      throw new NoSuchElementException();
    }
    lastReturned = --cursor;
    return snapshot[cursor];
  }

  @Override
  public int nextIndex() {
    checkUnmodified();
    return cursor;
  }

  @Override
  public int previousIndex() {
    checkUnmodified();
    return cursor - 1;
  }

  @Override
  public void remove() {
    checkUnmodified();
    if (lastReturned < 0) {
      throw new IllegalStateException();
    }
    list.remove(snapshot[lastReturned]);
    System.arraycopy(snapshot, lastReturned + 1, snapshot, lastReturned, size - lastReturned - 1);
    snapshot[--size] = null;
    if (lastReturned < cursor) {
      cursor--;
    }
    lastReturned = -1;
    expectedModCount = list.modCount();
  }

  @Override
  public void set(Event ev) {
    throw new UnsupportedOperationException("LadderQueue iterators cannot set");
  }

  @Override
  public void add(Event ev) {
    throw new UnsupportedOperationException("LadderQueue iterators cannot add");
  }

  private void checkUnmodified() {
    if (list.modCount() != expectedModCount) {
      throw new ConcurrentModificationException();
    }
  }
}
