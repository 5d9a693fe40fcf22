package dev.matchpoint.properties;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.explore.Verdict;
import dev.matchpoint.core.net.DeliveryOrder;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.properties.ChannelProgram.Side;
import dev.matchpoint.properties.ChannelProgram.Transfer;
import dev.matchpoint.properties.oracle.Explore;
import dev.matchpoint.properties.oracle.Exploration;
import dev.matchpoint.properties.oracle.Observe;
import dev.matchpoint.properties.oracle.TraceAssertions;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * Persistent channels with K-slackness (seed 003, proposals 1 and 3) over every schedule of
 * generated programs ({@link ChannelProgram}): K from 1 to 3, one to four transfers, each end's own
 * start/wait pattern, FIFO or reordering networks. Each exploration records, thread by thread and in
 * order, the channel starts (with their sequence number and buffer slot), the transfers arriving at
 * the receive end, and what every MPI_Wait returned.
 */
class ChannelProperties {
  private static final Observe CHANNEL = Observe.calls("MPI_Wait").withChannelEvents();
  private static final String K_RULE = "more than K outstanding starts on a K-slack channel (seed 003)";
  private static final String READY_RULE = "channel send started before the matching receive start (seed 003)";
  private static final String READY = "they automatically have the ready property";
  private static final Pattern EVENT = Pattern.compile("channel \\S+ (start|transfer) #(\\d+) slot (\\d+)");

  private static Arbitrary<Transfer> transfers(boolean handshakeAlways) {
    return Combinators.combine(Arbitraries.integers().between(1, 3), Arbitraries.integers().between(1, 3),
        handshakeAlways ? Arbitraries.just(true) : Arbitraries.of(true, false)).as(Transfer::new);
  }

  private static Arbitrary<DeliveryOrder> orders() {
    return Arbitraries.of(DeliveryOrder.PER_PAIR_FIFO, DeliveryOrder.UNORDERED);
  }

  /** K 1–3, 1–3 transfers, each end at most K starts ahead, every send start after its go. */
  @Provide
  Arbitrary<ChannelProgram> withinK() {
    return Combinators.combine(Arbitraries.integers().between(1, 3), transfers(true).list().ofMinSize(1).ofMaxSize(3),
        orders()).as((k, t, order) -> new ChannelProgram(k, t, Side.NONE, order));
  }

  /** K 1–2 and K + 1 or K + 2 transfers, one end starting K + 1 times before its first Wait. */
  @Provide
  Arbitrary<ChannelProgram> overstarted() {
    return Arbitraries.integers().between(1, 2).flatMap(k -> Combinators.combine(
        transfers(true).list().ofMinSize(k + 1).ofMaxSize(k + 2), Arbitraries.of(Side.RECEIVER, Side.SENDER),
        orders()).as((t, side, order) -> new ChannelProgram(k, t, side, order)));
  }

  /**
   * K 1–2, 1–2 transfers, at least one send start not waiting for its go (the first, if none other).
   * Two transfers at most: with the ready property judged at each send start, which starts break it
   * multiplies the outcomes, and three transfers on an unordered network can exceed the search budget.
   */
  @Provide
  Arbitrary<ChannelProgram> skippedHandshake() {
    return Combinators.combine(Arbitraries.integers().between(1, 2), transfers(false).list().ofMinSize(1).ofMaxSize(2),
        orders()).as((k, t, order) -> {
          List<Transfer> list = new ArrayList<>(t);
          if (list.stream().allMatch(Transfer::handshake)) {
            Transfer first = list.get(0);
            list.set(0, new Transfer(first.senderAhead(), first.receiverAhead(), false));
          }
          return new ChannelProgram(k, list, Side.NONE, order);
        });
  }

  /**
   * A pattern that keeps at most K starts outstanding on each end, with the ready property kept by
   * the program's go messages, completes without error in every schedule; the n-th start on each end
   * has sequence number n and uses buffer slot n mod K; and the i-th MPI_Wait at the receive end
   * returns only once transfer i has arrived, with its data's status, even when the network delivers
   * the transfers out of order: the channel keeps its own order.
   */
  @Property(tries = 100)
  @SpecClause(source = "seed 003 Proposal 3", text = "Sender may start as many as K times before first Wait.")
  @SpecClause(source = "seed 003 Proposal 3", text = "Receiver may start as many as K times before first Wait.")
  @SpecClause(source = "seed 003 Proposal 3", text = "Given a K-slack send channel Ksreq1, and its corresponding "
      + "Krreq1, then a series of starts and waits is allowed.")
  @SpecClause(source = "seed 003 Proposal 3", text = "The modulus is computed automatically via the slackness and the "
      + "count information in the original data types.")
  @SpecClause(source = "seed 003 Proposal 1", text = "sreq2, rreq2 are bound endpoints that now are in a separate "
      + "communication space w.r.t. ordering and completion compared to comm.")
  void channel_withAtMostKOutstandingStarts_completes_andTheIthWaitGetsTheIthTransfer(
      @ForAll("withinK") ChannelProgram p) {
    Exploration e = explore(p);
    TraceAssertions.assertNever(e, ChannelProgram.CHECKS);
    for (Verdict v : e.verdicts()) {
      List<String> wrong = new ArrayList<>();
      if (!v.outcome().startsWith("ok")) {
        wrong.add("the program did not complete cleanly");
      }
      wrong.addAll(senderComplaints(p, v));
      wrong.addAll(receiverComplaints(p, v));
      if (!wrong.isEmpty()) {
        throw new AssertionError(TraceAssertions.report(e, v, String.join("\n", wrong)));
      }
    }
    Statistics.label("K").collect(p.slack());
    Statistics.label("most receive starts outstanding").collect(p.maxOutstanding(Side.RECEIVER));
  }

  /** A start that would be the K + 1st outstanding one on its end is reported, naming the rule, in every schedule. */
  @Property(tries = 40)
  @SpecClause(source = "seed 003 Proposal 3", text = "No more than K outstanding send or receive starts on either end "
      + "is legal.")
  @SpecClause(source = "DESIGN §4", text = "K-slack channels allow at most K outstanding starts per side")
  @SpecClause(source = "DESIGN §4", text = "Violations are reported as erroneous programs.")
  void channel_aKPlusFirstOutstandingStart_isReportedErroneous_inEverySchedule(
      @ForAll("overstarted") ChannelProgram p) {
    assertTrue(p.maxOutstanding(p.overstart()) == p.slack() + 1, p::toString);
    Exploration e = explore(p);
    int rank = p.overstart() == Side.SENDER ? 0 : 1;
    String problem = "erroneous: " + K_RULE + " at r" + rank + ".t0";
    TraceAssertions.assertEvery(e, "the outcome reports '" + problem + "'", v -> v.details().contains(problem));
    Statistics.label("overstarting end").collect(p.overstart());
  }

  /**
   * A send start that does not wait for the receive end's go can come before the matching receive
   * start, and is then reported erroneous at the send end, naming the ready rule: in every outcome
   * in which the receive end saw a transfer arrive before its own matching start, and also in some
   * outcome in which every transfer arrived after its receive start (the send start came first all
   * the same: the property is judged when the send starts, not when its data arrives).
   */
  @Property(tries = 40)
  @SpecClause(source = "seed 003 Proposal 1", text = READY)
  @SpecClause(source = "seed 003 Proposal 3", text = "The ready semantics must be maintained.")
  @SpecClause(source = "DESIGN §4", text = "channels have the ready property (a send start needs the peer's receive "
      + "start)")
  void channel_aSendStartBeforeItsReceiveStart_isReportedErroneous_inEveryScheduleWhereItHappens(
      @ForAll("skippedHandshake") ChannelProgram p) {
    Exploration e = explore(p);
    String problem = "erroneous: " + READY_RULE + " at r0.t0";
    TraceAssertions.assertReachable(e, "a transfer arrives before its receive start", v -> transferAhead(v) >= 0);
    TraceAssertions.assertEvery(e, "'" + problem + "' is reported whenever a transfer arrived before its receive "
        + "start", v -> transferAhead(v) < 0 || v.details().contains(problem));
    TraceAssertions.assertReachable(e, "'" + problem + "' is reported though every transfer arrived after its "
        + "receive start", v -> transferAhead(v) < 0 && v.details().contains(problem));
    Statistics.label("some schedule keeps the ready property anyway").collect(e.reachable(v -> transferAhead(v) < 0));
  }

  static Exploration explore(ChannelProgram p) {
    Exploration e = Explore.exhaustive(p.toString(), p.scenario().spec(), CHANNEL, ChannelProgram.CHECKS);
    assertTrue(e.exhaustive(), e::toString);
    return e;
  }

  /** The first transfer the receive end saw arrive before its own start of the same number, or -1. */
  static long transferAhead(Verdict v) {
    int starts = 0;
    for (String s : Exploration.observed(v).getOrDefault("r1.t0", List.of())) {
      Matcher m = EVENT.matcher(s);
      if (m.matches()) {
        long seq = Long.parseLong(m.group(2));
        if (m.group(1).equals("start")) {
          starts++;
        } else if (seq >= starts) {
          return seq;
        }
      }
    }
    return -1;
  }

  private static List<String> senderComplaints(ChannelProgram p, Verdict v) {
    List<String> wrong = new ArrayList<>();
    int starts = 0;
    for (String s : Exploration.observed(v).getOrDefault("r0.t0", List.of())) {
      Matcher m = EVENT.matcher(s);
      if (m.matches()) {
        wrong.addAll(startComplaints("send", p, m, starts++));
      }
    }
    if (starts != p.n()) {
      wrong.add("the send end started " + starts + " times, expected " + p.n());
    }
    return wrong;
  }

  private static List<String> startComplaints(String end, ChannelProgram p, Matcher m, int expected) {
    long seq = Long.parseLong(m.group(2));
    int slot = Integer.parseInt(m.group(3));
    List<String> wrong = new ArrayList<>();
    if (!m.group(1).equals("start")) {
      wrong.add("a transfer arrived at the " + end + " end");
    } else if (seq != expected || slot != expected % p.slack()) {
      wrong.add(end + " start " + expected + " has sequence number " + seq + " and slot " + slot + ", expected "
          + expected + " and slot " + (expected % p.slack()));
    }
    return wrong;
  }

  private static List<String> receiverComplaints(ChannelProgram p, Verdict v) {
    List<String> wrong = new ArrayList<>();
    String status = "MPI_Wait source=0 tag=0 count=" + ChannelProgram.BYTES + "B";
    int starts = 0;
    int waits = 0;
    TreeSet<Long> arrived = new TreeSet<>();
    for (String s : Exploration.observed(v).getOrDefault("r1.t0", List.of())) {
      Matcher m = EVENT.matcher(s);
      if (m.matches() && m.group(1).equals("start")) {
        wrong.addAll(startComplaints("receive", p, m, starts++));
      } else if (m.matches()) {
        long seq = Long.parseLong(m.group(2));
        if (Integer.parseInt(m.group(3)) != seq % p.slack()) {
          wrong.add("transfer " + seq + " went to slot " + m.group(3) + ", expected " + (seq % p.slack()));
        }
        if (seq >= starts) {
          wrong.add("transfer " + seq + " arrived before receive start " + seq);
        }
        if (!arrived.add(seq)) {
          wrong.add("transfer " + seq + " arrived twice");
        }
      } else {
        for (long i = 0; i <= waits; i++) {
          if (!arrived.contains(i)) {
            wrong.add("receive Wait " + waits + " returned before transfer " + i + " arrived (channel order)");
          }
        }
        if (!s.equals(status)) {
          wrong.add("receive Wait " + waits + " returned '" + s + "', expected '" + status + "'");
        }
        waits++;
      }
    }
    if (starts != p.n() || waits != p.n() || arrived.size() != p.n()) {
      wrong.add("the receive end started " + starts + " times, waited " + waits + " times and saw " + arrived.size()
          + " transfers; expected " + p.n() + " of each");
    }
    return wrong;
  }
}
