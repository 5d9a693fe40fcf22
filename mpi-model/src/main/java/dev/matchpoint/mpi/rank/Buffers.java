package dev.matchpoint.mpi.rank;

import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.ErrorClass;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.program.Instr;

/**
 * Buffered mode (MPI-3.1 §3.6): MPI_Buffer_attach, MPI_Buffer_detach and the attached-space
 * accounting of MPI_Bsend/MPI_Ibsend. A buffered send takes {@code payload + MPI_BSEND_OVERHEAD}
 * bytes of attached space, or fails with MPI_ERR_BUFFER; the space returns when the message's data
 * has left (eager: injected; rendezvous: DATA injected after the CTS).
 */
final class Buffers {
  private Buffers() {}

  static boolean attach(World w, ThreadState t, Instr.Call c, long sizeBytes) {
    RankState rank = w.rank(t.rank);
    w.touchBuffer(t.rank);
    if (rank.bufferAttachedBytes >= 0) {
      w.error(t, "MPI_Buffer_attach", ErrorClass.MPI_ERR_BUFFER,
          "a buffer of " + rank.bufferAttachedBytes + " bytes is attached already; only one may be", c.at());
    } else if (sizeBytes < 0) {
      w.error(t, "MPI_Buffer_attach", ErrorClass.MPI_ERR_COUNT, "size " + sizeBytes + " is negative", c.at());
    } else {
      rank.bufferAttachedBytes = sizeBytes;
      rank.bufferUsedBytes = 0;
      rank.bufferAttachedAt = c.at();
    }
    return true;
  }

  /** Blocks until every buffered message has been transmitted (MPI-3.1 §3.6). */
  static boolean detach(World w, ThreadState t, Instr.Call c) {
    RankState rank = w.rank(t.rank);
    w.touchBuffer(t.rank);
    if (rank.bufferAttachedBytes < 0) {
      w.error(t, "MPI_Buffer_detach", ErrorClass.MPI_ERR_BUFFER, "no buffer is attached", c.at());
      return true;
    }
    if (rank.bufferedInTransit > 0) {
      t.block = BlockKind.DETACH;
      return false;
    }
    rank.bufferAttachedBytes = -1;
    return true;
  }

  static ErrorClass bufferedSend(World w, ThreadState t, Instr.Call c, int dest, int tag, int ctx, long bytes,
      Datatype type) {
    return bufferedSend(w, t, c, dest, tag, ctx, bytes, type, null);
  }

  /**
   * A buffered send: reserves attached space and starts the transfer on a hidden request.
   *
   * @param user the Ibsend's own request, which records the transfer (for MPI_Cancel), or null
   */
  static ErrorClass bufferedSend(World w, ThreadState t, Instr.Call c, int dest, int tag, int ctx, long bytes,
      Datatype type, Request user) {
    RankState rank = w.rank(t.rank);
    w.touchBuffer(t.rank);
    long need = bytes + w.spec.options().bsendOverheadBytes();
    if (rank.bufferAttachedBytes < 0 || rank.bufferAttachedBytes - rank.bufferUsedBytes < need) {
      w.error(t, c.op().mpiName(), ErrorClass.MPI_ERR_BUFFER, rank.bufferAttachedBytes < 0
          ? "no buffer is attached (MPI_Buffer_attach)"
          : "needs " + need + " bytes of attached buffer, " + (rank.bufferAttachedBytes - rank.bufferUsedBytes)
              + " of " + rank.bufferAttachedBytes + " free", c.at());
      return ErrorClass.MPI_ERR_BUFFER;
    }
    rank.bufferUsedBytes += need;
    rank.bufferedInTransit++;
    Request r = t.newRequest(RequestKind.SEND, false);
    r.freed = true;
    r.bufferBytes = need;
    if (user != null) {
      user.transferId = r.id;
    }
    Protocols.startSend(w, t, r, dest, tag, ctx, bytes, type, SendMode.BUFFERED, c.at());
    if (user != null) {
      // The Ibsend's own request records the message, so MPI_Cancel can reach it after the transfer.
      user.dest = dest;
      user.tag = tag;
      user.context = ctx;
      user.sizeBytes = bytes;
      user.type = type;
      user.seq = r.seq;
      user.rendezvous = r.rendezvous;
      user.mode = SendMode.BUFFERED;
    }
    return ErrorClass.MPI_SUCCESS;
  }

  /** The data of a buffered transfer has left: free its space and resume a waiting detach. */
  static void release(World w, Request r) {
    if (r.bufferBytes < 0) {
      return;
    }
    RankState rank = w.rank(dev.matchpoint.mpi.RequestIds.rank(r.id));
    w.touchBuffer(rank.rank);
    rank.bufferUsedBytes -= r.bufferBytes;
    rank.bufferedInTransit--;
    r.bufferBytes = -1;
    if (rank.bufferedInTransit == 0) {
      for (int i = 0; i < rank.threads.length; i++) {
        if (rank.threads[i].running() && rank.threads[i].block == BlockKind.DETACH) {
          ThreadState t = rank.thread(i);
          rank.bufferAttachedBytes = -1;
          w.touchThread(t);
          w.returnFromCall(t);
          w.wake(t);
        }
      }
    }
  }
}
