package dev.matchpoint.mpi.match;

/** Runs the unexpected-queue contract against the benchmark's baseline, {@link LinkedListUnexpectedQueue}. */
class LinkedListUnexpectedQueueTest extends AbstractUnexpectedQueueContractTest {
  @Override
  UnexpectedMessageQueue newQueue() {
    return new LinkedListUnexpectedQueue();
  }
}
