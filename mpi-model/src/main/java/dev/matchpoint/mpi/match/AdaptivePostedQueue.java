package dev.matchpoint.mpi.match;

import java.util.ArrayList;
import java.util.List;

/**
 * The posted receive queue of {@code queues: bucketed}: a list in posting order, scanned from the
 * front as {@link ReferencePostedQueue} does, while it is short; a {@link BucketedPostedQueue} once
 * it holds more than {@link #BINS_ABOVE} receives; a list again when it empties. Short queues, the
 * usual case, cost what the reference costs (one list, no hash lookups); long ones keep the bins'
 * expected O(1) match. The answers are the reference's (MPI-3.1 §3.5, "Order": receives are ordered
 * too), search lengths included: after a search in bins, {@link #lastSearchLength} counts, when
 * asked (a trace or check records the match), the receives posted before the match, in O(n).
 *
 * <p>Costs: as the list while short; moving to bins takes the receives once, O(n); as the bins
 * while long. {@link #copy} copies the current form. Not thread-safe.
 */
public final class AdaptivePostedQueue implements PostedReceiveQueue {
  /** Entries a queue holds as a list; one more moves it to bins. */
  public static final int BINS_ABOVE = 32;

  /** The receives while short; null while {@link #bins} holds them. */
  private ArrayList<PostedReceive> list;
  private BucketedPostedQueue bins;
  /** The last search: in the list, its length; in bins, the match's stamp (-1: none) and the depth. */
  private boolean searchedBins;
  private int listSearchLength;
  private long matchStamp = -1;
  private int depthAtSearch;

  /** An empty queue. */
  public AdaptivePostedQueue() {
    this.list = new ArrayList<>();
  }

  private AdaptivePostedQueue(AdaptivePostedQueue o) {
    this.list = o.list == null ? null : new ArrayList<>(o.list);
    this.bins = o.bins == null ? null : (BucketedPostedQueue) o.bins.copy();
    this.searchedBins = o.searchedBins;
    this.listSearchLength = o.listSearchLength;
    this.matchStamp = o.matchStamp;
    this.depthAtSearch = o.depthAtSearch;
  }

  @Override
  public void add(PostedReceive receive) {
    if (list == null) {
      bins.add(receive);
      return;
    }
    list.add(receive);
    if (list.size() > BINS_ABOVE) {
      bins = new BucketedPostedQueue();
      for (PostedReceive r : list) {
        bins.add(r);
      }
      list = null;
    }
  }

  @Override
  public PostedReceive earliestMatching(int context, int source, int tag) {
    if (list == null) {
      PostedReceive r = bins.earliestMatching(context, source, tag);
      searchedBins = true;
      matchStamp = r == null ? -1 : r.postStamp();
      depthAtSearch = bins.size();
      return r;
    }
    searchedBins = false;
    for (int i = 0; i < list.size(); i++) {
      PostedReceive r = list.get(i);
      if (r.matches(source, tag, context)) {
        listSearchLength = i + 1;
        return r;
      }
    }
    listSearchLength = list.size();
    return null;
  }

  @Override
  public boolean remove(PostedReceive receive) {
    if (list == null) {
      boolean removed = bins.remove(receive);
      if (bins.size() == 0) {
        bins = null;
        list = new ArrayList<>();
      }
      return removed;
    }
    for (int i = 0; i < list.size(); i++) {
      if (list.get(i).requestId() == receive.requestId()) {
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
    for (PostedReceive r : inPostingOrder()) {
      if (r.postStamp() >= matchStamp) {
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
  public List<PostedReceive> inPostingOrder() {
    return list == null ? bins.inPostingOrder() : new ArrayList<>(list);
  }

  @Override
  public PostedReceiveQueue copy() {
    return new AdaptivePostedQueue(this);
  }
}
