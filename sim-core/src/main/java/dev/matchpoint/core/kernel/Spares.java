package dev.matchpoint.core.kernel;

import java.util.Arrays;

/**
 * Objects kept for reuse: a stack that grows as needed up to a limit, beyond which given objects
 * are left to the garbage collector. The timed path keeps its fired events and actions here, so a
 * run allocates none in steady state; the stack holds at most as many as were pending at once.
 * Not thread-safe (a simulation runs on one thread).
 *
 * @param <T> the objects
 */
public final class Spares<T> {
  private static final Object[] NONE = new Object[0];

  private final int limit;
  private Object[] items = NONE;
  private int count;

  /**
   * An empty stack.
   *
   * @param limit the most objects kept, at least 1
   */
  public Spares(int limit) {
    if (limit < 1) {
      throw new IllegalArgumentException("limit must be at least 1, got " + limit);
    }
    this.limit = limit;
  }

  /**
   * Takes a kept object.
   *
   * @return the object, or null when none is kept
   */
  @SuppressWarnings("unchecked")
  public T take() {
    if (count == 0) {
      return null;
    }
    T t = (T) items[--count];
    items[count] = null;
    return t;
  }

  /**
   * Keeps an object that nothing else refers to any more, unless the limit is reached.
   *
   * @param t the object
   */
  public void give(T t) {
    if (count == items.length) {
      if (count >= limit) {
        return;
      }
      items = Arrays.copyOf(items, Math.min(limit, Math.max(16, count * 2)));
    }
    items[count++] = t;
  }
}
