package dev.matchpoint.core.net;

import dev.matchpoint.core.kernel.Kernel;
import dev.matchpoint.core.kernel.Spares;
import java.util.ArrayDeque;

/**
 * Timed mode under {@link LatencyModel.LogGP}: each rank has one CPU and one NIC, and every packet
 * is a LogGOPS message, as LogGOPSim simulates them (Hoefler, Schneider and Lumsdaine, "LogGOPSim –
 * Simulating Large-Scale Applications in the LogGOPS Model", HPDC 2010, §2 "The LogGOPS model" and
 * §3.1 "Simulating LogGOPS"). With {@code n} the packet's bytes on the wire and {@code k = max(n -
 * 1, 0)}, all times in ns, {@code kO = round(k·O)} and {@code kG = round(k·G)}:
 *
 * <pre>
 * sender s, a send that its rank submits at t:
 *   start      = the first time ≥ t when cpuFree[s] ≤ start and nicFree[s] ≤ start
 *   cpuFree[s] = start + o + kO           the CPU is busy o (plus O per byte) for each message
 *   nicFree[s] = start + g + kG           the NIC injects at most one message per g (plus G per byte)
 *   injected   = start + o + kO           the send is complete locally (an eager send returns now)
 *   arrival    = start + o + L            the first byte reaches the receiver's NIC
 * receiver d, from the arrival on:
 *   rstart     = the first time ≥ arrival when cpuFree[d] ≤ rstart and rxFree[d] ≤ rstart
 *   cpuFree[d] = rstart + o + max(kO, kG) the receiver's CPU: o, then the bytes
 *   rxFree[d]  = rstart + g + kG          the NIC receives at most one message per g (plus G per byte)
 *   delivered  = rstart + o + max(kO, kG) the message is in the receiver's MPI library now
 * a compute step of c ns that a rank submits at t:
 *   start      = the first time ≥ t when cpuFree ≤ start;  cpuFree = start + c;  done at start + c
 * a thread's next MPI call, due at t:
 *   made at the first time ≥ t when cpuFree ≤ it (the program runs on the CPU; the call is free)
 * </pre>
 *
 * <p>A rank's sends, compute steps and calls take its CPU in the order it submits them; its
 * arrivals take its CPU in the order they arrive. When the CPU frees and both a job and an arrival
 * can start, the one that has waited longer goes first (the arrival on a tie), as LogGOPSim serves
 * its single queue in time order: so a message that arrived during a compute step is received
 * before the program's next call, which then sees it. Nothing is reserved ahead of time: a job that
 * finds its CPU or NIC busy waits and tries again when they free, as LogGOPSim reinserts an
 * operation whose o or g is not available. So one message
 * between idle ranks is delivered {@code o + L + max(kO, kG) + o} after its send, and k back-to-back
 * sends of one rank start {@code max(o + kO, g + kG)} apart. A rank's threads share its CPU.
 *
 * <p>LogGOPSim charges {@code G} at the receiver ("arrival time of first byte only (G will be charged
 * at receiver)") and so does this model. Every packet of the protocols is such a message (EAGER,
 * RTS, CTS, DATA, ACK and CREDIT alike); LogGOPSim's rendezvous sends no control messages, so a
 * rendezvous transfer here costs two more messages than there.
 */
final class LogGopsTiming {
  private final LatencyModel.LogGP p;
  private final Kernel kernel;
  private final Network net;
  /** Per endpoint, created on first use. */
  private final Host[] hosts;

  /**
   * A rank's CPU job, waiting since {@code sinceNs}: a send (link and packet), a compute step
   * ({@code computeNs} and what runs after it) or a thread's next call ({@code computeNs < 0}: runs
   * {@code done} as soon as it has the CPU).
   */
  private static final class Job {
    Network.Link link;
    Packet packet;
    long computeNs;
    Runnable done;
    long sinceNs;
  }

  /**
   * Jobs that have started, kept for reuse (at most {@link #SPARE_LIMIT}): a job is referenced only
   * while it waits in its host's queue, so a rank's jobs need no allocation in steady state.
   */
  private final Spares<Job> spareJobs = new Spares<>(1 << 20);

  private Job job(Network.Link link, Packet packet, long computeNs, Runnable done) {
    Job j = spareJobs.take();
    if (j == null) {
      j = new Job();
    }
    j.link = link;
    j.packet = packet;
    j.computeNs = computeNs;
    j.done = done;
    j.sinceNs = kernel.nowNs();
    return j;
  }

  private void release(Job j) {
    j.link = null;
    j.packet = null;
    j.done = null;
    spareJobs.give(j);
  }

  /**
   * A rank's CPU and NICs and what waits for them. A host mostly has one job and one arrival
   * waiting at a time, so the oldest of each is held in fields and queues are made only when a
   * second one waits: a host is one object (72 B) until then, not seven (232 B), and serving a
   * rank first touched by a large world's run misses the cache once for it, not once per queue.
   */
  private static final class Host {
    long cpuFreeNs;
    long nicFreeNs;
    long rxFreeNs;
    long retryAtNs = Long.MAX_VALUE;
    boolean serving;
    /** The oldest waiting job, or null when none waits (then {@link #moreJobs} is empty too). */
    Job job;
    /** The jobs behind {@link #job}, oldest first; null until two wait at once. */
    ArrayDeque<Job> moreJobs;
    /**
     * The oldest packet that reached the rank's NIC (at its {@code availableNs}) and waits for its
     * CPU, or null when none waits (then {@link #moreArrivals} is empty too).
     */
    InFlight arrival;
    /** The link of {@link #arrival}: delivery needs no link lookup. */
    Network.Link arrivalLink;
    /** The packets behind {@link #arrival}, oldest first, each followed by its link; null until two wait. */
    ArrayDeque<Object> moreArrivals;

    void addJob(Job j) {
      if (job == null) {
        job = j;
      } else {
        if (moreJobs == null) {
          moreJobs = new ArrayDeque<>(2);
        }
        moreJobs.addLast(j);
      }
    }

    /** Removes {@link #job}; the next waiting job, if any, takes its place. */
    void dropJob() {
      job = moreJobs == null ? null : moreJobs.pollFirst();
    }

    void addArrival(Network.Link link, InFlight f) {
      if (arrival == null) {
        arrival = f;
        arrivalLink = link;
      } else {
        if (moreArrivals == null) {
          moreArrivals = new ArrayDeque<>(4);
        }
        moreArrivals.addLast(f);
        moreArrivals.addLast(link);
      }
    }

    /** Removes {@link #arrival}; the next waiting packet, if any, takes its place. */
    void dropArrival() {
      if (moreArrivals == null || moreArrivals.isEmpty()) {
        arrival = null;
        arrivalLink = null;
      } else {
        arrival = (InFlight) moreArrivals.pollFirst();
        arrivalLink = (Network.Link) moreArrivals.pollFirst();
      }
    }
  }

  LogGopsTiming(LatencyModel.LogGP p, Kernel kernel, Network net, int endpoints) {
    this.p = p;
    this.kernel = kernel;
    this.net = net;
    this.hosts = new Host[endpoints];
  }

  private Host host(int e) {
    Host h = hosts[e];
    if (h == null) {
      h = new Host();
      hosts[e] = h;
    }
    return h;
  }

  /** A rank submits a send now; it starts when its CPU and NIC allow, behind its earlier jobs. */
  void send(Network.Link link, Packet packet) {
    submit(packet.source(), job(link, packet, 0, null));
  }

  /** A rank submits a compute step now; {@code done} runs when it ends. */
  void compute(int endpoint, long durationNs, Runnable done) {
    submit(endpoint, job(null, null, durationNs, done));
  }

  /** A thread of the rank wants to make its next call: {@code r} runs once the rank's CPU is its. */
  void onCpu(int endpoint, Runnable r) {
    submit(endpoint, job(null, null, -1, r));
  }

  private void submit(int endpoint, Job job) {
    Host h = host(endpoint);
    h.addJob(job);
    serve(endpoint, h);
  }

  private void arrive(Network.Link link, InFlight f) {
    Host h = host(f.dest());
    h.addArrival(link, f);
    serve(f.dest(), h);
  }

  /**
   * Gives the rank's CPU (and NICs) to what waits for them, for as long as something can start
   * now: of a ready job and a ready arrival, the one that has waited longer (the arrival on a tie),
   * as LogGOPSim serves its queue in time order. Otherwise tries again when the first can start.
   */
  private void serve(int endpoint, Host h) {
    if (h.serving) {
      return;
    }
    h.serving = true;
    try {
      long now = kernel.nowNs();
      while (true) {
        Job j = h.job;
        long jobReady = j == null ? Long.MAX_VALUE
            : j.packet == null ? h.cpuFreeNs : Math.max(h.cpuFreeNs, h.nicFreeNs);
        InFlight f = h.arrival;
        long arrivalReady = f == null ? Long.MAX_VALUE : Math.max(h.cpuFreeNs, h.rxFreeNs);
        boolean job = jobReady <= now;
        boolean arrival = arrivalReady <= now;
        if (job && arrival) {
          job = j.sinceNs < f.availableNs();
          arrival = !job;
        }
        if (arrival) {
          Network.Link link = h.arrivalLink;
          h.dropArrival();
          receive(h, link, f, now);
        } else if (job) {
          h.dropJob();
          start(h, j, now);
        } else {
          long next = Math.min(jobReady, arrivalReady);
          if (next != Long.MAX_VALUE && next < h.retryAtNs) {
            h.retryAtNs = next;
            Retry r = spareRetries.take();
            if (r == null) {
              r = new Retry();
            }
            r.endpoint = endpoint;
            r.h = h;
            r.atNs = next;
            kernel.scheduleAt(next, r);
          }
          return;
        }
      }
    } finally {
      h.serving = false;
    }
  }

  private void start(Host h, Job j, long now) {
    Network.Link link = j.link;
    Packet packet = j.packet;
    long computeNs = j.computeNs;
    Runnable done = j.done;
    release(j);
    if (packet == null) {
      if (computeNs < 0) {
        done.run();
      } else {
        h.cpuFreeNs = now + computeNs;
        schedule(h.cpuFreeNs, done, "compute done");
      }
      return;
    }
    long n = packet.sizeBytes();
    h.cpuFreeNs = now + p.overheadNs() + p.cpuBytesNs(n);
    h.nicFreeNs = now + p.gapNs() + p.bytesNs(n);
    InFlight f = net.started(link, packet, h.cpuFreeNs, now + p.overheadNs() + p.latencyNs());
    Arrival a = spareArrivals.take();
    if (a == null) {
      a = new Arrival();
    }
    a.link = link;
    a.f = f;
    kernel.scheduleAt(f.availableNs(), a);
  }

  /** The kernel action of a packet reaching its receiver's NIC; reused once it has fired. */
  private final class Arrival implements Kernel.Action {
    Network.Link link;
    InFlight f;

    @Override
    public void fire() {
      Network.Link l = link;
      InFlight g = f;
      link = null;
      f = null;
      spareArrivals.give(this);
      arrive(l, g);
    }

    @Override
    public String describe() {
      Packet q = f.packet();
      return "arrive " + q.kind() + " " + q.source() + "->" + q.dest() + " #" + f.linkSeq();
    }
  }

  private final Spares<Arrival> spareArrivals = new Spares<>(1 << 20);

  /** The kernel action that serves a host again when its CPU or NIC frees up; reused once it has fired. */
  private final class Retry implements Kernel.Action {
    int endpoint;
    Host h;
    long atNs;

    @Override
    public void fire() {
      Host host = h;
      int e = endpoint;
      if (host.retryAtNs == atNs) {
        host.retryAtNs = Long.MAX_VALUE;
      }
      h = null;
      spareRetries.give(this);
      serve(e, host);
    }

    @Override
    public String describe() {
      return "cpu " + endpoint + " free";
    }
  }

  private final Spares<Retry> spareRetries = new Spares<>(1 << 20);

  private void receive(Host h, Network.Link link, InFlight f, long now) {
    long n = f.packet().sizeBytes();
    long kG = p.bytesNs(n);
    h.cpuFreeNs = now + p.overheadNs() + Math.max(p.cpuBytesNs(n), kG);
    h.rxFreeNs = now + p.gapNs() + kG;
    net.deliverAt(link, f, h.cpuFreeNs);
  }

  private void schedule(long atNs, Runnable r, String label) {
    kernel.scheduleAt(atNs, new Kernel.Action() {
      @Override
      public void fire() {
        r.run();
      }

      @Override
      public String describe() {
        return label;
      }
    });
  }
}
