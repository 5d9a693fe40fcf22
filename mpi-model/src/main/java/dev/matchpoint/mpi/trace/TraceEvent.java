package dev.matchpoint.mpi.trace;

import dev.matchpoint.mpi.ErrorClass;
import dev.matchpoint.mpi.Mpi;
import dev.matchpoint.mpi.RequestIds;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.match.Envelopes;
import dev.matchpoint.mpi.match.MessageIds;
import dev.matchpoint.mpi.program.SourceLocation;

/**
 * One event of a run. Every event has the step that produced it (the index of the scheduler step in
 * logical mode, of the kernel event in timed mode), the simulated time in nanoseconds (logical
 * mode: the step), a rank and a thread (-1 for events of the network or the rank's progress engine).
 * Message identities are keys of {@link MessageIds}; requests are ids of {@link RequestIds}.
 */
public sealed interface TraceEvent {
  /**
   * The step that produced the event.
   *
   * @return the step, from 0
   */
  long step();

  /**
   * Simulated time.
   *
   * @return nanoseconds (logical mode: the step)
   */
  long timeNs();

  /**
   * The rank the event happened at.
   *
   * @return the rank
   */
  int rank();

  /**
   * The thread, or -1 for the network and the progress engine.
   *
   * @return the thread
   */
  int thread();

  /**
   * The event kind, as the JSON Lines schema names it.
   *
   * @return e.g. {@code matched}
   */
  String kind();

  /**
   * The kind-specific fields.
   *
   * @param w the writer
   */
  void writeFields(FieldWriter w);

  /**
   * One human-readable line.
   *
   * @return the line
   */
  String describe();

  /**
   * The common prefix of {@link #describe()}.
   *
   * @param e the event
   * @return e.g. {@code [12 t=1400ns] r2.t0}
   */
  static String prefix(TraceEvent e) {
    return "[" + e.step() + " t=" + e.timeNs() + "ns] r" + e.rank() + (e.thread() >= 0 ? ".t" + e.thread() : "   ");
  }

  /**
   * A receive or probe pattern's source as MPI names it.
   *
   * @param source a rank, {@link Envelopes#ANY} or {@link Mpi#PROC_NULL}
   * @return e.g. {@code MPI_ANY_SOURCE}
   */
  static String sourcePattern(int source) {
    return source == Envelopes.ANY ? "MPI_ANY_SOURCE" : Mpi.sourceName(source);
  }

  /**
   * A pattern's tag as MPI names it.
   *
   * @param tag a tag or {@link Envelopes#ANY}
   * @return e.g. {@code MPI_ANY_TAG}
   */
  static String tagPattern(int tag) {
    return tag == Envelopes.ANY ? "MPI_ANY_TAG" : Integer.toString(tag);
  }

  /**
   * A thread called an MPI function.
   *
   * @param step step
   * @param timeNs time
   * @param rank rank
   * @param thread thread
   * @param call MPI function, e.g. {@code MPI_Recv}
   * @param args evaluated arguments, e.g. {@code source=1 tag=0 count=4 MPI_INT comm=world}
   * @param at where the call was written
   */
  record CallStarted(long step, long timeNs, int rank, int thread, String call, String args, SourceLocation at)
      implements TraceEvent {
    @Override
    public String kind() {
      return "call";
    }

    @Override
    public void writeFields(FieldWriter w) {
      w.field("call", call);
      w.field("args", args);
      w.field("at", at.toString());
    }

    @Override
    public String describe() {
      return TraceEvent.prefix(this) + " call " + call + "(" + args + ")";
    }
  }

  /**
   * An MPI call returned.
   *
   * @param step step
   * @param timeNs time
   * @param rank rank
   * @param thread thread
   * @param call MPI function
   * @param result what it returned, e.g. {@code flag=true source=0 tag=0 count=4}
   * @param error error class returned
   */
  record CallReturned(long step, long timeNs, int rank, int thread, String call, String result, ErrorClass error)
      implements TraceEvent {
    @Override
    public String kind() {
      return "return";
    }

    @Override
    public void writeFields(FieldWriter w) {
      w.field("call", call);
      w.field("result", result);
      w.field("error", error.name());
    }

    @Override
    public String describe() {
      return TraceEvent.prefix(this) + " return " + call + (result.isEmpty() ? "" : " " + result)
          + (error == ErrorClass.MPI_SUCCESS ? "" : " " + error);
    }
  }

  /**
   * A send started: the message got its sequence number.
   *
   * @param step step
   * @param timeNs time
   * @param rank sender
   * @param thread sending thread
   * @param dest destination rank
   * @param tag tag
   * @param context context id
   * @param seq the sender's sequence number for (dest, context)
   * @param sizeBytes payload bytes
   * @param mode send mode
   * @param rendezvous true when the rendezvous protocol carries it
   * @param requestId the send request
   */
  record MessageSent(long step, long timeNs, int rank, int thread, int dest, int tag, int context, long seq,
      long sizeBytes, SendMode mode, boolean rendezvous, long requestId) implements TraceEvent {
    /**
     * The message's key at its receiver.
     *
     * @return the key
     */
    public long messageKey() {
      return MessageIds.key(rank, context, seq);
    }

    @Override
    public String kind() {
      return "message_sent";
    }

    @Override
    public void writeFields(FieldWriter w) {
      w.field("dest", dest);
      w.field("tag", tag);
      w.field("context", context);
      w.field("seq", seq);
      w.field("message", MessageIds.format(messageKey()));
      w.field("bytes", sizeBytes);
      w.field("mode", mode.name());
      w.field("protocol", rendezvous ? "rendezvous" : "eager");
      w.field("request", RequestIds.format(requestId));
    }

    @Override
    public String describe() {
      return TraceEvent.prefix(this) + " sent " + MessageIds.format(messageKey()) + " to " + dest + " tag " + tag
          + " " + sizeBytes + " B " + (rendezvous ? "rendezvous" : "eager") + " " + mode.blockingName()
          + " req " + RequestIds.format(requestId);
    }
  }

  /**
   * A packet entered the network.
   *
   * @param step step
   * @param timeNs time it entered (may lie after the step's time under LogGP)
   * @param rank source
   * @param thread -1
   * @param dest destination
   * @param packet packet kind: EAGER, RTS, CTS, DATA, ACK, CREDIT
   * @param sizeBytes bytes on the wire
   * @param linkSeq position on its link
   * @param availableNs when it will be delivered (timed mode); under LogGP when its first byte
   *     reaches the receiver, whose CPU then spends the receive overhead before delivering it
   */
  record PacketSent(long step, long timeNs, int rank, int thread, int dest, String packet, long sizeBytes,
      long linkSeq, long availableNs) implements TraceEvent {
    @Override
    public String kind() {
      return "packet_sent";
    }

    @Override
    public void writeFields(FieldWriter w) {
      w.field("dest", dest);
      w.field("packet", packet);
      w.field("bytes", sizeBytes);
      w.field("link_seq", linkSeq);
      w.field("available_ns", availableNs);
    }

    @Override
    public String describe() {
      return TraceEvent.prefix(this) + " packet " + packet + " " + rank + "->" + dest + " #" + linkSeq + " "
          + sizeBytes + " B";
    }
  }

  /**
   * A packet was delivered.
   *
   * @param step step
   * @param timeNs time
   * @param rank destination
   * @param thread -1
   * @param source source
   * @param packet packet kind
   * @param sizeBytes bytes on the wire
   * @param linkSeq position on its link
   */
  record PacketDelivered(long step, long timeNs, int rank, int thread, int source, String packet, long sizeBytes,
      long linkSeq) implements TraceEvent {
    @Override
    public String kind() {
      return "packet_delivered";
    }

    @Override
    public void writeFields(FieldWriter w) {
      w.field("source", source);
      w.field("packet", packet);
      w.field("bytes", sizeBytes);
      w.field("link_seq", linkSeq);
    }

    @Override
    public String describe() {
      return TraceEvent.prefix(this) + " delivered " + packet + " " + source + "->" + rank + " #" + linkSeq;
    }
  }

  /**
   * A message (eager data or RTS) reached matching, in sequence order.
   *
   * @param step step
   * @param timeNs time
   * @param rank receiver
   * @param thread -1
   * @param messageKey the message
   * @param tag tag
   * @param sizeBytes payload bytes
   * @param rendezvous true for an RTS
   * @param mode sender's mode
   */
  record MessageArrived(long step, long timeNs, int rank, int thread, long messageKey, int tag, long sizeBytes,
      boolean rendezvous, SendMode mode) implements TraceEvent {
    @Override
    public String kind() {
      return "message_arrived";
    }

    @Override
    public void writeFields(FieldWriter w) {
      w.field("message", MessageIds.format(messageKey));
      w.field("source", MessageIds.source(messageKey));
      w.field("context", MessageIds.context(messageKey));
      w.field("seq", MessageIds.seq(messageKey));
      w.field("tag", tag);
      w.field("bytes", sizeBytes);
      w.field("protocol", rendezvous ? "rendezvous" : "eager");
      w.field("mode", mode.name());
    }

    @Override
    public String describe() {
      return TraceEvent.prefix(this) + " arrived " + MessageIds.format(messageKey) + " tag " + tag + " " + sizeBytes
          + " B " + (rendezvous ? "RTS" : "eager");
    }
  }

  /**
   * A message found no posted receive and joined the unexpected message queue.
   *
   * @param step step
   * @param timeNs time
   * @param rank receiver
   * @param thread -1
   * @param messageKey the message
   * @param unexpectedDepth queue depth after the append
   */
  record QueuedUnexpected(long step, long timeNs, int rank, int thread, long messageKey, int unexpectedDepth)
      implements TraceEvent {
    @Override
    public String kind() {
      return "queued_unexpected";
    }

    @Override
    public void writeFields(FieldWriter w) {
      w.field("message", MessageIds.format(messageKey));
      w.field("unexpected_depth", unexpectedDepth);
    }

    @Override
    public String describe() {
      return TraceEvent.prefix(this) + " unexpected " + MessageIds.format(messageKey) + " (depth " + unexpectedDepth + ")";
    }
  }

  /**
   * A receive was posted: it searches the unexpected queue next and, unmatched, joins the posted
   * receive queue.
   *
   * @param step step
   * @param timeNs time
   * @param rank receiver
   * @param thread posting thread
   * @param requestId the receive request
   * @param source pattern source (a rank or {@link Envelopes#ANY})
   * @param tag pattern tag (a tag or {@link Envelopes#ANY})
   * @param context context id
   * @param capacityBytes buffer size
   */
  record ReceivePosted(long step, long timeNs, int rank, int thread, long requestId, int source, int tag,
      int context, long capacityBytes) implements TraceEvent {
    @Override
    public String kind() {
      return "receive_posted";
    }

    @Override
    public void writeFields(FieldWriter w) {
      w.field("request", RequestIds.format(requestId));
      w.field("source", TraceEvent.sourcePattern(source));
      w.field("tag", TraceEvent.tagPattern(tag));
      w.field("context", context);
      w.field("capacity_bytes", capacityBytes);
    }

    @Override
    public String describe() {
      return TraceEvent.prefix(this) + " posted " + RequestIds.format(requestId) + " (" + TraceEvent.sourcePattern(source)
          + ", " + TraceEvent.tagPattern(tag) + ", ctx " + context + ", " + capacityBytes + " B)";
    }
  }

  /**
   * A receive, probe, matched probe or matched receive matched a message.
   *
   * @param step step
   * @param timeNs time
   * @param rank receiver
   * @param thread the thread whose call matched (for a posted receive matched on arrival, its owner)
   * @param match what matched
   * @param requestId the receive request, or {@link RequestIds#NONE} for probes
   * @param messageKey the message (its sequence number is the sender's)
   * @param postSeq the receive's posting order at this rank (-1 when it matched without being queued)
   * @param patternSource the receive's or probe's source pattern (a rank or {@link Envelopes#ANY})
   * @param patternTag the receive's or probe's tag pattern (a tag or {@link Envelopes#ANY})
   * @param tag the message's tag
   * @param sizeBytes the message's payload bytes
   * @param postedDepth posted receive queue depth after the match
   * @param unexpectedDepth unexpected message queue depth after the match
   * @param searchLength entries a linear search in MPI order inspected to find the match (the
   *     unexpected queue for receives and probes, the posted receive queue for arrivals), the match
   *     included; 0 for matched receives of a handle; -1 when not measured
   */
  record Matched(long step, long timeNs, int rank, int thread, MatchKind match, long requestId, long messageKey,
      long postSeq, int patternSource, int patternTag, int tag, long sizeBytes, int postedDepth, int unexpectedDepth,
      int searchLength) implements TraceEvent {
    @Override
    public String kind() {
      return "matched";
    }

    /**
     * The matched message's source.
     *
     * @return the rank
     */
    public int source() {
      return MessageIds.source(messageKey);
    }

    @Override
    public void writeFields(FieldWriter w) {
      w.field("match", match.name());
      w.field("request", RequestIds.format(requestId));
      w.field("message", MessageIds.format(messageKey));
      w.field("source", MessageIds.source(messageKey));
      w.field("context", MessageIds.context(messageKey));
      w.field("seq", MessageIds.seq(messageKey));
      w.field("post_seq", postSeq);
      w.field("pattern_source", TraceEvent.sourcePattern(patternSource));
      w.field("pattern_tag", TraceEvent.tagPattern(patternTag));
      w.field("tag", tag);
      w.field("bytes", sizeBytes);
      w.field("posted_depth", postedDepth);
      w.field("unexpected_depth", unexpectedDepth);
      w.field("search_length", searchLength);
    }

    @Override
    public String describe() {
      return TraceEvent.prefix(this) + " " + match.name().toLowerCase() + " " + MessageIds.format(messageKey)
          + (requestId == RequestIds.NONE ? "" : " by " + RequestIds.format(requestId)) + " tag " + tag;
    }
  }

  /**
   * A request completed (the operation is done; Wait/Test still has to return it).
   *
   * @param step step
   * @param timeNs time
   * @param rank owner
   * @param thread owner thread
   * @param requestId the request
   * @param source status source (receives), or {@link Mpi#PROC_NULL}
   * @param tag status tag (receives)
   * @param countBytes status count in bytes
   * @param error status error
   * @param cancelled whether the operation was cancelled
   */
  record RequestCompleted(long step, long timeNs, int rank, int thread, long requestId, int source, int tag,
      long countBytes, ErrorClass error, boolean cancelled) implements TraceEvent {
    @Override
    public String kind() {
      return "request_completed";
    }

    @Override
    public void writeFields(FieldWriter w) {
      w.field("request", RequestIds.format(requestId));
      w.field("source", source);
      w.field("tag", tag);
      w.field("count_bytes", countBytes);
      w.field("error", error.name());
      w.field("cancelled", cancelled);
    }

    @Override
    public String describe() {
      return TraceEvent.prefix(this) + " completed " + RequestIds.format(requestId)
          + (cancelled ? " cancelled" : " source " + Mpi.sourceName(source) + " tag " + Mpi.tagName(tag) + " "
          + countBytes + " B") + (error == ErrorClass.MPI_SUCCESS ? "" : " " + error);
    }
  }

  /**
   * An MPI call returned an error class (a result, MPI-3.1 §8.3).
   *
   * @param step step
   * @param timeNs time
   * @param rank rank
   * @param thread thread
   * @param call MPI function
   * @param error the class
   * @param detail why, in MPI terms
   * @param at where the call was written
   */
  record ErrorRaised(long step, long timeNs, int rank, int thread, String call, ErrorClass error, String detail,
      SourceLocation at) implements TraceEvent {
    @Override
    public String kind() {
      return "error";
    }

    @Override
    public void writeFields(FieldWriter w) {
      w.field("call", call);
      w.field("error", error.name());
      w.field("detail", detail);
      w.field("at", at.toString());
    }

    @Override
    public String describe() {
      return TraceEvent.prefix(this) + " " + error + " from " + call + ": " + detail + " (" + at + ")";
    }
  }

  /**
   * The program broke a rule of the standard (an erroneous program, in the standard's word).
   *
   * @param step step
   * @param timeNs time
   * @param rank rank where it was detected
   * @param thread thread, or -1
   * @param rule the rule and its source, e.g. {@code "ready send without a posted receive (MPI-3.1 §3.4)"}
   * @param detail what happened
   * @param at where the offending call was written
   */
  record ErroneousUse(long step, long timeNs, int rank, int thread, String rule, String detail, SourceLocation at)
      implements TraceEvent {
    @Override
    public String kind() {
      return "erroneous";
    }

    @Override
    public void writeFields(FieldWriter w) {
      w.field("rule", rule);
      w.field("detail", detail);
      w.field("at", at.toString());
    }

    @Override
    public String describe() {
      return TraceEvent.prefix(this) + " ERRONEOUS " + rule + ": " + detail + " (" + at + ")";
    }
  }

  /**
   * A thread ran past the end of its program.
   *
   * @param step step
   * @param timeNs time
   * @param rank rank
   * @param thread thread
   */
  record ThreadFinished(long step, long timeNs, int rank, int thread) implements TraceEvent {
    @Override
    public String kind() {
      return "thread_finished";
    }

    @Override
    public void writeFields(FieldWriter w) {
      // no fields beyond the common ones
    }

    @Override
    public String describe() {
      return TraceEvent.prefix(this) + " finished";
    }
  }

  /**
   * A cancellation was decided (MPI-3.1 §3.8.4): at the owner for a receive, at the receiver (or
   * by the policy) for a send.
   *
   * @param step step
   * @param timeNs time
   * @param rank where it was decided
   * @param thread the owner thread, or -1 at a receiver
   * @param requestId the cancelled request
   * @param messageKey the send's message (its key at the receiver), or -1 for a receive
   * @param cancelled true when the cancellation succeeded, false when the communication wins
   * @param detail why, in MPI terms
   */
  record CancelDecided(long step, long timeNs, int rank, int thread, long requestId, long messageKey,
      boolean cancelled, String detail) implements TraceEvent {
    @Override
    public String kind() {
      return "cancel";
    }

    @Override
    public void writeFields(FieldWriter w) {
      w.field("request", RequestIds.format(requestId));
      w.field("message", messageKey < 0 ? "-" : MessageIds.format(messageKey));
      w.field("cancelled", cancelled);
      w.field("detail", detail);
    }

    @Override
    public String describe() {
      return TraceEvent.prefix(this) + " cancel of " + RequestIds.format(requestId)
          + (messageKey < 0 ? "" : " (message " + MessageIds.format(messageKey) + ")") + (cancelled ? " succeeded" : " failed")
          + ": " + detail;
    }
  }

  /**
   * Something happened on a channel endpoint (seed 003): bound, started, transferred, unbound.
   *
   * @param step step
   * @param timeNs time
   * @param rank the endpoint's rank
   * @param thread its owner thread, or -1 for a transfer's arrival
   * @param endpoint the endpoint request
   * @param what {@code bound}, {@code start}, {@code transfer} or {@code unbound}
   * @param seq the transfer's position on the channel (starts count from 0), or -1
   * @param slot the circular-buffer slot of the start, {@code seq mod K} (ADDRESS_BASE_INCREMENT), or -1
   * @param peer the rank at the other end
   */
  record ChannelEvent(long step, long timeNs, int rank, int thread, long endpoint, String what, long seq, int slot,
      int peer) implements TraceEvent {
    @Override
    public String kind() {
      return "channel";
    }

    @Override
    public void writeFields(FieldWriter w) {
      w.field("endpoint", RequestIds.format(endpoint));
      w.field("what", what);
      w.field("seq", seq);
      w.field("slot", slot);
      w.field("peer", peer);
    }

    @Override
    public String describe() {
      return TraceEvent.prefix(this) + " channel " + RequestIds.format(endpoint) + " " + what
          + (seq >= 0 ? " #" + seq + " slot " + slot : "") + " (peer " + peer + ")";
    }
  }
}
