package dev.matchpoint.mpi.program;

import dev.matchpoint.mpi.CollectiveKind;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.DatatypeRef;
import dev.matchpoint.mpi.ReduceOp;
import dev.matchpoint.mpi.SendMode;
import java.util.List;
import java.util.Objects;

/**
 * One MPI call in a program. Variables are named by strings; a null status name means
 * MPI_STATUS_IGNORE. {@code comm} names a communicator of the scenario ({@code "world"} for
 * MPI_COMM_WORLD) or a communicator variable ({@link CommOp}). Counts are in elements of the datatype. Each record cites the section it models.
 */
public sealed interface MpiOp {
  /**
   * The MPI function, e.g. {@code MPI_Ssend}.
   *
   * @return the name
   */
  String mpiName();

  /** The name of MPI_COMM_WORLD in programs. */
  String WORLD = "world";

  /**
   * A partitioned communication call (MPI-4.0 chapter 4), one of the records of {@link
   * PartitionCalls}; what the compiler checks of it is declared here.
   */
  non-sealed interface PartitionCall extends MpiOp {
    /** The communicator named, or null. */
    String comm();

    /** The integer expressions the call reads, in argument order. */
    List<Expr> exprs();

    /** The request variable the call reads, or null. */
    String requestUsed();

    /** The request variable the call binds, or null. */
    String requestDefined();

    /** The flag variable the call sets, or null. */
    String flag();
  }

  /**
   * A communicator call (MPI-3.1 chapter 6): MPI_Comm_dup, MPI_Comm_split, MPI_Comm_free,
   * MPI_Comm_rank, MPI_Comm_size, the records of {@link CommOp}.
   */
  sealed interface Comm extends MpiOp permits CommOp.Dup, CommOp.Split, CommOp.Free, CommOp.Rank, CommOp.Size {
    /**
     * The communicator argument.
     *
     * @return its name
     */
    String comm();
  }

  /**
   * Blocking send in one of the four modes: MPI_Send, MPI_Bsend, MPI_Ssend, MPI_Rsend (MPI-3.1
   * §3.2.1, §3.4).
   *
   * @param mode send mode
   * @param dest destination rank or MPI_PROC_NULL
   * @param tag tag in {@code [0, MPI_TAG_UB]}
   * @param count elements, at least 0
   * @param type datatype
   * @param comm communicator name
   */
  record Send(SendMode mode, Expr dest, Expr tag, Expr count, DatatypeRef type, String comm) implements MpiOp {
    /** Validates. */
    public Send {
      Objects.requireNonNull(mode, "mode");
      Objects.requireNonNull(dest, "dest");
      Objects.requireNonNull(tag, "tag");
      Objects.requireNonNull(count, "count");
      Objects.requireNonNull(type, "type");
      Objects.requireNonNull(comm, "comm");
    }

    @Override
    public String mpiName() {
      return "MPI_" + mode.blockingName();
    }
  }

  /**
   * Nonblocking send: MPI_Isend, MPI_Ibsend, MPI_Issend, MPI_Irsend (MPI-3.1 §3.7.2).
   *
   * @param mode send mode
   * @param dest destination rank or MPI_PROC_NULL
   * @param tag tag
   * @param count elements
   * @param type datatype
   * @param comm communicator name
   * @param request request variable bound by the call
   */
  record Isend(SendMode mode, Expr dest, Expr tag, Expr count, DatatypeRef type, String comm, String request)
      implements MpiOp {
    /** Validates. */
    public Isend {
      Objects.requireNonNull(mode, "mode");
      Objects.requireNonNull(dest, "dest");
      Objects.requireNonNull(tag, "tag");
      Objects.requireNonNull(count, "count");
      Objects.requireNonNull(type, "type");
      Objects.requireNonNull(comm, "comm");
      Objects.requireNonNull(request, "request");
    }

    @Override
    public String mpiName() {
      return "MPI_" + mode.nonblockingName();
    }
  }

  /**
   * Blocking receive, MPI_Recv (MPI-3.1 §3.2.4).
   *
   * @param source source rank, MPI_ANY_SOURCE or MPI_PROC_NULL
   * @param tag tag or MPI_ANY_TAG
   * @param count capacity in elements
   * @param type datatype
   * @param comm communicator name
   * @param status status variable, or null for MPI_STATUS_IGNORE
   */
  record Recv(Expr source, Expr tag, Expr count, DatatypeRef type, String comm, String status) implements MpiOp {
    /** Validates. */
    public Recv {
      Objects.requireNonNull(source, "source");
      Objects.requireNonNull(tag, "tag");
      Objects.requireNonNull(count, "count");
      Objects.requireNonNull(type, "type");
      Objects.requireNonNull(comm, "comm");
    }

    @Override
    public String mpiName() {
      return "MPI_Recv";
    }
  }

  /**
   * Nonblocking receive, MPI_Irecv (MPI-3.1 §3.7.2).
   *
   * @param source source rank, MPI_ANY_SOURCE or MPI_PROC_NULL
   * @param tag tag or MPI_ANY_TAG
   * @param count capacity in elements
   * @param type datatype
   * @param comm communicator name
   * @param request request variable bound by the call
   */
  record Irecv(Expr source, Expr tag, Expr count, DatatypeRef type, String comm, String request) implements MpiOp {
    /** Validates. */
    public Irecv {
      Objects.requireNonNull(source, "source");
      Objects.requireNonNull(tag, "tag");
      Objects.requireNonNull(count, "count");
      Objects.requireNonNull(type, "type");
      Objects.requireNonNull(comm, "comm");
      Objects.requireNonNull(request, "request");
    }

    @Override
    public String mpiName() {
      return "MPI_Irecv";
    }
  }

  /**
   * Blocking probe, MPI_Probe (MPI-3.1 §3.8.1; seed 001): returns once a matching message is in the
   * unexpected queue, without receiving it.
   *
   * @param source source rank, MPI_ANY_SOURCE or MPI_PROC_NULL
   * @param tag tag or MPI_ANY_TAG
   * @param comm communicator name
   * @param status status variable, or null
   */
  record Probe(Expr source, Expr tag, String comm, String status) implements MpiOp {
    /** Validates. */
    public Probe {
      Objects.requireNonNull(source, "source");
      Objects.requireNonNull(tag, "tag");
      Objects.requireNonNull(comm, "comm");
    }

    @Override
    public String mpiName() {
      return "MPI_Probe";
    }
  }

  /**
   * Nonblocking probe, MPI_Iprobe (MPI-3.1 §3.8.1; seed 001).
   *
   * @param source source rank, MPI_ANY_SOURCE or MPI_PROC_NULL
   * @param tag tag or MPI_ANY_TAG
   * @param comm communicator name
   * @param flag flag variable bound by the call
   * @param status status variable, or null
   */
  record Iprobe(Expr source, Expr tag, String comm, String flag, String status) implements MpiOp {
    /** Validates. */
    public Iprobe {
      Objects.requireNonNull(source, "source");
      Objects.requireNonNull(tag, "tag");
      Objects.requireNonNull(comm, "comm");
      Objects.requireNonNull(flag, "flag");
    }

    @Override
    public String mpiName() {
      return "MPI_Iprobe";
    }
  }

  /**
   * Blocking matched probe, MPI_Mprobe (MPI-3.1 §3.8.2; seed 000 §3.2): removes the matched message
   * from the unexpected queue into a message handle.
   *
   * @param source source rank, MPI_ANY_SOURCE or MPI_PROC_NULL
   * @param tag tag or MPI_ANY_TAG
   * @param comm communicator name
   * @param message message variable bound by the call
   * @param status status variable, or null
   */
  record Mprobe(Expr source, Expr tag, String comm, String message, String status) implements MpiOp {
    /** Validates. */
    public Mprobe {
      Objects.requireNonNull(source, "source");
      Objects.requireNonNull(tag, "tag");
      Objects.requireNonNull(comm, "comm");
      Objects.requireNonNull(message, "message");
    }

    @Override
    public String mpiName() {
      return "MPI_Mprobe";
    }
  }

  /**
   * Nonblocking matched probe, MPI_Improbe (MPI-3.1 §3.8.2; seed 000 §3.2).
   *
   * @param source source rank, MPI_ANY_SOURCE or MPI_PROC_NULL
   * @param tag tag or MPI_ANY_TAG
   * @param comm communicator name
   * @param flag flag variable bound by the call
   * @param message message variable bound by the call when the flag is true
   * @param status status variable, or null
   */
  record Improbe(Expr source, Expr tag, String comm, String flag, String message, String status)
      implements MpiOp {
    /** Validates. */
    public Improbe {
      Objects.requireNonNull(source, "source");
      Objects.requireNonNull(tag, "tag");
      Objects.requireNonNull(comm, "comm");
      Objects.requireNonNull(flag, "flag");
      Objects.requireNonNull(message, "message");
    }

    @Override
    public String mpiName() {
      return "MPI_Improbe";
    }
  }

  /**
   * Matched receive, MPI_Mrecv (MPI-3.1 §3.8.3; seed 000 §3.3); sets the handle to MPI_MESSAGE_NULL.
   *
   * @param message message variable
   * @param count capacity in elements
   * @param type datatype
   * @param status status variable, or null
   */
  record Mrecv(String message, Expr count, DatatypeRef type, String status) implements MpiOp {
    /** Validates. */
    public Mrecv {
      Objects.requireNonNull(message, "message");
      Objects.requireNonNull(count, "count");
      Objects.requireNonNull(type, "type");
    }

    @Override
    public String mpiName() {
      return "MPI_Mrecv";
    }
  }

  /**
   * Nonblocking matched receive, MPI_Imrecv (MPI-3.1 §3.8.3; seed 000 §3.3).
   *
   * @param message message variable
   * @param count capacity in elements
   * @param type datatype
   * @param request request variable bound by the call
   */
  record Imrecv(String message, Expr count, DatatypeRef type, String request) implements MpiOp {
    /** Validates. */
    public Imrecv {
      Objects.requireNonNull(message, "message");
      Objects.requireNonNull(count, "count");
      Objects.requireNonNull(type, "type");
      Objects.requireNonNull(request, "request");
    }

    @Override
    public String mpiName() {
      return "MPI_Imrecv";
    }
  }

  /**
   * MPI_Wait (MPI-3.1 §3.7.3).
   *
   * @param request request variable; MPI_REQUEST_NULL returns an empty status at once
   * @param status status variable, or null
   */
  record Wait(String request, String status) implements MpiOp {
    /** Validates. */
    public Wait {
      Objects.requireNonNull(request, "request");
    }

    @Override
    public String mpiName() {
      return "MPI_Wait";
    }
  }

  /**
   * MPI_Test (MPI-3.1 §3.7.3).
   *
   * @param request request variable
   * @param flag flag variable bound by the call
   * @param status status variable, or null
   */
  record Test(String request, String flag, String status) implements MpiOp {
    /** Validates. */
    public Test {
      Objects.requireNonNull(request, "request");
      Objects.requireNonNull(flag, "flag");
    }

    @Override
    public String mpiName() {
      return "MPI_Test";
    }
  }

  /**
   * MPI_Waitall (MPI-3.1 §3.7.5).
   *
   * @param requests request variables
   * @param statuses status variables, one per request, or empty for MPI_STATUSES_IGNORE
   */
  record Waitall(List<String> requests, List<String> statuses) implements MpiOp {
    /** Copies and validates. */
    public Waitall {
      requests = List.copyOf(requests);
      statuses = List.copyOf(statuses);
      if (!statuses.isEmpty() && statuses.size() != requests.size()) {
        throw new IllegalArgumentException("Waitall needs one status per request or none");
      }
    }

    @Override
    public String mpiName() {
      return "MPI_Waitall";
    }
  }

  /**
   * MPI_Waitany (MPI-3.1 §3.7.5).
   *
   * @param requests request variables
   * @param index int variable bound to the completed request's index, or MPI_UNDEFINED
   * @param status status variable, or null
   */
  record Waitany(List<String> requests, String index, String status) implements MpiOp {
    /** Copies and validates. */
    public Waitany {
      requests = List.copyOf(requests);
      Objects.requireNonNull(index, "index");
    }

    @Override
    public String mpiName() {
      return "MPI_Waitany";
    }
  }

  /**
   * MPI_Waitsome (MPI-3.1 §3.7.5). The first outcount entries of {@code indices} and {@code statuses}
   * receive array_of_indices and array_of_statuses; later entries keep their values.
   *
   * @param requests request variables
   * @param outcount int variable bound to the number completed, or MPI_UNDEFINED
   * @param indices int variables, one per request, or empty to ignore array_of_indices
   * @param statuses status variables, one per request, or empty for MPI_STATUSES_IGNORE
   */
  record Waitsome(List<String> requests, String outcount, List<String> indices, List<String> statuses)
      implements MpiOp {
    /**
     * Copies and validates.
     *
     * @throws IllegalArgumentException when {@code indices} or {@code statuses} is neither empty nor
     *     one per request
     */
    public Waitsome {
      requests = List.copyOf(requests);
      Objects.requireNonNull(outcount, "outcount");
      indices = List.copyOf(indices);
      statuses = List.copyOf(statuses);
      if ((!indices.isEmpty() && indices.size() != requests.size())
          || (!statuses.isEmpty() && statuses.size() != requests.size())) {
        throw new IllegalArgumentException("Waitsome needs one index and one status per request, or none");
      }
    }

    /**
     * MPI_Waitsome that ignores the indices and the statuses.
     *
     * @param requests request variables
     * @param outcount int variable bound to the number completed, or MPI_UNDEFINED
     */
    public Waitsome(List<String> requests, String outcount) {
      this(requests, outcount, List.of(), List.of());
    }

    @Override
    public String mpiName() {
      return "MPI_Waitsome";
    }
  }

  /**
   * MPI_Testall (MPI-3.1 §3.7.5).
   *
   * @param requests request variables
   * @param flag flag variable bound by the call
   */
  record Testall(List<String> requests, String flag) implements MpiOp {
    /** Copies and validates. */
    public Testall {
      requests = List.copyOf(requests);
      Objects.requireNonNull(flag, "flag");
    }

    @Override
    public String mpiName() {
      return "MPI_Testall";
    }
  }

  /**
   * MPI_Testany (MPI-3.1 §3.7.5).
   *
   * @param requests request variables
   * @param flag flag variable bound by the call
   * @param index int variable bound to the completed request's index, or MPI_UNDEFINED
   * @param status status variable, or null
   */
  record Testany(List<String> requests, String flag, String index, String status) implements MpiOp {
    /** Copies and validates. */
    public Testany {
      requests = List.copyOf(requests);
      Objects.requireNonNull(flag, "flag");
      Objects.requireNonNull(index, "index");
    }

    @Override
    public String mpiName() {
      return "MPI_Testany";
    }
  }

  /**
   * MPI_Testsome (MPI-3.1 §3.7.5). The first outcount entries of {@code indices} and {@code statuses}
   * receive array_of_indices and array_of_statuses; later entries keep their values.
   *
   * @param requests request variables
   * @param outcount int variable bound to the number completed, or MPI_UNDEFINED
   * @param indices int variables, one per request, or empty to ignore array_of_indices
   * @param statuses status variables, one per request, or empty for MPI_STATUSES_IGNORE
   */
  record Testsome(List<String> requests, String outcount, List<String> indices, List<String> statuses)
      implements MpiOp {
    /**
     * Copies and validates.
     *
     * @throws IllegalArgumentException when {@code indices} or {@code statuses} is neither empty nor
     *     one per request
     */
    public Testsome {
      requests = List.copyOf(requests);
      Objects.requireNonNull(outcount, "outcount");
      indices = List.copyOf(indices);
      statuses = List.copyOf(statuses);
      if ((!indices.isEmpty() && indices.size() != requests.size())
          || (!statuses.isEmpty() && statuses.size() != requests.size())) {
        throw new IllegalArgumentException("Testsome needs one index and one status per request, or none");
      }
    }

    /**
     * MPI_Testsome that ignores the indices and the statuses.
     *
     * @param requests request variables
     * @param outcount int variable bound to the number completed, or MPI_UNDEFINED
     */
    public Testsome(List<String> requests, String outcount) {
      this(requests, outcount, List.of(), List.of());
    }

    @Override
    public String mpiName() {
      return "MPI_Testsome";
    }
  }

  /**
   * MPI_Request_free (MPI-3.1 §3.7.3): the request is deallocated once its operation completes.
   *
   * @param request request variable, set to MPI_REQUEST_NULL
   */
  record RequestFree(String request) implements MpiOp {
    /** Validates. */
    public RequestFree {
      Objects.requireNonNull(request, "request");
    }

    @Override
    public String mpiName() {
      return "MPI_Request_free";
    }
  }

  /**
   * MPI_Get_count (MPI-3.1 §3.2.5).
   *
   * @param status status variable
   * @param type datatype
   * @param into int variable bound to the count, or MPI_UNDEFINED
   */
  record GetCount(String status, DatatypeRef type, String into) implements MpiOp {
    /** Validates. */
    public GetCount {
      Objects.requireNonNull(status, "status");
      Objects.requireNonNull(type, "type");
      Objects.requireNonNull(into, "into");
    }

    @Override
    public String mpiName() {
      return "MPI_Get_count";
    }
  }

  /**
   * MPI_Sendrecv (MPI-3.1 §3.10): a standard send and a receive executed concurrently.
   *
   * @param dest destination rank or MPI_PROC_NULL
   * @param sendTag send tag
   * @param sendCount send elements
   * @param sendType send datatype
   * @param source source rank, MPI_ANY_SOURCE or MPI_PROC_NULL
   * @param recvTag receive tag or MPI_ANY_TAG
   * @param recvCount receive capacity in elements
   * @param recvType receive datatype
   * @param comm communicator name
   * @param status status variable of the receive, or null
   */
  record Sendrecv(Expr dest, Expr sendTag, Expr sendCount, DatatypeRef sendType, Expr source, Expr recvTag,
      Expr recvCount, DatatypeRef recvType, String comm, String status) implements MpiOp {
    /** Validates. */
    public Sendrecv {
      Objects.requireNonNull(dest, "dest");
      Objects.requireNonNull(sendTag, "sendTag");
      Objects.requireNonNull(sendCount, "sendCount");
      Objects.requireNonNull(sendType, "sendType");
      Objects.requireNonNull(source, "source");
      Objects.requireNonNull(recvTag, "recvTag");
      Objects.requireNonNull(recvCount, "recvCount");
      Objects.requireNonNull(recvType, "recvType");
      Objects.requireNonNull(comm, "comm");
    }

    @Override
    public String mpiName() {
      return "MPI_Sendrecv";
    }
  }

  /**
   * MPI_Buffer_attach (MPI-3.1 §3.6): buffer space for buffered-mode sends.
   *
   * @param sizeBytes bytes attached
   */
  record BufferAttach(Expr sizeBytes) implements MpiOp {
    /** Validates. */
    public BufferAttach {
      Objects.requireNonNull(sizeBytes, "sizeBytes");
    }

    @Override
    public String mpiName() {
      return "MPI_Buffer_attach";
    }
  }

  /** MPI_Buffer_detach (MPI-3.1 §3.6): blocks until every buffered message has been transmitted. */
  record BufferDetach() implements MpiOp {
    @Override
    public String mpiName() {
      return "MPI_Buffer_detach";
    }
  }

  /**
   * Local computation between MPI calls: takes simulated time in timed mode, nothing in logical mode.
   *
   * @param durationNs nanoseconds
   */
  record Compute(Expr durationNs) implements MpiOp {
    /** Validates. */
    public Compute {
      Objects.requireNonNull(durationNs, "durationNs");
    }

    @Override
    public String mpiName() {
      return "compute";
    }
  }

  /**
   * MPI_Cancel (MPI-3.1 §3.8.4; seed 001): marks a pending nonblocking send or receive for
   * cancellation and returns at once; Wait, Test or Request_free must still complete the request.
   *
   * @param request request variable
   */
  record Cancel(String request) implements MpiOp {
    /** Validates. */
    public Cancel {
      Objects.requireNonNull(request, "request");
    }

    @Override
    public String mpiName() {
      return "MPI_Cancel";
    }
  }

  /**
   * MPI_Test_cancelled (MPI-3.1 §3.8.4): whether the operation a status reports was cancelled.
   *
   * @param status status variable
   * @param flag flag variable bound by the call
   */
  record TestCancelled(String status, String flag) implements MpiOp {
    /** Validates. */
    public TestCancelled {
      Objects.requireNonNull(status, "status");
      Objects.requireNonNull(flag, "flag");
    }

    @Override
    public String mpiName() {
      return "MPI_Test_cancelled";
    }
  }

  /**
   * MPI_Message_cancel from the matched-probe proposal (seed 000 §3.1), which did not enter MPI-3:
   * cancels the receipt of a matched message; the message cannot be received. Available only with
   * the {@code seed000-message-cancel} option.
   *
   * @param message message variable, set to MPI_MESSAGE_NULL
   */
  record MessageCancel(String message) implements MpiOp {
    /** Validates. */
    public MessageCancel {
      Objects.requireNonNull(message, "message");
    }

    @Override
    public String mpiName() {
      return "MPI_Message_cancel";
    }
  }

  /**
   * MPI_Send_init, MPI_Bsend_init, MPI_Ssend_init, MPI_Rsend_init (MPI-3.1 §3.9): a persistent,
   * inactive send request; arguments are evaluated now.
   *
   * @param mode send mode
   * @param dest destination
   * @param tag tag
   * @param count elements
   * @param type datatype
   * @param comm communicator name
   * @param request request variable bound by the call
   */
  record SendInit(SendMode mode, Expr dest, Expr tag, Expr count, DatatypeRef type, String comm, String request)
      implements MpiOp {
    /** Validates. */
    public SendInit {
      Objects.requireNonNull(mode, "mode");
      Objects.requireNonNull(dest, "dest");
      Objects.requireNonNull(tag, "tag");
      Objects.requireNonNull(count, "count");
      Objects.requireNonNull(type, "type");
      Objects.requireNonNull(comm, "comm");
      Objects.requireNonNull(request, "request");
    }

    @Override
    public String mpiName() {
      return "MPI_" + mode.blockingName() + "_init";
    }
  }

  /**
   * MPI_Recv_init (MPI-3.1 §3.9): a persistent, inactive receive request.
   *
   * @param source source rank, MPI_ANY_SOURCE or MPI_PROC_NULL
   * @param tag tag or MPI_ANY_TAG
   * @param count capacity in elements
   * @param type datatype
   * @param comm communicator name
   * @param request request variable bound by the call
   */
  record RecvInit(Expr source, Expr tag, Expr count, DatatypeRef type, String comm, String request) implements MpiOp {
    /** Validates. */
    public RecvInit {
      Objects.requireNonNull(source, "source");
      Objects.requireNonNull(tag, "tag");
      Objects.requireNonNull(count, "count");
      Objects.requireNonNull(type, "type");
      Objects.requireNonNull(comm, "comm");
      Objects.requireNonNull(request, "request");
    }

    @Override
    public String mpiName() {
      return "MPI_Recv_init";
    }
  }

  /**
   * MPI_Start (MPI-3.1 §3.9) of one persistent request or channel endpoint; MPI_Startall of several,
   * in order.
   *
   * @param requests request variables (one for MPI_Start)
   * @param all true for MPI_Startall
   */
  record Start(List<String> requests, boolean all) implements MpiOp {
    /** Copies and validates. */
    public Start {
      requests = List.copyOf(requests);
      if (requests.isEmpty()) {
        throw new IllegalArgumentException("Start needs a request");
      }
    }

    @Override
    public String mpiName() {
      return all ? "MPI_Startall" : "MPI_Start";
    }
  }

  /**
   * Binding persistent requests into channel endpoints (seed 003, proposals 1 and 3):
   * MPI_Bind_channel, MPI_Bind_channels, MPI_Bind_slack_channel(s) and their nonblocking MPI_Ibind_
   * forms. Binding is pairwise: the send side's persistent send request and the receive side's
   * matching persistent receive request bind to each other.
   *
   * @param requests the persistent requests (Request_in), unchanged by the call
   * @param channels the endpoint request variables bound (Request_out), one per request
   * @param slackness K per channel, at least 1 (1 is the lock-step channel of proposal 1)
   * @param nonblocking the Ibind form: Wait or Test on each Request_in completes the binding
   * @param slack the call is a slack form (for its name only)
   */
  record BindChannel(List<String> requests, List<String> channels, List<Integer> slackness, boolean nonblocking,
      boolean slack) implements MpiOp {
    /** Copies and validates. */
    public BindChannel {
      requests = List.copyOf(requests);
      channels = List.copyOf(channels);
      slackness = List.copyOf(slackness);
      if (requests.isEmpty() || requests.size() != channels.size() || requests.size() != slackness.size()) {
        throw new IllegalArgumentException("Bind_channel needs one channel variable and one slackness per request");
      }
    }

    @Override
    public String mpiName() {
      return "MPI_" + (nonblocking ? "Ibind" : "Bind") + (slack ? "_slack" : "") + "_channel"
          + (requests.size() > 1 ? "s" : "");
    }
  }

  /**
   * MPI_Unbind_channel(s) and MPI_Iunbind_channel(s) (seed 003): frees channel endpoints, pairwise;
   * the nonblocking form completes with Wait or Test on each endpoint.
   *
   * @param channels endpoint request variables
   * @param nonblocking the Iunbind form
   */
  record UnbindChannel(List<String> channels, boolean nonblocking) implements MpiOp {
    /** Copies and validates. */
    public UnbindChannel {
      channels = List.copyOf(channels);
      if (channels.isEmpty()) {
        throw new IllegalArgumentException("Unbind_channel needs a channel");
      }
    }

    @Override
    public String mpiName() {
      return "MPI_" + (nonblocking ? "Iunbind" : "Unbind") + "_channel" + (channels.size() > 1 ? "s" : "");
    }
  }

  /**
   * A collective operation (MPI-3.1 chapter 5): MPI_Barrier, MPI_Bcast, MPI_Reduce,
   * MPI_Allreduce, MPI_Reduce_scatter_block, MPI_Gather, MPI_Gatherv, MPI_Scatter, MPI_Scatterv,
   * MPI_Allgather, MPI_Alltoall, or with a {@code request} their nonblocking forms (MPI-3.1 §5.12:
   * MPI_Ibarrier, MPI_Ibcast, ...), which return at once and complete through Wait or Test. Every
   * member of {@code comm} must call the same operations in the same order, blocking or nonblocking
   * alike, with the same root, count (type signature) and operator (MPI-3.1 §5.1, §5.12); for
   * Gatherv and Scatterv each member's count and datatype must have the type signature of its entry
   * of the root's {@code counts} (§5.5, §5.6). The model moves no data.
   *
   * @param kind the operation
   * @param root the root rank for a rooted operation ({@link CollectiveKind#rooted}), else null
   * @param count elements per process (for Gather, Scatter, Allgather and Alltoall: per block; for
   *     Gatherv the member's sendcount, for Scatterv its recvcount, for Reduce_scatter_block the
   *     recvcount); {@code 0} for Barrier
   * @param type datatype; {@link Datatype#BYTE} for Barrier
   * @param op the reduction operator for Reduce, Allreduce and Reduce_scatter_block, else null
   * @param comm communicator name
   * @param request the request variable of a nonblocking collective, or null for a blocking one
   * @param counts for Gatherv and Scatterv ({@link CollectiveKind#perMemberCounts}) the root's
   *     recvcounts or sendcounts, one per member in communicator rank order, in elements of {@code
   *     type} (significant only at the root, so null allowed elsewhere); null for every other operation
   */
  record Collective(CollectiveKind kind, Expr root, Expr count, DatatypeRef type, ReduceOp op, String comm,
      String request, List<Expr> counts) implements MpiOp {
    /** Validates: a root exactly for rooted operations, an operator exactly for reductions, counts only for v-forms. */
    public Collective {
      Objects.requireNonNull(kind, "kind");
      Objects.requireNonNull(count, "count");
      Objects.requireNonNull(type, "type");
      Objects.requireNonNull(comm, "comm");
      if ((root != null) != kind.rooted() || (op != null) != kind.reduces()
          || (counts != null && !kind.perMemberCounts())) {
        throw new IllegalArgumentException(kind.mpiName() + ": root " + root + ", op " + op + ", counts " + counts);
      }
      counts = counts == null ? null : List.copyOf(counts);
    }

    /**
     * A collective without per-member counts.
     *
     * @param kind the operation
     * @param root the root for a rooted operation, else null
     * @param count elements per process
     * @param type datatype
     * @param op the reduction operator for reductions, else null
     * @param comm communicator name
     * @param request the request variable of the nonblocking form, or null
     */
    public Collective(CollectiveKind kind, Expr root, Expr count, DatatypeRef type, ReduceOp op, String comm,
        String request) {
      this(kind, root, count, type, op, comm, request, null);
    }

    /**
     * A blocking collective.
     *
     * @param kind the operation
     * @param root the root for a rooted operation, else null
     * @param count elements per process
     * @param type datatype
     * @param op the reduction operator for reductions, else null
     * @param comm communicator name
     */
    public Collective(CollectiveKind kind, Expr root, Expr count, DatatypeRef type, ReduceOp op, String comm) {
      this(kind, root, count, type, op, comm, null);
    }

    /**
     * Whether this is the nonblocking form.
     *
     * @return true when the call has a request
     */
    public boolean nonblocking() {
      return request != null;
    }

    @Override
    public String mpiName() {
      return request == null ? kind.mpiName() : kind.nonblockingName();
    }
  }

  /** The datatype calls (MPI-3.1 chapter 4), declared in {@link TypeOps}. */
  sealed interface TypeCall extends MpiOp
      permits TypeOps.Contiguous, TypeOps.Vector, TypeOps.Commit, TypeOps.Free, TypeOps.GetElements {}

  /** The exchanges and request queries of {@link PointToPointOps} (MPI-3.1 §3.7.3, §3.10; MPI-4.0 §3.10). */
  sealed interface PointToPointCall extends MpiOp
      permits PointToPointOps.SendrecvReplace, PointToPointOps.Isendrecv, PointToPointOps.RequestGetStatus {}
}
