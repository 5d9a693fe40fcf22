package dev.matchpoint.core.random;

import com.google.common.hash.HashCode;
import com.google.common.hash.Hashing;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;
import umontreal.ssj.rng.MRG32k3a;
import umontreal.ssj.rng.RandomStream;

/**
 * Named random streams derived from one master seed. {@code stream("link.0-1")} is an SSJ {@link
 * MRG32k3a} whose six-component seed is a fixed function of (master seed, name), so two runs with
 * the same seed see identical streams whatever else runs in the JVM, and simulations can run in
 * parallel threads.
 *
 * <p>SSJ's constructors read and advance the package-wide seed; this class never relies on it. It
 * builds one prototype at class initialisation and makes every stream by {@code clone()} followed by
 * {@code setSeed(derived)}, so no stream depends on creation order. Derivation: the 128-bit
 * MurmurHash3 of the master seed (8 bytes, little-endian) followed by the UTF-8 name, split into six
 * 21-bit-or-wider values, each reduced into {@code [1, m - 1]} for its MRG32k3a component modulus
 * ({@code m1 = 4294967087}, {@code m2 = 4294944443}).
 */
public final class RandomStreams {
  private static final long M1 = 4294967087L;
  private static final long M2 = 4294944443L;
  private static final MRG32k3a PROTOTYPE;

  static {
    synchronized (MRG32k3a.class) {
      PROTOTYPE = new MRG32k3a();
    }
  }

  private final long masterSeed;
  private final Map<String, MRG32k3a> streams = new TreeMap<>();

  /**
   * Creates the stream family of one run.
   *
   * @param masterSeed the run's seed, printed first in every banner
   */
  public RandomStreams(long masterSeed) {
    this.masterSeed = masterSeed;
  }

  /**
   * The run's master seed.
   *
   * @return the seed
   */
  public long masterSeed() {
    return masterSeed;
  }

  /**
   * The stream of one component, created on first use and the same object afterwards.
   *
   * @param name the component, e.g. {@code "net.latency.0-2"}
   * @return the stream
   */
  public synchronized RandomStream stream(String name) {
    return streams.computeIfAbsent(name, n -> {
      MRG32k3a s = PROTOTYPE.clone();
      s.setSeed(derivedSeed(masterSeed, n));
      s.resetStartStream();
      return s;
    });
  }

  /**
   * The six-component MRG32k3a seed of a named stream.
   *
   * @param masterSeed the master seed
   * @param name the component name
   * @return six values, the first three in {@code [1, m1)}, the last three in {@code [1, m2)}
   */
  public static long[] derivedSeed(long masterSeed, String name) {
    HashCode first = Hashing.murmur3_128(0x6d61_7463).newHasher()
        .putLong(masterSeed).putString(name, StandardCharsets.UTF_8).hash();
    HashCode second = Hashing.murmur3_128(0x706f_696e).newHasher()
        .putLong(masterSeed).putString(name, StandardCharsets.UTF_8).hash();
    byte[] a = first.asBytes();
    byte[] b = second.asBytes();
    long[] words = new long[6];
    for (int i = 0; i < 6; i++) {
      byte[] src = i < 4 ? a : b;
      int off = (i % 4) * 4;
      long v = 0;
      for (int k = 0; k < 4; k++) {
        v = (v << 8) | (src[off + k] & 0xffL);
      }
      words[i] = v;
    }
    long[] seed = new long[6];
    for (int i = 0; i < 6; i++) {
      long m = i < 3 ? M1 : M2;
      seed[i] = 1 + Long.remainderUnsigned(words[i], m - 1);
    }
    return seed;
  }
}
