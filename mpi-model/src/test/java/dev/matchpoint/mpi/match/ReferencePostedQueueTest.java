package dev.matchpoint.mpi.match;

/** Runs the posted-queue contract against {@link ReferencePostedQueue}. */
class ReferencePostedQueueTest extends AbstractPostedQueueContractTest {
  @Override
  PostedReceiveQueue newQueue() {
    return new ReferencePostedQueue();
  }
}
