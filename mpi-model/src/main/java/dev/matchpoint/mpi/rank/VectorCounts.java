package dev.matchpoint.mpi.rank;

import dev.matchpoint.mpi.CollectiveKind;
import dev.matchpoint.mpi.ErrorClass;
import dev.matchpoint.mpi.program.Expr;
import dev.matchpoint.mpi.program.Instr;
import dev.matchpoint.mpi.program.MpiOp;
import java.util.ArrayList;
import java.util.List;

/**
 * The per-member counts of MPI_Gatherv and MPI_Scatterv (MPI-3.1 §5.5, §5.6), for {@link
 * Collectives}. The root gives one count per member of the communicator, in its rank order
 * (recvcounts of Gatherv, sendcounts of Scatterv), "significant only at root": a non-root's list is
 * neither evaluated nor checked. Each member's own count and datatype must have the type signature
 * of its entry at the root (§5.5: "The type signature implied by sendcount, sendtype on process i
 * must be equal to the type signature implied by recvcounts[i], recvtype at the root"; §5.6 the
 * same for Scatterv); the root's own entry included. The model moves no data, so displacements
 * are not part of the call.
 *
 * <p>Errors at the root: no list, or one whose length is not the communicator's size, is
 * MPI_ERR_ARG (the standard gives no class; MPICH raises MPI_ERR_ARG for a null recvcounts, and a
 * list of the wrong length is the model's form of an array that does not fit the communicator, an
 * "invalid argument of some other kind", MPI-3.1 §2.8, not an invalid count value); a negative
 * entry, or one too large for the model, is MPI_ERR_COUNT (MPI-3.1 §2.8: "Invalid count argument"),
 * as MPICH and Open MPI raise for a negative recvcounts[i].
 */
final class VectorCounts {
  /** Returned by {@link #atRoot} after an MPI error at the call (compared by identity). */
  static final List<Integer> ERROR = java.util.Collections.unmodifiableList(new ArrayList<>());

  private VectorCounts() {}

  /**
   * The root's per-member counts of a v-form call, in basic elements of its datatype, checked.
   *
   * @param ctx the communicator's context id
   * @param root the call's root (in range)
   * @return the counts; null for a non-root or another operation; {@link #ERROR} after reporting an
   *     MPI error at the call
   */
  static List<Integer> atRoot(World w, ThreadState t, Instr.Call c, MpiOp.Collective x, int ctx, int root)
      throws ProgramError {
    if (!x.kind().perMemberCounts() || Communicators.rankIn(w, t.rank, ctx, t.rank) != root) {
      return null;
    }
    String name = listName(x.kind());
    int size = Communicators.size(w, t.rank, ctx);
    if (x.counts() == null || x.counts().size() != size) {
      w.error(t, x.mpiName(), ErrorClass.MPI_ERR_ARG, x.counts() == null ? "the root gives no " + name
          : name + " has " + x.counts().size() + " entries for a communicator of size " + size, c.at());
      return ERROR;
    }
    long perElement = Datatypes.sizeBytes(t, x.type()) / Datatypes.basic(t, x.type()).sizeBytes();
    List<Integer> out = new ArrayList<>();
    for (int i = 0; i < size; i++) {
      Expr e = x.counts().get(i);
      long v = Vars.eval(e, t, w.size);
      if (v < 0 || v * perElement > Integer.MAX_VALUE) {
        w.error(t, x.mpiName(), ErrorClass.MPI_ERR_COUNT, name + "[" + i + "] = " + v
            + (v < 0 ? " is negative" : " has too many basic elements for the model"), c.at());
        return ERROR;
      }
      out.add((int) (v * perElement));
    }
    return List.copyOf(out);
  }

  /**
   * Matches a v-form call just logged against the root's counts: a non-root's call against the
   * root's, if made; the root's against every member's call made so far, its own included. A
   * signature that differs from its entry at the root is an erroneous use ({@link
   * Collectives#RULE}), reported at this call naming both locations (the first such member only).
   * Calls that differ in operation or root were reported by {@link Collectives#append} and are
   * skipped here.
   *
   * @param comm the communicator's name in the program
   * @param ctx its context id
   * @param index the operation's index on the communicator
   * @param call this member's call
   */
  static void match(World w, ThreadState t, Instr.Call c, String comm, int ctx, int index, Collectives.Call call) {
    if (!call.kind().perMemberCounts()) {
      return;
    }
    int rootRank = Communicators.worldRank(w, t.rank, ctx, call.root());
    if (rootRank == t.rank) {
      for (int m : Communicators.all(w, t.rank, ctx)) {
        if (w.ranks[m].collectives.count(ctx) > index
            && report(w, t, c, comm, ctx, index, call, w.ranks[m].collectives.get(ctx, index), m, true)) {
          return;
        }
      }
    } else if (w.ranks[rootRank].collectives.count(ctx) > index) {
      report(w, t, c, comm, ctx, index, w.ranks[rootRank].collectives.get(ctx, index), call, t.rank, false);
    }
  }

  /**
   * Reports member {@code m}'s call against the root's when their signatures differ.
   *
   * @param atRoot whether this (the later) call is the root's
   * @return whether a mismatch was reported
   */
  private static boolean report(World w, ThreadState t, Instr.Call c, String comm, int ctx, int index,
      Collectives.Call root, Collectives.Call member, int m, boolean atRoot) {
    if (root.counts() == null || member.kind() != root.kind() || member.nonblocking() != root.nonblocking()
        || member.root() != root.root()) {
      return false;
    }
    int i = Communicators.rankIn(w, t.rank, ctx, m);
    int expected = root.counts().get(i);
    if (Collectives.Call.sameSignature(member.count(), member.type(), expected, root.type())) {
      return false;
    }
    String own = ownName(root.kind()) + " " + member.count() + " x " + member.type().mpiName();
    String entry = listName(root.kind()) + "[" + i + "] = " + expected + " x " + root.type().mpiName();
    String detail;
    if (member == root) {
      detail = own + " here but " + entry + " (" + c.at() + ")";
    } else if (atRoot) {
      detail = entry + " here but " + own + " at rank " + m + " (" + c.at() + " vs " + member.at() + ")";
    } else {
      detail = own + " here but " + entry + " at root rank " + Communicators.worldRank(w, t.rank, ctx, root.root())
          + " (" + c.at() + " vs " + root.at() + ")";
    }
    w.erroneous(t.rank, t.thread, Collectives.RULE, "collective #" + index + " on " + comm + ": " + detail, c.at());
    return true;
  }

  /** The root's list: recvcounts of Gatherv, sendcounts of Scatterv. */
  static String listName(CollectiveKind kind) {
    return kind == CollectiveKind.GATHERV ? "recvcounts" : "sendcounts";
  }

  /** A member's own count: sendcount of Gatherv, recvcount of Scatterv. */
  private static String ownName(CollectiveKind kind) {
    return kind == CollectiveKind.GATHERV ? "sendcount" : "recvcount";
  }
}
