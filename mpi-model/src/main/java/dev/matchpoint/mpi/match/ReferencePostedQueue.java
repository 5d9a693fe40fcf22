package dev.matchpoint.mpi.match;

import java.util.ArrayList;
import java.util.List;

/** The posted receive queue as the standard reads: one list in posting order, scanned from the front. */
public final class ReferencePostedQueue implements PostedReceiveQueue {
  private final ArrayList<PostedReceive> receives;

  /** An empty queue. */
  public ReferencePostedQueue() {
    this.receives = new ArrayList<>();
  }

  private ReferencePostedQueue(ArrayList<PostedReceive> receives) {
    this.receives = receives;
  }

  @Override
  public void add(PostedReceive receive) {
    receives.add(receive);
  }

  private int lastSearch;

  @Override
  public PostedReceive earliestMatching(int context, int source, int tag) {
    for (int i = 0; i < receives.size(); i++) {
      PostedReceive r = receives.get(i);
      if (r.matches(source, tag, context)) {
        lastSearch = i + 1;
        return r;
      }
    }
    lastSearch = receives.size();
    return null;
  }

  @Override
  public int lastSearchLength() {
    return lastSearch;
  }

  @Override
  public boolean remove(PostedReceive receive) {
    for (int i = 0; i < receives.size(); i++) {
      if (receives.get(i).requestId() == receive.requestId()) {
        receives.remove(i);
        return true;
      }
    }
    return false;
  }

  @Override
  public int size() {
    return receives.size();
  }

  @Override
  public List<PostedReceive> inPostingOrder() {
    return new ArrayList<>(receives);
  }

  @Override
  public PostedReceiveQueue copy() {
    return new ReferencePostedQueue(new ArrayList<>(receives));
  }
}
