package dev.matchpoint.mpi.match;

/** Runs the unexpected-queue contract against {@link ReferenceUnexpectedQueue}. */
class ReferenceUnexpectedQueueTest extends AbstractUnexpectedQueueContractTest {
  @Override
  UnexpectedMessageQueue newQueue() {
    return new ReferenceUnexpectedQueue();
  }
}
