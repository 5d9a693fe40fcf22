package dev.matchpoint.core.net;

import dev.matchpoint.core.ConfigException;
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
 * {@link LogGP} model has its own exact formulas, documented there.
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
   * ExponentialDist.inverseF(1/mean, u)}).
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
      return Math.round(ExponentialDist.inverseF(1.0 / meanNs, stream.nextDouble()));
    }
  }

  /**
   * Lognormal: {@code ln(latency in ns)} is normal with mean {@code mu} and standard deviation
   * {@code sigma}; rounded to the nearest nanosecond (SSJ {@code LognormalDist.inverseF}).
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
      return Math.round(LognormalDist.inverseF(mu, sigma, stream.nextDouble()));
    }
  }

  /**
   * LogGP (Alexandrov, Ionescu, Schauser and Scheiman, "LogGP: Incorporating Long Messages into the
   * LogP Model", SPAA 1995), with the consecutive-message rules of LogGOPSim (Hoefler, Schneider and
   * Lumsdaine, HPDC 2010). All times in nanoseconds; {@code G} is nanoseconds per byte. For a packet
   * of {@code n} bytes let {@code k = max(n - 1, 0)} and {@code kG = round(k * G)} (half up). A packet
   * submitted by sender {@code s} at time {@code t} for receiver {@code d}:
   *
   * <pre>
   * inject    = max(t + o, nicFree[s])          sender overhead, then wait for the sender's NIC
   * nicFree[s] = inject + g + kG                 next injection from s: gap g plus the bytes' time
   * arrive    = inject + kG + L                  last byte reaches d
   * start     = max(arrive, rxFree[d])           wait for d's NIC
   * rxFree[d] = start + g                        receiver-side gap
   * available = start + o                        receiver overhead; the packet is delivered now
   * </pre>
   *
   * <p>So a single n-byte packet from an idle sender to an idle receiver is available at {@code t +
   * o + (n-1)G + L + o}, and k back-to-back packets of n bytes from one sender are injected {@code g
   * + (n-1)G} apart. A packet held back for eager credit counts {@code t} as the later of its
   * submission and the credit's return. Delivery order on a link is still governed by {@link
   * DeliveryOrder}; with these formulas one link never reorders.
   *
   * @param latencyNs L, wire latency, at least 0
   * @param overheadNs o, CPU overhead at sender and at receiver, at least 0
   * @param gapNs g, minimum gap between consecutive injections (and receptions), at least 0
   * @param gapPerByteNs G, nanoseconds per byte after the first, at least 0
   */
  record LogGP(long latencyNs, long overheadNs, long gapNs, double gapPerByteNs) implements LatencyModel {
    /**
     * Validates.
     *
     * @throws ConfigException naming {@code L}, {@code o}, {@code g} or {@code G} when negative
     */
    public LogGP {
      ConfigException.requireNonNegative("network.latency.L", latencyNs, "ns");
      ConfigException.requireNonNegative("network.latency.o", overheadNs, "ns");
      ConfigException.requireNonNegative("network.latency.g", gapNs, "ns");
      ConfigException.requireNonNegative("network.latency.G", gapPerByteNs, "ns/byte");
    }

    @Override
    public String configName() {
      return "loggp";
    }

    /**
     * The bytes' transfer time {@code round(max(n-1, 0) * G)}.
     *
     * @param sizeBytes n
     * @return nanoseconds
     */
    public long bytesNs(long sizeBytes) {
      return Math.round(Math.max(sizeBytes - 1, 0) * gapPerByteNs);
    }

    /** LogGP has no per-packet draw; its timing is stateful (see the class comment). */
    @Override
    public long sampleNs(RandomStream stream) {
      return latencyNs;
    }
  }
}
