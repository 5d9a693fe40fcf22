package dev.matchpoint.mpi.program;

import dev.matchpoint.mpi.DatatypeRef;
import java.util.Objects;

/**
 * The point-to-point calls added to MPI_Sendrecv ({@link MpiOp.Sendrecv}): MPI_Sendrecv_replace
 * (MPI-3.1 §3.10), MPI_Isendrecv and MPI_Isendrecv_replace (MPI-4.0 §3.10), and
 * MPI_Request_get_status (MPI-3.1 §3.7.3).
 */
public final class PointToPointOps {
  private PointToPointOps() {}

  /**
   * MPI_Sendrecv_replace (MPI-3.1 §3.10), or with a {@code request} MPI_Isendrecv_replace (MPI-4.0
   * §3.10): one buffer, sent and then received into; the message received may not be longer than
   * the one sent. The model moves no data, so the call is a send-receive whose two halves use the
   * same count and datatype ({@link #exchange}).
   *
   * @param dest destination rank or MPI_PROC_NULL
   * @param sendTag send tag
   * @param source source rank, MPI_ANY_SOURCE or MPI_PROC_NULL
   * @param recvTag receive tag or MPI_ANY_TAG
   * @param count elements sent, and the receive capacity
   * @param type datatype of both
   * @param comm communicator name
   * @param status status variable of the receive, or null; always null for the nonblocking form
   * @param request request variable bound by the nonblocking form, or null for the blocking one
   */
  public record SendrecvReplace(Expr dest, Expr sendTag, Expr source, Expr recvTag, Expr count, DatatypeRef type,
      String comm, String status, String request) implements MpiOp.PointToPointCall {
    /** Validates. */
    public SendrecvReplace {
      Objects.requireNonNull(dest, "dest");
      Objects.requireNonNull(sendTag, "sendTag");
      Objects.requireNonNull(source, "source");
      Objects.requireNonNull(recvTag, "recvTag");
      Objects.requireNonNull(count, "count");
      Objects.requireNonNull(type, "type");
      Objects.requireNonNull(comm, "comm");
      if (status != null && request != null) {
        throw new IllegalArgumentException("MPI_Isendrecv_replace has no status (Wait or Test returns it)");
      }
    }

    /**
     * The same exchange as an MPI_Sendrecv.
     *
     * @return the send-receive with count and type on both halves
     */
    public MpiOp.Sendrecv exchange() {
      return new MpiOp.Sendrecv(dest, sendTag, count, type, source, recvTag, count, type, comm, status);
    }

    @Override
    public String mpiName() {
      return request == null ? "MPI_Sendrecv_replace" : "MPI_Isendrecv_replace";
    }
  }

  /**
   * MPI_Isendrecv (MPI-4.0 §3.10): a nonblocking send-receive; the request completes once both the
   * send and the receive have, through Wait or Test, which return the receive's status.
   *
   * @param exchange the send and the receive; its status is null
   * @param request request variable bound by the call
   */
  public record Isendrecv(MpiOp.Sendrecv exchange, String request) implements MpiOp.PointToPointCall {
    /** Validates. */
    public Isendrecv {
      Objects.requireNonNull(exchange, "exchange");
      Objects.requireNonNull(request, "request");
      if (exchange.status() != null) {
        throw new IllegalArgumentException("MPI_Isendrecv has no status (Wait or Test returns it)");
      }
    }

    @Override
    public String mpiName() {
      return "MPI_Isendrecv";
    }
  }

  /**
   * MPI_Request_get_status (MPI-3.1 §3.7.3): whether the request is complete and, if so, its status,
   * without deallocating or deactivating it: a later Wait or Test still returns it.
   *
   * @param request request variable, unchanged
   * @param flag flag variable bound by the call
   * @param status status variable, or null
   */
  public record RequestGetStatus(String request, String flag, String status) implements MpiOp.PointToPointCall {
    /** Validates. */
    public RequestGetStatus {
      Objects.requireNonNull(request, "request");
      Objects.requireNonNull(flag, "flag");
    }

    @Override
    public String mpiName() {
      return "MPI_Request_get_status";
    }
  }
}
