package dev.matchpoint.scenario.importer;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * One operation of a location's program, in program order. Peers are ranks of the operation's
 * communicator (map them with {@link TraceCommunicator#worldRank(int)}); times are in the trace's
 * ticks relative to its global offset ({@link TraceClock}), empty where the format has none.
 */
public sealed interface TraceOp {
  /** Returns when the operation was recorded, in ticks since the global offset, if known. */
  OptionalLong timeTicks();

  /**
   * A blocking send (MPI_Send; OTF2 MpiSend, TI {@code send}).
   *
   * @param timeTicks when it started
   * @param dest destination rank in {@code communicator}
   * @param communicator communicator id
   * @param tag the tag, at least 0
   * @param size what is sent
   */
  record Send(OptionalLong timeTicks, int dest, long communicator, long tag, MessageSize size)
      implements TraceOp {
    /** Validates that no component is null. */
    public Send {
      Objects.requireNonNull(timeTicks, "timeTicks");
      Objects.requireNonNull(size, "size");
    }
  }

  /**
   * A non-blocking send (MPI_Isend; OTF2 MpiIsend, TI {@code isend}, GOAL {@code send}).
   *
   * @param timeTicks when it was posted
   * @param request the request, completed later by a {@link Wait} or {@link Cancel}
   * @param dest destination rank in {@code communicator}
   * @param communicator communicator id
   * @param tag the tag, at least 0
   * @param size what is sent
   */
  record Isend(
      OptionalLong timeTicks,
      RequestKey request,
      int dest,
      long communicator,
      long tag,
      MessageSize size)
      implements TraceOp {
    /** Validates that no component is null. */
    public Isend {
      Objects.requireNonNull(timeTicks, "timeTicks");
      Objects.requireNonNull(request, "request");
      Objects.requireNonNull(size, "size");
    }
  }

  /**
   * A blocking receive (MPI_Recv; OTF2 MpiRecv, TI {@code recv}). OTF2 records it at completion,
   * so its time is the completion time.
   *
   * @param timeTicks when it was recorded
   * @param spec what it receives
   */
  record Recv(OptionalLong timeTicks, ReceiveSpec spec) implements TraceOp {
    /** Validates that no component is null. */
    public Recv {
      Objects.requireNonNull(timeTicks, "timeTicks");
      Objects.requireNonNull(spec, "spec");
    }
  }

  /**
   * A non-blocking receive, at the point it was posted (MPI_Irecv; OTF2 MpiIrecvRequest, TI
   * {@code irecv}, GOAL {@code recv}).
   *
   * @param timeTicks when it was posted
   * @param request the request
   * @param spec what it receives; for OTF2 filled in from the completing MpiIrecv record, and empty
   *     when the request was cancelled or never completed in the trace
   */
  record Irecv(OptionalLong timeTicks, RequestKey request, Optional<ReceiveSpec> spec)
      implements TraceOp {
    /** Validates that no component is null. */
    public Irecv {
      Objects.requireNonNull(timeTicks, "timeTicks");
      Objects.requireNonNull(request, "request");
      Objects.requireNonNull(spec, "spec");
    }
  }

  /**
   * Blocks until every listed request is complete (MPI_Wait, MPI_Waitall; OTF2 MpiIsendComplete
   * and MpiIrecv, one request each, in the order the trace completed them).
   *
   * @param timeTicks when completion was recorded
   * @param requests the requests, at least one, in completion order where the trace knows it
   */
  record Wait(OptionalLong timeTicks, List<RequestKey> requests) implements TraceOp {
    /**
     * Validates and copies.
     *
     * @throws IllegalArgumentException when {@code requests} is empty
     */
    public Wait {
      Objects.requireNonNull(timeTicks, "timeTicks");
      requests = List.copyOf(requests);
      if (requests.isEmpty()) {
        throw new IllegalArgumentException("wait on no request");
      }
    }
  }

  /** What a trace says about the outcome of a test. */
  enum TestOutcome {
    /** The test found the request incomplete (OTF2 MpiRequestTest is written only then). */
    NOT_COMPLETE,
    /** The trace does not say (SimGrid TI {@code test}). */
    UNKNOWN
  }

  /**
   * A test of one request (MPI_Test; OTF2 MpiRequestTest, TI {@code test}).
   *
   * @param timeTicks when it was recorded
   * @param request the request tested
   * @param outcome what the trace says the test returned
   */
  record Test(OptionalLong timeTicks, RequestKey request, TestOutcome outcome) implements TraceOp {
    /** Validates that no component is null. */
    public Test {
      Objects.requireNonNull(timeTicks, "timeTicks");
      Objects.requireNonNull(request, "request");
      Objects.requireNonNull(outcome, "outcome");
    }
  }

  /**
   * The request was cancelled and nothing was communicated (OTF2 MpiRequestCancelled). Recorded
   * where the cancelled request completed ({@link FormatLimit#CANCEL_RECORDED_AT_COMPLETION}): a
   * converter should cancel the request and complete it here.
   *
   * @param timeTicks when it was recorded
   * @param request the cancelled request
   */
  record Cancel(OptionalLong timeTicks, RequestKey request) implements TraceOp {
    /** Validates that no component is null. */
    public Cancel {
      Objects.requireNonNull(timeTicks, "timeTicks");
      Objects.requireNonNull(request, "request");
    }
  }

  /** What a {@link Compute} amount counts. */
  enum ComputeUnit {
    /** Floating-point operations (SimGrid TI {@code compute}). */
    FLOPS,
    /** Seconds (SimGrid TI {@code sleep}). */
    SECONDS,
    /** LogGOPSim time units of a GOAL {@code calc} (its simulator reads them as nanoseconds). */
    GOAL_TIME_UNITS
  }

  /**
   * Local computation between MPI calls.
   *
   * @param timeTicks when it started, if known
   * @param amount how much, at least 0
   * @param unit what {@code amount} counts
   */
  record Compute(OptionalLong timeTicks, double amount, ComputeUnit unit) implements TraceOp {
    /**
     * Validates.
     *
     * @throws IllegalArgumentException when the amount is negative or not a number
     */
    public Compute {
      Objects.requireNonNull(timeTicks, "timeTicks");
      Objects.requireNonNull(unit, "unit");
      if (!(amount >= 0)) {
        throw new IllegalArgumentException("compute amount " + amount);
      }
    }
  }

  /**
   * A blocking collective operation (OTF2 MpiCollectiveEnd, TI {@code barrier}, {@code bcast}, …).
   *
   * @param timeTicks when it began (OTF2 MpiCollectiveBegin), if known
   * @param operation the operation's name in upper case, e.g. {@code BARRIER}, {@code BCAST}
   * @param communicator communicator id
   * @param root root rank in {@code communicator}, empty when the operation has none
   * @param sentBytes bytes sent by this location as Score-P counts them (e.g. n x count at a Bcast
   *     root of n members), empty when unknown
   * @param receivedBytes bytes received by this location as Score-P counts them, empty when unknown
   * @param memberBytes for GATHERV and SCATTERV, the bytes per member in communicator rank order
   *     when the trace records the root's recvcounts or sendcounts (TI), else empty
   */
  record Collective(
      OptionalLong timeTicks,
      String operation,
      long communicator,
      OptionalInt root,
      OptionalLong sentBytes,
      OptionalLong receivedBytes,
      List<Long> memberBytes)
      implements TraceOp {
    /** Validates that no component is null. */
    public Collective {
      Objects.requireNonNull(timeTicks, "timeTicks");
      Objects.requireNonNull(operation, "operation");
      Objects.requireNonNull(root, "root");
      Objects.requireNonNull(sentBytes, "sentBytes");
      Objects.requireNonNull(receivedBytes, "receivedBytes");
      memberBytes = List.copyOf(memberBytes);
    }

    /**
     * A collective without per-member bytes.
     *
     * @param timeTicks when it began, if known
     * @param operation the operation's name in upper case
     * @param communicator communicator id
     * @param root root rank in {@code communicator}, empty when the operation has none
     * @param sentBytes bytes sent by this location, empty when unknown
     * @param receivedBytes bytes received by this location, empty when unknown
     */
    public Collective(OptionalLong timeTicks, String operation, long communicator, OptionalInt root,
        OptionalLong sentBytes, OptionalLong receivedBytes) {
      this(timeTicks, operation, communicator, root, sentBytes, receivedBytes, List.of());
    }
  }
}
