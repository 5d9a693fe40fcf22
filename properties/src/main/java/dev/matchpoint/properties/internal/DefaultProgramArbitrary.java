package dev.matchpoint.properties.internal;

import static dev.matchpoint.mpi.program.ProgramBuilder.anySource;
import static dev.matchpoint.mpi.program.ProgramBuilder.anyTag;
import static dev.matchpoint.mpi.program.ProgramBuilder.count;
import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.source;
import static dev.matchpoint.mpi.program.ProgramBuilder.tagOf;

import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.program.Expr;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.program.ProgramBuilder;
import dev.matchpoint.properties.ReceiveCall;
import dev.matchpoint.properties.SendCall;
import dev.matchpoint.properties.arbitraries.ProgramArbitrary;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.arbitraries.ArbitraryDecorator;

/** The {@link ProgramArbitrary} behind {@code MpiArbitraries.programs()}. */
public final class DefaultProgramArbitrary extends ArbitraryDecorator<Program> implements ProgramArbitrary {
  private int worldSize = 2;
  private int minCalls = 0;
  private int maxCalls = 4;
  private int minTag = 0;
  private int maxTag = 1;
  private long minBytes = 0;
  private long maxBytes = 8192;
  private int wildcardPercent = 20;
  private List<SendCall> sends = List.of(SendCall.values());
  private List<ReceiveCall> receives = List.of(ReceiveCall.values());

  /** The defaults documented on {@link ProgramArbitrary}. */
  public DefaultProgramArbitrary() {}

  private DefaultProgramArbitrary(DefaultProgramArbitrary o) {
    worldSize = o.worldSize;
    minCalls = o.minCalls;
    maxCalls = o.maxCalls;
    minTag = o.minTag;
    maxTag = o.maxTag;
    minBytes = o.minBytes;
    maxBytes = o.maxBytes;
    wildcardPercent = o.wildcardPercent;
    sends = o.sends;
    receives = o.receives;
  }

  private DefaultProgramArbitrary with(Consumer<DefaultProgramArbitrary> change) {
    DefaultProgramArbitrary copy = new DefaultProgramArbitrary(this);
    change.accept(copy);
    return copy;
  }

  @Override
  public ProgramArbitrary worldSize(int size) {
    Choices.requireRange("world size", size, size, 1, 4096);
    return with(c -> c.worldSize = size);
  }

  @Override
  public ProgramArbitrary calls(int min, int max) {
    Choices.requireRange("calls", min, max, 0, 100_000);
    return with(c -> {
      c.minCalls = min;
      c.maxCalls = max;
    });
  }

  @Override
  public ProgramArbitrary tags(int min, int max) {
    Choices.requireRange("tags", min, max, 0, 32767);
    return with(c -> {
      c.minTag = min;
      c.maxTag = max;
    });
  }

  @Override
  public ProgramArbitrary messageBytes(long min, long max) {
    Choices.requireRange("message bytes", min, max, 0, Integer.MAX_VALUE);
    return with(c -> {
      c.minBytes = min;
      c.maxBytes = max;
    });
  }

  @Override
  public ProgramArbitrary wildcardPercent(int percent) {
    Choices.requirePercent(percent);
    return with(c -> c.wildcardPercent = percent);
  }

  @Override
  public ProgramArbitrary sends(SendCall... calls) {
    List<SendCall> list = Choices.nonEmpty("send call", calls);
    return with(c -> c.sends = list);
  }

  @Override
  public ProgramArbitrary receives(ReceiveCall... calls) {
    List<ReceiveCall> list = Choices.nonEmpty("receive call", calls);
    return with(c -> c.receives = list);
  }

  /** One call of the program: a send ({@code send != null}) or a receive. */
  private record Step(SendCall send, ReceiveCall receive, int peer, int tag, long bytes, boolean anySource,
      boolean anyTag) {}

  @Override
  protected Arbitrary<Program> arbitrary() {
    Arbitrary<SendCall> send = Choices.oneOf(sends);
    Arbitrary<ReceiveCall> receive = Choices.oneOf(receives);
    Arbitrary<Step> step = Combinators.combine(Arbitraries.of(true, false), send, receive,
            Arbitraries.integers().between(0, worldSize - 1), Arbitraries.integers().between(minTag, maxTag),
            Arbitraries.longs().between(minBytes, maxBytes), Choices.percent(wildcardPercent),
            Choices.percent(wildcardPercent))
        .as((isSend, s, r, peer, tag, bytes, as, at) -> new Step(isSend ? s : null, isSend ? null : r, peer, tag,
            bytes, as, at));
    return step.list().ofMinSize(minCalls).ofMaxSize(maxCalls).map(DefaultProgramArbitrary::build);
  }

  private static Program build(List<Step> steps) {
    ProgramBuilder b = ProgramBuilder.program();
    List<String> requests = new ArrayList<>();
    for (int i = 0; i < steps.size(); i++) {
      Step s = steps.get(i);
      Expr tag = lit(s.tag());
      Expr size = lit((int) s.bytes());
      if (s.send() != null) {
        switch (s.send()) {
          case SEND -> b.send(lit(s.peer()), tag, size, Datatype.BYTE);
          case SSEND -> b.send(SendMode.SYNCHRONOUS, lit(s.peer()), tag, size, Datatype.BYTE);
          case ISEND -> {
            b.isend(SendMode.STANDARD, lit(s.peer()), tag, size, Datatype.BYTE, "s" + i);
            requests.add("s" + i);
          }
        }
        continue;
      }
      Expr src = s.anySource() ? anySource() : lit(s.peer());
      Expr pattern = s.anyTag() ? anyTag() : tag;
      String st = "st" + i;
      switch (s.receive()) {
        case RECV -> b.recv(src, pattern, size, Datatype.BYTE, null);
        case IRECV -> {
          b.irecv(src, pattern, size, Datatype.BYTE, "r" + i);
          requests.add("r" + i);
        }
        case PROBE_RECV -> b.probe(src, pattern, st).recv(source(st), tagOf(st), count(st, Datatype.BYTE),
            Datatype.BYTE, null);
        case PROBE_RECV_ANY_SOURCE -> b.probe(src, pattern, st).recv(anySource(), tagOf(st), size, Datatype.BYTE,
            null);
        case MPROBE_MRECV -> b.mprobe(src, pattern, "m" + i, st).mrecv("m" + i, count(st, Datatype.BYTE),
            Datatype.BYTE, null);
      }
    }
    if (!requests.isEmpty()) {
      b.waitAll(requests.toArray(new String[0]));
    }
    return b.build();
  }

  @Override
  public String toString() {
    return "ProgramArbitrary(world size " + worldSize + ", calls " + minCalls + ".." + maxCalls + ", tags " + minTag
        + ".." + maxTag + ", bytes " + minBytes + ".." + maxBytes + ", wildcards " + wildcardPercent + "%, sends "
        + sends + ", receives " + receives + ")";
  }
}
