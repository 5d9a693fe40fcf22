package dev.matchpoint.mpi.rank;

import dev.matchpoint.core.codec.StateReader;
import dev.matchpoint.core.codec.StateWriter;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.ErrorClass;
import dev.matchpoint.mpi.Mpi;
import dev.matchpoint.mpi.RequestIds;
import dev.matchpoint.mpi.SendMode;

/**
 * The requests' part of {@link WorldCodec}: a request writes its index (its owner is the thread it
 * is written with), kind and state, a byte of flags, a mask of which other fields differ from a new
 * request's, then those fields (request ids and message keys as {@link StateWriter#putId}, the rest
 * as zigzag varints), its statement and its channel state, when it has them. Immutable.
 */
final class RequestCodec {
  private static final RequestKind[] KINDS = RequestKind.values();
  private static final RequestState[] STATES = RequestState.values();
  private static final SendMode[] MODES = SendMode.values();
  private static final Datatype[] TYPES = Datatype.values();
  private static final ErrorClass[] ERRORS = ErrorClass.values();
  private static final Channel.Phase[] PHASES = Channel.Phase.values();

  private final WireCodec wire;

  RequestCodec(WireCodec wire) {
    this.wire = wire;
  }

  void put(Request r, StateWriter w) {
    int index = RequestIds.index(r.id);
    w.putVar(index).putVar(r.kind.ordinal()).putVar(r.state.ordinal());
    w.putVar((r.userVisible ? 1 : 0) | (r.freed ? 2 : 0) | (r.persistent ? 4 : 0) | (r.active ? 8 : 0)
        | (r.cancelPending ? 16 : 0) | (r.collectiveSync ? 32 : 0) | (r.rendezvous ? 64 : 0)
        | (r.statusCancelled ? 128 : 0));
    long[] v = {r.transferId, r.bindPending, r.dest, r.tag, r.context, r.sizeBytes, r.seq, r.bufferBytes,
        r.sourcePattern, r.tagPattern, r.capacityBytes, r.matchedMessage, r.statusSource, r.statusTag,
        r.statusBytes, r.statusError.ordinal(), WireCodec.putEnum(r.type), WireCodec.putEnum(r.mode), r.exchangeHalf};
    int mask = 0;
    for (int i = 0; i < v.length; i++) {
      if (v[i] != DEFAULTS[i]) {
        mask |= 1 << i;
      }
    }
    boolean located = r.at != dev.matchpoint.mpi.program.SourceLocation.unknown();
    mask |= (located ? 1 << 19 : 0) | (r.channel != null ? 1 << 20 : 0)
        | (r.part != null ? 1 << 21 : 0);
    w.putVar(mask);
    for (int i = 0; i < v.length; i++) {
      if ((mask & (1 << i)) != 0) {
        if (IDS[i]) {
          w.putId(v[i]);
        } else {
          w.putSigned(v[i]);
        }
      }
    }
    if (located) {
      wire.putLocation(r.at, w);
    }
    if (r.channel != null) {
      putChannel(r.channel, w);
    }
    if (r.part != null) {
      r.part.encodeInto(w);
    }
  }

  /** The fields {@link #put} writes when they differ from these, a new request's values. */
  private static final long[] DEFAULTS = {-1, -1, 0, 0, 0, 0, -1, 0, 0, 0, 0, -1, Mpi.PROC_NULL, Mpi.ANY_TAG, 0,
      ErrorClass.MPI_SUCCESS.ordinal(), 0, 0, -1};

  /** Which of those fields are request ids or message keys ({@link StateWriter#putId}). */
  private static final boolean[] IDS = {true, true, false, false, false, false, false, false, false, false, false, true,
      false, false, false, false, false, false, true};

  Request get(int rank, int thread, StateReader in) {
    int index = in.getVarInt();
    RequestKind kind = KINDS[in.getVarInt()];
    RequestState state = STATES[in.getVarInt()];
    int flags = in.getVarInt();
    Request out = new Request(RequestIds.id(rank, thread, index), kind, (flags & 1) != 0);
    out.state = state;
    out.freed = (flags & 2) != 0;
    out.persistent = (flags & 4) != 0;
    out.active = (flags & 8) != 0;
    out.cancelPending = (flags & 16) != 0;
    out.collectiveSync = (flags & 32) != 0;
    out.rendezvous = (flags & 64) != 0;
    out.statusCancelled = (flags & 128) != 0;
    int mask = in.getVarInt();
    long[] v = DEFAULTS.clone();
    for (int i = 0; i < v.length; i++) {
      if ((mask & (1 << i)) != 0) {
        v[i] = IDS[i] ? in.getId() : in.getSigned();
      }
    }
    out.transferId = v[0];
    out.bindPending = v[1];
    out.dest = Math.toIntExact(v[2]);
    out.tag = Math.toIntExact(v[3]);
    out.context = Math.toIntExact(v[4]);
    out.sizeBytes = v[5];
    out.seq = v[6];
    out.bufferBytes = v[7];
    out.sourcePattern = Math.toIntExact(v[8]);
    out.tagPattern = Math.toIntExact(v[9]);
    out.capacityBytes = v[10];
    out.matchedMessage = v[11];
    out.statusSource = Math.toIntExact(v[12]);
    out.statusTag = Math.toIntExact(v[13]);
    out.statusBytes = v[14];
    out.statusError = ERRORS[Math.toIntExact(v[15])];
    out.type = WireCodec.getEnum(TYPES, Math.toIntExact(v[16]));
    out.mode = WireCodec.getEnum(MODES, Math.toIntExact(v[17]));
    out.exchangeHalf = v[18];
    if ((mask & (1 << 19)) != 0) {
      out.at = wire.getLocation(in);
    }
    if ((mask & (1 << 20)) != 0) {
      out.channel = getChannel(in);
    }
    if ((mask & (1 << 21)) != 0) {
      out.part = Partitioned.decode(in);
    }
    return out;
  }

  private static void putChannel(Channel c, StateWriter w) {
    w.putBoolean(c.sender).putVar(c.peer).putSigned(c.tag).putVar(c.context).putVar(c.bytes)
        .putVar(WireCodec.putEnum(c.type)).putSigned(c.slack).putSigned(c.inRequest).putVar(c.phase.ordinal())
        .putSigned(c.peerEndpoint).putBoolean(c.peerUnbound).putVar(c.starts).putVar(c.completions).putVar(c.waits)
        .putVar(c.arrivedContiguous).putVar(c.arrivedAhead.size());
    c.arrivedAhead.forEach(w::putVar);
  }

  private static Channel getChannel(StateReader in) {
    Channel c = new Channel(in.getBoolean(), in.getVarInt(), in.getSignedInt(), in.getVarInt(), in.getVar(),
        WireCodec.getEnum(TYPES, in.getVarInt()), in.getSignedInt(), in.getSignedInt());
    c.phase = PHASES[in.getVarInt()];
    c.peerEndpoint = in.getSigned();
    c.peerUnbound = in.getBoolean();
    c.starts = in.getVar();
    c.completions = in.getVar();
    c.waits = in.getVar();
    c.arrivedContiguous = in.getVar();
    for (int n = in.getVarInt(); n > 0; n--) {
      c.arrivedAhead.add(in.getVar());
    }
    return c;
  }
}
