package dev.matchpoint.core.codec;

/**
 * A compact, self-contained encoding of a model's states (issue 13): a plain {@code byte[]} that
 * needs only the codec's immutable model context (programs and options, never another state) to be
 * decoded, so it can be held by the million in a search's frontier or shipped to another process.
 * No Java serialisation and no object graph: integers are written as varints ({@link StateWriter}).
 *
 * <p>Contract, for every state {@code s} the model can reach:
 *
 * <ul>
 *   <li>{@code decode(encode(s))} has the fingerprint of {@code s}, the same enabled actions with the
 *       same descriptions, the same successors and the same verdict;
 *   <li>{@code encode(decode(b))} equals {@code b} byte for byte.
 * </ul>
 *
 * Equal fingerprints need not give equal encodings: an encoding may keep what the fingerprint leaves
 * out on purpose (such as stamps whose only role is relative order), so a search de-duplicates by
 * fingerprint, not by encoding.
 *
 * @param <S> the state type
 */
public interface StateCodec<S> {
  /**
   * The layout's version, the first byte of every encoding; a decoder refuses any other.
   *
   * @return the version, 0 to 127
   */
  int version();

  /**
   * Encodes a state.
   *
   * @param state the state, not modified
   * @return its encoding, starting with {@link #version()}
   */
  byte[] encode(S state);

  /**
   * Decodes a state.
   *
   * @param bytes an encoding made by a codec of the same model context
   * @return a new state, owned by the caller
   * @throws IllegalArgumentException when the version differs or the bytes are malformed
   */
  S decode(byte[] bytes);
}
