package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.matchpoint.core.codec.StateReader;
import dev.matchpoint.core.codec.StateWriter;
import dev.matchpoint.core.net.CreditReturn;
import dev.matchpoint.core.net.Network;
import dev.matchpoint.core.net.Packet;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.match.Message;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.program.SourceLocation;
import dev.matchpoint.mpi.program.Stmt;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link WireCodec}, the part of the state encoding that writes packets, messages and statement
 * locations: every packet the model sends decodes to an equal packet (a location of the programs as
 * its index, any other written out), equal packets encode to equal bytes, and corrupt input is
 * refused with the reason.
 */
class WireCodecRoundTripTest {
  private static final String CLAUSE = "States are compact, serialisable encodings with incremental fingerprints; "
      + "the visited set holds fingerprints in primitive tables. The same encoding serves the parallel search (all "
      + "cores) and the search sharded by fingerprint on Apache Spark";
  private static final SourceLocation SEND_AT = new SourceLocation("t.yaml", 3, 9);
  private static final SourceLocation RECV_AT = new SourceLocation("t.yaml", 4, 9);
  /** A location in no program of the model: written out in full. */
  private static final SourceLocation ELSEWHERE = new SourceLocation("other.yaml", 7, 3);

  private static WireCodec codec() {
    Program p = new Program(List.of(
        new Stmt.Call(new MpiOp.Send(SendMode.STANDARD, lit(1), lit(0), lit(1), Datatype.INT, MpiOp.WORLD), SEND_AT),
        new Stmt.Call(new MpiOp.Recv(lit(1), lit(0), lit(1), Datatype.INT, MpiOp.WORLD, null), RECV_AT)));
    return new WireCodec(ModelSpec.builder().rank(p).rank(p).build());
  }

  private static byte[] bytes(WireCodec c, Packet p) {
    StateWriter w = new StateWriter();
    c.write(p, w);
    return w.toByteArray();
  }

  private static Message message(SourceLocation at, boolean rendezvous, SendMode mode) {
    return new Message(0, 5, 2, 3, 8, Datatype.DOUBLE, rendezvous, mode, 17, at, 0);
  }

  @Test
  @SpecClause(source = "DESIGN §5", text = CLAUSE)
  void everyKindOfPacket_decodesToAnEqualPacket_andEqualPacketsEncodeEqual() {
    WireCodec c = codec();
    List<Packet> packets = List.of(
        new Packet(Payloads.EAGER, 0, 1, 8, message(SEND_AT, false, SendMode.SYNCHRONOUS)),
        new Packet(Payloads.EAGER, 1, 0, 8, message(RECV_AT, false, SendMode.READY)),
        new Packet(Payloads.RTS, 0, 1, 0, message(ELSEWHERE, true, SendMode.BUFFERED)),
        new Packet(Payloads.RTS, 0, 1, 0, message(SourceLocation.unknown(), true, SendMode.STANDARD)),
        new Packet(Payloads.CTS, 1, 0, 0, new Payloads.Cts(17, 40)),
        new Packet(Payloads.DATA, 0, 1, 8, new Payloads.Data(17, 40, 8)),
        new Packet(Payloads.ACK, 1, 0, 0, new Payloads.Ack(17)),
        new Packet(Payloads.CANCEL, 0, 1, 0, new Payloads.CancelRequest(0, 2, 3, 17)),
        new Packet(Payloads.CANCEL_ACK, 1, 0, 0, new Payloads.CancelAnswer(17, true)),
        new Packet(Payloads.CANCEL_ACK, 1, 0, 0, new Payloads.CancelAnswer(17, false)),
        new Packet(Payloads.BIND, 0, 1, 0, new Payloads.BindOffer(true, 0, -1, 2, -1, 33)),
        new Packet(Payloads.UNBIND, 0, 1, 0, new Payloads.Unbind(33)),
        new Packet(Payloads.CDATA, 0, 1, 4, new Payloads.ChannelData(33, 2, 4, Datatype.INT, SEND_AT)),
        new Packet(Payloads.CDATA, 0, 1, 4, new Payloads.ChannelData(33, 2, 4, Datatype.INT, ELSEWHERE)),
        new Packet(Network.CREDIT, 1, 0, 0, new CreditReturn(24)),
        new Packet("SOME_OTHER_KIND", 1, 0, 0, null));
    for (Packet p : packets) {
      byte[] b = bytes(c, p);
      assertEquals(p, c.read(new StateReader(b)), p.toString());
      assertArrayEquals(b, bytes(codec(), p), "encoded by another codec of the same model: " + p);
    }
  }

  @Test
  @SpecClause(source = "DESIGN §5", text = CLAUSE)
  void aLocationOfTheProgramsIsWrittenAsItsIndex_anyOtherInFull() {
    WireCodec c = codec();
    StateWriter known = new StateWriter();
    c.putLocation(RECV_AT, known);
    // index 0 is "unknown"; the two ranks run the same program, whose statements are indices 1 and 2.
    assertArrayEquals(new StateWriter().putVar(3).toByteArray(), known.toByteArray());
    assertEquals(RECV_AT, c.getLocation(new StateReader(known.toByteArray())));
    StateWriter other = new StateWriter();
    c.putLocation(ELSEWHERE, other);
    assertArrayEquals(new StateWriter().putVar(0).putString("other.yaml").putVar(7).putVar(3).toByteArray(),
        other.toByteArray());
    assertEquals(ELSEWHERE, c.getLocation(new StateReader(other.toByteArray())));
  }

  @Test
  @SpecClause(source = "DESIGN §5", text = CLAUSE)
  void corruptInput_isRefusedWithTheReason() {
    WireCodec c = codec();
    IllegalArgumentException kind = assertThrows(IllegalArgumentException.class,
        () -> c.read(new StateReader(new StateWriter().putVar(12).toByteArray())));
    assertEquals("no packet kind 12", kind.getMessage());
    IllegalArgumentException payload = assertThrows(IllegalArgumentException.class, () -> c.read(new StateReader(
        new StateWriter().putVar(3).putVar(0).putVar(1).putVar(0).putVar(12).toByteArray())));
    assertEquals("no payload kind 12", payload.getMessage());
    IllegalArgumentException location = assertThrows(IllegalArgumentException.class,
        () -> c.getLocation(new StateReader(new StateWriter().putVar(4).toByteArray())));
    assertEquals("no statement location 3 in this model", location.getMessage());
    assertEquals(RECV_AT, c.getLocation(new StateReader(new StateWriter().putVar(3).toByteArray())));
    Datatype[] types = Datatype.values();
    assertEquals(types[types.length - 1], WireCodec.getEnum(types, types.length));
    assertEquals(null, WireCodec.getEnum(types, 0));
    IllegalArgumentException type = assertThrows(IllegalArgumentException.class,
        () -> WireCodec.getEnum(types, types.length + 1));
    assertEquals("no constant " + types.length + " of class dev.matchpoint.mpi.Datatype", type.getMessage());
    assertThrows(IllegalArgumentException.class, () -> WireCodec.getEnum(types, -1));
  }
}
