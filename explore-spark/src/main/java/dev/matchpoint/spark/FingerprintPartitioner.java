package dev.matchpoint.spark;

import org.apache.spark.Partitioner;

/**
 * Sends a state to the partition its fingerprint selects: the low 32 bits of the fingerprint's
 * second half, modulo the partitions (as {@code LevelSearch} picks a thread's visited table). The
 * key is that second half, a {@code Long}.
 */
final class FingerprintPartitioner extends Partitioner {
  private static final long serialVersionUID = 1L;
  private final int partitions;

  FingerprintPartitioner(int partitions) {
    this.partitions = partitions;
  }

  static int partition(long low, int partitions) {
    return (int) ((low & 0xffff_ffffL) % partitions);
  }

  @Override
  public int numPartitions() {
    return partitions;
  }

  @Override
  public int getPartition(Object key) {
    return partition((Long) key, partitions);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof FingerprintPartitioner p && p.partitions == partitions;
  }

  @Override
  public int hashCode() {
    return partitions;
  }
}
