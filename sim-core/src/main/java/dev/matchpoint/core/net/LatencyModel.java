package dev.matchpoint.core.net;

import dev.matchpoint.core.ConfigException;
import dev.matchpoint.core.kernel.Kernel;
import umontreal.ssj.probdist.ExponentialDist;
import umontreal.ssj.probdist.LognormalDist;
import umontreal.ssj.rng.RandomStream;

/**
 * How long a packet takes from its sender to its receiver, in nanoseconds. Random models draw from
 * the link's own stream through SSJ's inverse distribution functions, so draws depend only on the
 * seed, the link and the packet's position on it.
 *
 * <p>For the four simple models a packet injected at time {@code t} is available to the receiver at
 * {@code t + X}, {@code X} drawn per packet; they have no per-byte cost and no serialisation. The
 * {@link LogGP} model has its own exact rules, documented on {@link LogGopsTiming}.
 */
public sealed interface LatencyModel {
  /**
   * The name used in scenario files.
   *
   * @return e.g. {@code loggp}
   */
  String configName();

  /**
   * Draws one latency for the simple models.
   *
   * @param stream the link's stream
   * @return latency in nanoseconds, at least 0
   */
  long sampleNs(RandomStream stream);

  /**
   * Every packet takes exactly {@code latencyNs}.
   *
   * @param latencyNs at least 0
   */
  record Constant(long latencyNs) implements LatencyModel {
    /**
     * Validates.
     *
     * @throws ConfigException when negative
     */
    public Constant {
      ConfigException.requireNonNegative("network.latency.value", latencyNs, "ns");
    }

    @Override
    public String configName() {
      return "constant";
    }

    @Override
    public long sampleNs(RandomStream stream) {
      return latencyNs;
    }
  }

  /**
   * Uniform on the integers {@code [minNs, maxNs]}.
   *
   * @param minNs at least 0
   * @param maxNs at least {@code minNs}
   */
  record Uniform(long minNs, long maxNs) implements LatencyModel {
    /**
     * Validates.
     *
     * @throws ConfigException when negative or {@code max < min}
     */
    public Uniform {
      ConfigException.requireNonNegative("network.latency.min", minNs, "ns");
      ConfigException.requireNonNegative("network.latency.max", maxNs, "ns");
      if (maxNs < minNs) {
        throw new ConfigException("network.latency.max",
            "must be >= network.latency.min (" + minNs + " ns), got " + maxNs);
      }
    }

    @Override
    public String configName() {
      return "uniform";
    }

    @Override
    public long sampleNs(RandomStream stream) {
      // Inverse of the discrete uniform: floor(min + u * (max - min + 1)), u in (0, 1).
      long span = maxNs - minNs + 1;
      long x = minNs + (long) Math.floor(stream.nextDouble() * span);
      return Math.min(x, maxNs);
    }
  }

  /**
   * Exponential with the given mean, rounded to the nearest nanosecond (SSJ {@code
   * ExponentialDist.inverseF(1/mean, u)}), at most {@link Kernel#HORIZON_NS} (a run whose packet
   * would arrive after it ends there).
   *
   * @param meanNs greater than 0
   */
  record Exponential(double meanNs) implements LatencyModel {
    /**
     * Validates.
     *
     * @throws ConfigException when not positive and finite
     */
    public Exponential {
      if (!(meanNs > 0) || Double.isInfinite(meanNs)) {
        throw new ConfigException("network.latency.mean", "must be a finite number > 0 ns, got " + meanNs);
      }
    }

    @Override
    public String configName() {
      return "exponential";
    }

    @Override
    public long sampleNs(RandomStream stream) {
      return saturated(ExponentialDist.inverseF(1.0 / meanNs, stream.nextDouble()));
    }
  }

  /**
   * Lognormal: {@code ln(latency in ns)} is normal with mean {@code mu} and standard deviation
   * {@code sigma}; rounded to the nearest nanosecond (SSJ {@code LognormalDist.inverseF}), at most
   * {@link Kernel#HORIZON_NS} (a run whose packet would arrive after it ends there).
   *
   * @param mu mean of the logarithm
   * @param sigma standard deviation of the logarithm, greater than 0
   */
  record Lognormal(double mu, double sigma) implements LatencyModel {
    /**
     * Validates.
     *
     * @throws ConfigException when {@code sigma <= 0} or either is not finite
     */
    public Lognormal {
      if (!Double.isFinite(mu)) {
        throw new ConfigException("network.latency.mu", "must be a finite number, got " + mu);
      }
      if (!(sigma > 0) || Double.isInfinite(sigma)) {
        throw new ConfigException("network.latency.sigma", "must be a finite number > 0, got " + sigma);
      }
    }

    @Override
    public String configName() {
      return "lognormal";
    }

    @Override
    public long sampleNs(RandomStream stream) {
      return saturated(LognormalDist.inverseF(mu, sigma, stream.nextDouble()));
    }
  }

  /**
   * LogGOPS parameters (Hoefler, Schneider and Lumsdaine, "LogGOPSim – Simulating Large-Scale
   * Applications in the LogGOPS Model", HPDC 2010, §2): LogGP (Alexandrov, Ionescu, Schauser and
   * Scheiman, SPAA 1995) with a per-byte CPU overhead {@code O}. All times in nanoseconds; {@code G}
   * and {@code O} are nanoseconds per byte. The rendezvous threshold {@code S} of LogGOPS is the
   * protocol's eager threshold ({@link ProtocolOptions}), not a field here. How a timed network
   * spends these times on each rank's CPU and NIC is documented on {@link LogGopsTiming}.
   *
   * @param latencyNs L, wire latency, at least 0
   * @param overheadNs o, CPU overhead of a message at its sender and at its receiver, at least 0
   * @param gapNs g, minimum gap between consecutive injections (and receptions) of a NIC, at least 0
   * @param gapPerByteNs G, NIC time per byte after the first, at least 0
   * @param overheadPerByteNs O, CPU time per byte after the first, at least 0
   */
  record LogGP(long latencyNs, long overheadNs, long gapNs, double gapPerByteNs, double overheadPerByteNs)
      implements LatencyModel {
    /**
     * Validates.
     *
     * @throws ConfigException naming {@code L}, {@code o}, {@code g}, {@code G} or {@code O} when
     *     negative
     */
    public LogGP {
      ConfigException.requireNonNegative("network.latency.L", latencyNs, "ns");
      ConfigException.requireNonNegative("network.latency.o", overheadNs, "ns");
      ConfigException.requireNonNegative("network.latency.g", gapNs, "ns");
      ConfigException.requireNonNegative("network.latency.G", gapPerByteNs, "ns/byte");
      ConfigException.requireNonNegative("network.latency.O", overheadPerByteNs, "ns/byte");
    }

    /**
     * LogGP parameters without a per-byte CPU overhead ({@code O = 0}).
     *
     * @param latencyNs L
     * @param overheadNs o
     * @param gapNs g
     * @param gapPerByteNs G
     * @throws ConfigException naming the parameter when negative
     */
    public LogGP(long latencyNs, long overheadNs, long gapNs, double gapPerByteNs) {
      this(latencyNs, overheadNs, gapNs, gapPerByteNs, 0.0);
    }

    @Override
    public String configName() {
      return "loggp";
    }

    /**
     * The NIC's time for the bytes after the first, {@code round(max(n-1, 0) * G)} (half up),
     * at most {@link Kernel#HORIZON_NS} (a run that would go on after it ends there).
     *
     * @param sizeBytes n
     * @return nanoseconds
     */
    public long bytesNs(long sizeBytes) {
      return saturated(Math.max(sizeBytes - 1, 0) * gapPerByteNs);
    }

    /**
     * The CPU's time for the bytes after the first, {@code round(max(n-1, 0) * O)} (half up),
     * at most {@link Kernel#HORIZON_NS} (a run that would go on after it ends there).
     *
     * @param sizeBytes n
     * @return nanoseconds
     */
    public long cpuBytesNs(long sizeBytes) {
      return saturated(Math.max(sizeBytes - 1, 0) * overheadPerByteNs);
    }

    /** LogGP has no per-packet draw; its timing is stateful (see the class comment). */
    @Override
    public long sampleNs(RandomStream stream) {
      return latencyNs;
    }
  }

  /**
   * A duration in ns rounded half up and saturated: at most {@link Kernel#HORIZON_NS}, so that
   * adding a few of them to a time before the horizon cannot overflow a {@code long}.
   *
   * @param ns a non-negative duration (infinity included)
   * @return {@code min(round(ns), HORIZON_NS)}
   */
  private static long saturated(double ns) {
    return Math.min(Math.round(ns), Kernel.HORIZON_NS);
  }
}
