package dev.matchpoint.scenario.importer.simgrid;

import dev.matchpoint.scenario.importer.ImportLimits;
import dev.matchpoint.scenario.importer.ImportWarning;
import dev.matchpoint.scenario.importer.LocationProgram;
import dev.matchpoint.scenario.importer.MessageSize;
import dev.matchpoint.scenario.importer.ReceiveSpec;
import dev.matchpoint.scenario.importer.RequestKey;
import dev.matchpoint.scenario.importer.SourcePattern;
import dev.matchpoint.scenario.importer.TagPattern;
import dev.matchpoint.scenario.importer.TraceImportException;
import dev.matchpoint.scenario.importer.TraceLocation;
import dev.matchpoint.scenario.importer.TraceOp;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;

/**
 * Builds one rank's program from its TI actions (TRACE-FORMATS.md §2.1). TI has no request ids:
 * requests are numbered 0, 1, 2, … in posting order, and {@code wait}/{@code test} find theirs
 * as smpi_replay does, first in first out among the requests keyed by (src, dst, tag);
 * {@code waitall} completes every outstanding request. All partners are MPI_COMM_WORLD ranks.
 */
final class TiProgramBuilder {
  /** SMPI's MPI_UNDEFINED, which SimGrid 3.32 writes for an MPI_ANY_SOURCE irecv. */
  static final int UNDEFINED_PARTNER = -333;
  /** SMPI's MPI_ANY_TAG (from smpi.h; not seen in a recorded trace here). */
  static final int ANY_TAG = -1;

  private static final Set<String> COLLECTIVES = Set.of("barrier", "bcast", "reduce", "allreduce",
      "alltoall", "alltoallv", "gather", "gatherv", "scatter", "scatterv", "allgather",
      "allgatherv", "reducescatter", "scan", "exscan");
  private static final OptionalLong NO_TIME = OptionalLong.empty();

  private final int rank;
  private final int ranks;
  private final List<ImportWarning> warnings;
  private final List<TraceOp> ops = new ArrayList<>();
  private final Map<String, Deque<RequestKey>> byEnvelope = new TreeMap<>();
  private final List<RequestKey> outstanding = new ArrayList<>();
  private int nextRequest;
  private String defaultType = "MPI_BYTE";
  private long defaultTypeBytes = 1;

  TiProgramBuilder(int rank, int ranks, List<ImportWarning> warnings) {
    this.rank = rank;
    this.ranks = ranks;
    this.warnings = warnings;
  }

  LocationProgram build() {
    return new LocationProgram(new TraceLocation(rank, rank, 0, "rank " + rank), ops);
  }

  void add(TiLine l) throws TraceImportException {
    String action = l.tokens().size() > 1 ? l.tokens().get(1) : "";
    if (action.isEmpty()) {
      throw error(l, 0, "missing action after the rank");
    }
    int args = l.tokens().size() - 2;
    switch (action) {
      case "init" -> {
        arity(l, 0, 1);
        if (args == 1) {
          defaultType = "MPI_DOUBLE";
          defaultTypeBytes = 8;
        }
      }
      case "finalize", "comm_dup" -> {
        arity(l, 0, 0);
        if (action.equals("comm_dup")) {
          warn(l, "comm_dup ignored: TI replays everything on MPI_COMM_WORLD");
        }
      }
      case "comm_size" -> {
        arity(l, 1, 1);
        integer(l, 2);
      }
      case "comm_split" -> {
        arity(l, 2, 2);
        integer(l, 2);
        integer(l, 3);
        warn(l, "comm_split ignored: TI replays everything on MPI_COMM_WORLD");
      }
      case "send", "isend" -> pointToPoint(l, true, action.equals("isend"));
      case "recv", "irecv" -> pointToPoint(l, false, action.equals("irecv"));
      case "test", "wait" -> {
        arity(l, 3, 3);
        String key = integer(l, 2) + " " + integer(l, 3) + " " + integer(l, 4);
        Deque<RequestKey> fifo = byEnvelope.get(key);
        if (fifo == null || fifo.isEmpty()) {
          warn(l, action + " finds no request (src dst tag = " + key + "); skipped");
        } else if (action.equals("test")) {
          ops.add(new TraceOp.Test(NO_TIME, fifo.peekFirst(), TraceOp.TestOutcome.UNKNOWN));
        } else {
          RequestKey request = fifo.removeFirst();
          outstanding.remove(request);
          ops.add(new TraceOp.Wait(NO_TIME, List.of(request)));
        }
      }
      case "waitall" -> {
        arity(l, 1, 1);
        long count = integer(l, 2);
        if (count != outstanding.size()) {
          warn(l, "waitall " + count + " with " + outstanding.size() + " outstanding requests; "
              + "waiting for all of them, as smpi_replay does");
        }
        if (!outstanding.isEmpty()) {
          ops.add(new TraceOp.Wait(NO_TIME, outstanding));
          outstanding.clear();
          byEnvelope.clear();
        }
      }
      case "sendRecv" -> sendRecv(l);
      case "compute", "sleep" -> {
        arity(l, 1, 1);
        double amount = decimal(l, 2);
        ops.add(new TraceOp.Compute(NO_TIME, amount,
            action.equals("compute") ? TraceOp.ComputeUnit.FLOPS : TraceOp.ComputeUnit.SECONDS));
      }
      case "location" -> arity(l, 2, 2);
      default -> {
        if (!COLLECTIVES.contains(action)) {
          throw error(l, 1, "unknown action '" + action + "'");
        }
        for (int i = 2; i < l.tokens().size(); i++) {
          decimal(l, i);
        }
        collective(l, action);
      }
    }
  }

  /**
   * A collective action, with the bytes this rank sends and receives counted as Score-P counts them
   * in OTF2 (so that the converter reads both formats alike) from smpi_replay's arguments: {@code
   * bcast <size> [root [dt]]}, {@code reduce <comm_size> <comp_size> [root [dt]]}, {@code allreduce
   * <comm_size> <comp_size> [dt]}, {@code gather|scatter <send> <recv> [root [dt1 dt2]]}, {@code
   * allgather|alltoall <send> <recv> [dt1 dt2]}, {@code gatherv <send> <recv_0> … <recv_n-1> [root
   * [dt1 dt2]]}, {@code scatterv <send_0> … <send_n-1> <recv> [root [dt1 dt2]]} (n the world's
   * size); sizes in elements of the default datatype, or one
   * byte per element when a datatype id is given; root 0 when absent, as in smpi_replay. Barrier and
   * the collectives the model lacks keep no sizes.
   */
  private void collective(TiLine l, String action) throws TraceImportException {
    int args = l.tokens().size() - 2;
    OptionalInt root = OptionalInt.empty();
    OptionalLong sent = OptionalLong.empty();
    OptionalLong received = OptionalLong.empty();
    List<Long> members = new ArrayList<>();
    int rootField = switch (action) {
      case "bcast" -> 3;
      case "reduce", "gather", "scatter" -> 4;
      case "gatherv", "scatterv" -> 3 + ranks;
      default -> -1;
    };
    boolean typed = switch (action) {
      case "bcast" -> args >= 3;
      case "reduce", "gather", "scatter" -> args >= 4;
      case "gatherv", "scatterv" -> args >= ranks + 3;
      case "allreduce", "allgather", "alltoall" -> args >= 3;
      default -> false;
    };
    long element = typed ? 1 : defaultTypeBytes;
    if (rootField > 0) {
      long r = l.tokens().size() > rootField ? integer(l, rootField) : 0;
      if (r < 0 || r >= ranks) {
        throw error(l, rootField, "root " + r + " outside ranks 0.." + (ranks - 1));
      }
      root = OptionalInt.of((int) r);
    }
    boolean isRoot = root.isPresent() && root.getAsInt() == rank;
    switch (action) {
      case "bcast" -> {
        atLeast(l, 1);
        long c = bytes(l, 2, element);
        sent = OptionalLong.of(isRoot ? ranks * c : 0);
        received = OptionalLong.of(c);
      }
      case "reduce", "allreduce" -> {
        atLeast(l, 2);
        long c = bytes(l, 2, element);
        boolean all = action.equals("allreduce");
        sent = OptionalLong.of(all ? ranks * c : c);
        received = OptionalLong.of(all ? ranks * c : isRoot ? ranks * c : 0);
      }
      case "gather", "scatter", "allgather", "alltoall" -> {
        atLeast(l, 2);
        long s = bytes(l, 2, element);
        long r = bytes(l, 3, element);
        sent = OptionalLong.of(switch (action) {
          case "gather" -> s;
          case "scatter" -> isRoot ? ranks * s : 0;
          default -> ranks * s;
        });
        received = OptionalLong.of(switch (action) {
          case "gather" -> isRoot ? ranks * r : 0;
          case "scatter" -> r;
          default -> ranks * r;
        });
      }
      case "gatherv", "scatterv" -> {
        atLeast(l, ranks + 1);
        boolean gather = action.equals("gatherv");
        long total = 0;
        for (int i = 0; i < ranks; i++) {
          members.add(bytes(l, gather ? 3 + i : 2 + i, element));
          total += members.get(i);
        }
        long own = bytes(l, gather ? 2 : 2 + ranks, element);
        sent = OptionalLong.of(gather ? own : isRoot ? total : 0);
        received = OptionalLong.of(gather ? (isRoot ? total : 0) : own);
      }
      default -> { }
    }
    ops.add(new TraceOp.Collective(NO_TIME, action.toUpperCase(java.util.Locale.ROOT), 0, root, sent, received,
        members));
  }

  /** Checks the arguments smpi_replay requires (it ignores any beyond those it reads). */
  private void atLeast(TiLine l, int min) throws TraceImportException {
    int args = l.tokens().size() - 2;
    if (args < min) {
      throw error(l, 1, l.tokens().get(1) + " takes at least " + min + " argument(s), found " + args);
    }
  }

  /** Field {@code index}, a count of {@code element}-byte elements, in bytes. */
  private long bytes(TiLine l, int index, long element) throws TraceImportException {
    double count = decimal(l, index);
    if (count > (double) ImportLimits.MAX_MESSAGE_BYTES / element) {
      throw error(l, index, "count " + l.tokens().get(index) + " of " + element + "-byte elements is above the "
          + "model's largest message of " + ImportLimits.MAX_MESSAGE_BYTES + " bytes");
    }
    return Math.round(count) * element;
  }

  /** {@code send|isend <dst> <tag> <count> [datatype]}, {@code recv|irecv <src> <tag> <count> [datatype]}. */
  private void pointToPoint(TiLine l, boolean send, boolean nonBlocking) throws TraceImportException {
    arity(l, 3, 4);
    long partner = integer(l, 2);
    long tag = integer(l, 3);
    MessageSize size = size(l, 4, send);
    if (send) {
      int dest = peer(l, partner);
      if (tag < 0) {
        throw error(l, 3, "negative tag " + tag + " on a send");
      }
      if (nonBlocking) {
        RequestKey request = post(rank + " " + partner + " " + tag);
        ops.add(new TraceOp.Isend(NO_TIME, request, dest, 0, tag, size));
      } else {
        ops.add(new TraceOp.Send(NO_TIME, dest, 0, tag, size));
      }
      return;
    }
    SourcePattern source = partner == UNDEFINED_PARTNER
        ? SourcePattern.any() : SourcePattern.rank(peer(l, partner));
    TagPattern tagPattern;
    if (tag == ANY_TAG) {
      tagPattern = TagPattern.any();
    } else if (tag < 0) {
      throw error(l, 3, "negative tag " + tag);
    } else {
      tagPattern = TagPattern.of(tag);
    }
    ReceiveSpec spec = new ReceiveSpec(source, tagPattern, 0, size);
    if (nonBlocking) {
      RequestKey request = post(partner + " " + rank + " " + tag);
      ops.add(new TraceOp.Irecv(NO_TIME, request, Optional.of(spec)));
    } else {
      ops.add(new TraceOp.Recv(NO_TIME, spec));
    }
  }

  /** {@code sendRecv <scount> <dst> <rcount> <src> [dt1 dt2]}: both with tag 0, then wait both. */
  private void sendRecv(TiLine l) throws TraceImportException {
    arity(l, 4, 6);
    if (l.tokens().size() == 7) {
      throw error(l, 6, "sendRecv takes both datatypes or none");
    }
    MessageSize sendSize = size(l, 2, true);
    int dest = peer(l, integer(l, 3));
    MessageSize receiveSize = size(l, 4, false);
    int source = peer(l, integer(l, 5));
    RequestKey s = post(rank + " " + dest + " 0");
    ops.add(new TraceOp.Isend(NO_TIME, s, dest, 0, 0, sendSize));
    RequestKey r = post(source + " " + rank + " 0");
    ops.add(new TraceOp.Irecv(NO_TIME, r, Optional.of(
        new ReceiveSpec(SourcePattern.rank(source), TagPattern.of(0), 0, receiveSize))));
    byEnvelope.get(rank + " " + dest + " 0").removeLast();
    byEnvelope.get(source + " " + rank + " 0").removeLast();
    outstanding.remove(s);
    outstanding.remove(r);
    ops.add(new TraceOp.Wait(NO_TIME, List.of(s, r)));
  }

  private RequestKey post(String envelope) {
    RequestKey request = new RequestKey(rank, nextRequest++, 0);
    byEnvelope.computeIfAbsent(envelope, k -> new ArrayDeque<>()).addLast(request);
    outstanding.add(request);
    return request;
  }

  /**
   * The size whose count is field {@code index}: in the trace's default datatype, or in the
   * datatype of field 5 (unknown size, one byte per element in the scenario).
   */
  private MessageSize size(TiLine l, int index, boolean send) throws TraceImportException {
    long count = integer(l, index);
    if (count < 0 && send) {
      throw error(l, index, "negative count " + count + " on a send");
    }
    OptionalLong n = count < 0 ? OptionalLong.empty() : OptionalLong.of(count);
    boolean typed = l.tokens().size() == 6 && !l.tokens().get(1).equals("sendRecv");
    long elementBytes = typed ? 1 : defaultTypeBytes;
    if (count > ImportLimits.MAX_MESSAGE_BYTES / elementBytes) {
      throw error(l, index, "count " + count + " of " + elementBytes + "-byte elements is above the model's "
          + "largest message of " + ImportLimits.MAX_MESSAGE_BYTES + " bytes");
    }
    if (typed) {
      return new MessageSize(n, "simgrid-type-" + integer(l, 5), OptionalLong.empty());
    }
    return new MessageSize(n, defaultType, OptionalLong.of(defaultTypeBytes));
  }

  private int peer(TiLine l, long partner) throws TraceImportException {
    if (partner < 0 || partner >= ranks) {
      throw error(l, 2, "partner " + partner + " outside ranks 0.." + (ranks - 1));
    }
    return (int) partner;
  }

  private int arity(TiLine l, int min, int max) throws TraceImportException {
    int args = l.tokens().size() - 2;
    if (args < min || args > max) {
      String wanted = min == max ? Integer.toString(min) : min + " to " + max;
      throw error(l, 1, l.tokens().get(1) + " takes " + wanted + " argument(s), found " + args);
    }
    return args;
  }

  private long integer(TiLine l, int index) throws TraceImportException {
    String token = l.tokens().get(index);
    try {
      return Long.parseLong(token);
    } catch (NumberFormatException e) {
      throw error(l, index, "non-numeric field '" + token + "' (expected an integer)");
    }
  }

  private double decimal(TiLine l, int index) throws TraceImportException {
    String token = l.tokens().get(index);
    try {
      double v = Double.parseDouble(token);
      if (Double.isFinite(v) && v >= 0) {
        return v;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw error(l, index, "non-numeric field '" + token + "' (expected a non-negative number)");
  }

  private TraceImportException error(TiLine l, int index, String reason) {
    return TraceImportException.atLine(l.file(), l.line(), l.columns().get(index), reason);
  }

  private void warn(TiLine l, String message) {
    warnings.add(new ImportWarning(rank, l.file().getFileName() + " line " + l.line(), message));
  }
}
