package dev.matchpoint.mpi.rank;

import dev.matchpoint.core.codec.PacketCodec;
import dev.matchpoint.core.codec.StateReader;
import dev.matchpoint.core.codec.StateWriter;
import dev.matchpoint.core.net.CreditReturn;
import dev.matchpoint.core.net.Network;
import dev.matchpoint.core.net.Packet;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.match.Message;
import dev.matchpoint.mpi.program.Code;
import dev.matchpoint.mpi.program.Instr;
import dev.matchpoint.mpi.program.SourceLocation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The part of {@link WorldCodec} that writes what travels and where it was written: statement
 * locations (an index into the model's statements), messages and packets with their payloads.
 * Immutable once built; safe to share between threads.
 */
final class WireCodec implements PacketCodec {
  private static final Datatype[] TYPES = Datatype.values();
  private static final SendMode[] MODES = SendMode.values();
  /** Packet kinds by code; a kind not listed is written as its name after code 0. */
  private static final String[] KINDS = {null, Payloads.EAGER, Payloads.RTS, Payloads.CTS, Payloads.DATA,
      Payloads.ACK, Payloads.CANCEL, Payloads.CANCEL_ACK, Payloads.BIND, Payloads.UNBIND, Payloads.CDATA,
      Network.CREDIT};

  /** Every statement location of the programs, in (rank, thread, pc) order; index 0 is unknown. */
  private final List<SourceLocation> locations = new ArrayList<>();
  /** Location to its index in {@link #locations} (looked up only, never iterated). */
  private final Map<SourceLocation, Integer> locationIndex = new HashMap<>();

  WireCodec(ModelSpec spec) {
    locations.add(SourceLocation.unknown());
    locationIndex.put(SourceLocation.unknown(), 0);
    for (Code code : spec.distinctCodes()) { // a program used again adds no new location
      for (int pc = 0; pc < code.size(); pc++) {
        Instr in = code.at(pc);
        SourceLocation at = in instanceof Instr.Call c ? c.at() : in instanceof Instr.BranchIfFalse b ? b.at()
            : in instanceof Instr.LoopEnter l ? l.at() : null;
        if (at != null && locationIndex.putIfAbsent(at, locations.size()) == null) {
          locations.add(at);
        }
      }
    }
  }

  /** A location: its index plus one, or 0 and the location written out. */
  void putLocation(SourceLocation at, StateWriter w) {
    Integer i = locationIndex.get(at);
    if (i != null) {
      w.putVar(i + 1L);
    } else {
      w.putVar(0).putString(at.file()).putVar(at.line()).putVar(at.column());
    }
  }

  SourceLocation getLocation(StateReader r) {
    int i = r.getVarInt();
    if (i == 0) {
      return new SourceLocation(r.getString(), r.getVarInt(), r.getVarInt());
    }
    if (i > locations.size()) {
      throw new IllegalArgumentException("no statement location " + (i - 1) + " in this model");
    }
    return locations.get(i - 1);
  }

  static int putEnum(Enum<?> e) {
    return e == null ? 0 : e.ordinal() + 1;
  }

  static <E> E getEnum(E[] values, int code) {
    if (code < 0 || code > values.length) {
      throw new IllegalArgumentException("no constant " + (code - 1) + " of " + values.getClass().getComponentType());
    }
    return code == 0 ? null : values[code - 1];
  }

  void putMessage(Message m, StateWriter w) {
    w.putVar(m.source()).putSigned(m.tag()).putVar(m.context()).putVar(m.seq()).putVar(m.sizeBytes())
        .putVar(putEnum(m.type()) * 2L + (m.rendezvous() ? 1 : 0)).putVar(putEnum(m.mode()))
        .putId(m.sendRequestId()).putSigned(m.arrivalStamp());
    putLocation(m.sentAt(), w);
  }

  Message getMessage(StateReader r) {
    int source = r.getVarInt();
    int tag = r.getSignedInt();
    int context = r.getVarInt();
    long seq = r.getVar();
    long size = r.getVar();
    int typeAndKind = r.getVarInt();
    SendMode mode = getEnum(MODES, r.getVarInt());
    long sendRequest = r.getId();
    long stamp = r.getSigned();
    return new Message(source, tag, context, seq, size, getEnum(TYPES, typeAndKind >> 1), (typeAndKind & 1) != 0,
        mode, sendRequest, getLocation(r), stamp);
  }

  @Override
  public void write(Packet p, StateWriter w) {
    int kind = 0;
    for (int i = 1; i < KINDS.length; i++) {
      if (KINDS[i].equals(p.kind())) {
        kind = i;
        break;
      }
    }
    w.putVar(kind);
    if (kind == 0) {
      w.putString(p.kind());
    }
    w.putVar(p.source()).putVar(p.dest()).putVar(p.sizeBytes());
    Object o = p.payload();
    if (o == null) {
      w.putVar(0);
    } else if (o instanceof Message m) {
      w.putVar(1);
      putMessage(m, w);
    } else if (o instanceof Payloads.Cts c) {
      w.putVar(2).putId(c.sendRequestId()).putId(c.recvRequestId());
    } else if (o instanceof Payloads.Data d) {
      w.putVar(3).putId(d.sendRequestId()).putId(d.recvRequestId()).putVar(d.sizeBytes());
    } else if (o instanceof Payloads.Ack a) {
      w.putVar(4).putId(a.sendRequestId());
    } else if (o instanceof Payloads.CancelRequest c) {
      w.putVar(5).putVar(c.source()).putVar(c.context()).putVar(c.seq()).putId(c.sendRequestId());
    } else if (o instanceof Payloads.CancelAnswer c) {
      w.putVar(6).putId(c.sendRequestId()).putBoolean(c.cancelled());
    } else if (o instanceof Payloads.BindOffer b) {
      w.putVar(7);
      putBindOffer(b, w);
    } else if (o instanceof Payloads.Unbind u) {
      w.putVar(8).putId(u.endpoint());
    } else if (o instanceof Payloads.ChannelData d) {
      w.putVar(9).putId(d.endpoint()).putVar(d.seq()).putVar(d.bytes()).putVar(putEnum(d.type()));
      putLocation(d.sentAt(), w);
    } else if (o instanceof CreditReturn c) {
      w.putVar(10).putVar(c.bytes());
    } else if (o instanceof Partitioned.Data d) {
      w.putVar(11);
      Partitioned.putData(d, w, this);
    } else {
      throw new IllegalArgumentException("a " + p.kind() + " packet's payload has no encoding: " + o.getClass());
    }
  }

  @Override
  public Packet read(StateReader r) {
    int kind = r.getVarInt();
    if (kind >= KINDS.length) {
      throw new IllegalArgumentException("no packet kind " + kind);
    }
    String name = kind == 0 ? r.getString() : KINDS[kind];
    int source = r.getVarInt();
    int dest = r.getVarInt();
    long size = r.getVar();
    int tag = r.getVarInt();
    Object payload = switch (tag) {
      case 0 -> null;
      case 1 -> getMessage(r);
      case 2 -> new Payloads.Cts(r.getId(), r.getId());
      case 3 -> new Payloads.Data(r.getId(), r.getId(), r.getVar());
      case 4 -> new Payloads.Ack(r.getId());
      case 5 -> new Payloads.CancelRequest(r.getVarInt(), r.getVarInt(), r.getVar(), r.getId());
      case 6 -> new Payloads.CancelAnswer(r.getId(), r.getBoolean());
      case 7 -> getBindOffer(r);
      case 8 -> new Payloads.Unbind(r.getId());
      case 9 -> new Payloads.ChannelData(r.getId(), r.getVar(), r.getVar(), getEnum(TYPES, r.getVarInt()),
          getLocation(r));
      case 10 -> new CreditReturn(r.getVar());
      case 11 -> Partitioned.getData(r, this);
      default -> throw new IllegalArgumentException("no payload kind " + tag);
    };
    return new Packet(name, source, dest, size, payload);
  }

  static void putBindOffer(Payloads.BindOffer b, StateWriter w) {
    w.putBoolean(b.sender()).putVar(b.from()).putSigned(b.tag()).putVar(b.context()).putSigned(b.slack())
        .putId(b.endpoint());
  }

  static Payloads.BindOffer getBindOffer(StateReader r) {
    return new Payloads.BindOffer(r.getBoolean(), r.getVarInt(), r.getSignedInt(), r.getVarInt(), r.getSignedInt(),
        r.getId());
  }
}
