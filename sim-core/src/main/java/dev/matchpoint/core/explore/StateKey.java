package dev.matchpoint.core.explore;

import com.google.common.hash.HashCode;
import com.google.common.hash.Hasher;
import com.google.common.hash.Hashing;

/**
 * A state's identity in the visited-state set: the 128-bit MurmurHash3 of its canonical encoding
 * (hash compaction, as SPIN's; with n stored states the chance that two distinct states collide is
 * about n^2 / 2^129, below 10^-24 for n = 10^7).
 *
 * @param high first 64 bits
 * @param low last 64 bits
 */
public record StateKey(long high, long low) {
  /**
   * The key of a state.
   *
   * @param ts the transition system
   * @param state the state
   * @param <S> state type
   * @return the key
   */
  public static <S> StateKey of(TransitionSystem<S, ?> ts, S state) {
    Hasher h = Hashing.murmur3_128().newHasher();
    ts.hashInto(state, h);
    HashCode c = h.hash();
    byte[] b = c.asBytes();
    long hi = 0;
    long lo = 0;
    for (int i = 0; i < 8; i++) {
      hi = (hi << 8) | (b[i] & 0xff);
      lo = (lo << 8) | (b[8 + i] & 0xff);
    }
    return new StateKey(hi, lo);
  }
}
