package dev.matchpoint.mpi.match;

import java.util.ArrayList;
import java.util.List;

/**
 * The unexpected message queue of {@code queues: bucketed}: a list in arrival order, scanned from
 * the front as {@link ReferenceUnexpectedQueue} does, while it is short; a {@link
 * BucketedUnexpectedQueue} once it holds more than {@link AdaptivePostedQueue#BINS_ABOVE} messages;
 * a list again when it empties. Short queues, the usual case, cost what the reference costs (one
 * list, no hash lookups); long ones keep the bins' expected O(1) search. The answers are the
 * reference's (MPI-3.1 §3.5; seed 004 "unexpected messages list"), search lengths included: after a
 * search in bins, {@link #lastSearchLength} counts, when asked (a trace or check records the
 * match), the messages that arrived before the match, in O(n).
 *
 * <p>Costs: as the list while short; moving to bins takes the messages once, O(n); as the bins
 * while long. {@link #copy} copies the current form. Not thread-safe.
 */
public final class AdaptiveUnexpectedQueue implements UnexpectedMessageQueue {
  /** The messages while short; null while {@link #bins} holds them. */
  private ArrayList<Message> list;
  private BucketedUnexpectedQueue bins;
  /** The last search: in the list, its length; in bins, the match's stamp (-1: none) and the depth. */
  private boolean searchedBins;
  private int listSearchLength;
  private long matchStamp = -1;
  private int depthAtSearch;

  /** An empty queue. */
  public AdaptiveUnexpectedQueue() {
    this.list = new ArrayList<>();
  }

  private AdaptiveUnexpectedQueue(AdaptiveUnexpectedQueue o) {
    this.list = o.list == null ? null : new ArrayList<>(o.list);
    this.bins = o.bins == null ? null : (BucketedUnexpectedQueue) o.bins.copy();
    this.searchedBins = o.searchedBins;
    this.listSearchLength = o.listSearchLength;
    this.matchStamp = o.matchStamp;
    this.depthAtSearch = o.depthAtSearch;
  }

  @Override
  public void add(Message message) {
    if (list == null) {
      bins.add(message);
      return;
    }
    list.add(message);
    if (list.size() > AdaptivePostedQueue.BINS_ABOVE) {
      bins = new BucketedUnexpectedQueue();
      for (Message m : list) {
        bins.add(m);
      }
      list = null;
    }
  }

  @Override
  public Message earliestFrom(int context, int source, int tag) {
    if (list == null) {
      return searchedBins(bins.earliestFrom(context, source, tag));
    }
    searchedBins = false;
    for (int i = 0; i < list.size(); i++) {
      Message m = list.get(i);
      if (Envelopes.matches(source, tag, context, m.source(), m.tag(), m.context())) {
        listSearchLength = i + 1;
        return m;
      }
    }
    listSearchLength = list.size();
    return null;
  }

  @Override
  public Message earliest(int context, int tag) {
    return list == null ? searchedBins(bins.earliest(context, tag)) : earliestFrom(context, Envelopes.ANY, tag);
  }

  private Message searchedBins(Message m) {
    searchedBins = true;
    matchStamp = m == null ? -1 : m.arrivalStamp();
    depthAtSearch = bins.size();
    return m;
  }

  @Override
  public int[] sourcesWithMatch(int context, int tag) {
    if (list == null) {
      return bins.sourcesWithMatch(context, tag);
    }
    return ReferenceUnexpectedQueue.sourcesWithMatch(list, context, tag);
  }

  @Override
  public boolean remove(Message message) {
    if (list == null) {
      boolean removed = bins.remove(message);
      if (bins.size() == 0) {
        bins = null;
        list = new ArrayList<>();
      }
      return removed;
    }
    long key = message.key();
    for (int i = 0; i < list.size(); i++) {
      if (list.get(i).key() == key) {
        list.remove(i);
        return true;
      }
    }
    return false;
  }

  @Override
  public int lastSearchLength() {
    if (!searchedBins) {
      return listSearchLength;
    }
    if (matchStamp < 0) {
      return depthAtSearch;
    }
    int before = 0;
    for (Message m : inArrivalOrder()) {
      if (m.arrivalStamp() >= matchStamp) {
        break;
      }
      before++;
    }
    return before + 1;
  }

  @Override
  public int size() {
    return list == null ? bins.size() : list.size();
  }

  @Override
  public List<Message> inArrivalOrder() {
    return list == null ? bins.inArrivalOrder() : new ArrayList<>(list);
  }

  @Override
  public UnexpectedMessageQueue copy() {
    return new AdaptiveUnexpectedQueue(this);
  }
}
