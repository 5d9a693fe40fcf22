package dev.matchpoint.core.explore;

/**
 * A state's identity in the visited-state set: the 128-bit {@link FingerprintSink} fingerprint of
 * its canonical encoding (hash compaction, as SPIN's; with n stored states the chance that two
 * distinct states collide is about n^2 / 2^129, 1.5 x 10^-23 for n = 10^8).
 *
 * @param high first 64 bits
 * @param low last 64 bits
 */
public record StateKey(long high, long low) {
  private static final ThreadLocal<FingerprintSink> SINK = ThreadLocal.withInitial(FingerprintSink::new);

  /**
   * The key of a state.
   *
   * @param ts the transition system
   * @param state the state
   * @param <S> state type
   * @return the key
   */
  public static <S> StateKey of(TransitionSystem<S, ?> ts, S state) {
    FingerprintSink sink = SINK.get().reset();
    ts.hashInto(state, sink);
    return new StateKey(sink.high(), sink.low());
  }
}
