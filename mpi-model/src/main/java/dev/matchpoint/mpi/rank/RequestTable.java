package dev.matchpoint.mpi.rank;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.List;

/**
 * A thread's live requests by request index, in index order: two sorted arrays (no boxed key or
 * tree entry per request). Indices grow, so a new request is nearly always appended, and a thread
 * holds a few requests at a time, so removal's shift is short.
 */
final class RequestTable {
  private static final int[] NO_KEYS = new int[0];
  private static final Request[] NO_REQUESTS = new Request[0];

  private int[] keys = NO_KEYS;
  private Request[] values = NO_REQUESTS;
  private int size;
  /**
   * The request last added, and its index (null when none or removed since): a lookup of it reads
   * no array, and deliveries look a request up long after its thread last ran, when the arrays are
   * no longer in the processor's cache. Written only by {@link #put} and {@link #remove} (never by
   * a lookup: a frozen table is read by several search threads at once).
   */
  private Request recent;
  private int recentIndex;

  /** No request. */
  RequestTable() {}

  /**
   * A deep copy: every request is copied ({@link Request#copy}).
   *
   * @return the copy
   */
  RequestTable copy() {
    RequestTable t = new RequestTable();
    if (size > 0) {
      t.keys = Arrays.copyOf(keys, size);
      t.values = new Request[size];
      for (int i = 0; i < size; i++) {
        t.values[i] = values[i].copy();
      }
      t.size = size;
    }
    return t;
  }

  private int find(int index) {
    // The newest request is the likeliest: check the end before searching.
    if (size > 0 && keys[size - 1] == index) {
      return size - 1;
    }
    return Arrays.binarySearch(keys, 0, size, index);
  }

  /**
   * The request with this index.
   *
   * @param index the request index
   * @return the request, or null
   */
  Request get(int index) {
    if (recent != null && recentIndex == index) {
      return recent;
    }
    int i = find(index);
    return i >= 0 ? values[i] : null;
  }

  /**
   * Whether a request has this index.
   *
   * @param index the request index
   * @return true when present
   */
  boolean containsKey(int index) {
    return (recent != null && recentIndex == index) || find(index) >= 0;
  }

  /**
   * Adds a request, or replaces the one with the same index.
   *
   * @param index the request index
   * @param r the request
   */
  void put(int index, Request r) {
    recent = r;
    recentIndex = index;
    int i = size > 0 && keys[size - 1] < index ? -size - 1 : find(index);
    if (i >= 0) {
      values[i] = r;
      return;
    }
    i = -i - 1;
    if (size == keys.length) {
      int n = Math.max(4, size * 2);
      keys = Arrays.copyOf(keys, n);
      values = Arrays.copyOf(values, n);
    }
    System.arraycopy(keys, i, keys, i + 1, size - i);
    System.arraycopy(values, i, values, i + 1, size - i);
    keys[i] = index;
    values[i] = r;
    size++;
  }

  /**
   * Removes the request with this index.
   *
   * @param index the request index
   * @return the request removed, or null when none had the index
   */
  Request remove(int index) {
    if (recentIndex == index) {
      recent = null;
    }
    int i = find(index);
    if (i < 0) {
      return null;
    }
    Request r = values[i];
    System.arraycopy(keys, i + 1, keys, i, size - i - 1);
    System.arraycopy(values, i + 1, values, i, size - i - 1);
    values[--size] = null;
    return r;
  }

  /**
   * Requests held.
   *
   * @return the count
   */
  int size() {
    return size;
  }

  /**
   * Whether no request is held.
   *
   * @return true when empty
   */
  boolean isEmpty() {
    return size == 0;
  }

  /**
   * The requests in index order: a view, not to be read across a change of the table.
   *
   * @return the requests
   */
  List<Request> values() {
    return new AbstractList<>() {
      @Override
      public Request get(int i) {
        if (i >= size) {
          throw new IndexOutOfBoundsException(i);
        }
        return values[i];
      }

      @Override
      public int size() {
        return size;
      }
    };
  }
}
