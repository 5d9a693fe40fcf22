package dev.matchpoint.properties;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.explore.Verdict;
import dev.matchpoint.core.net.DeliveryOrder;
import dev.matchpoint.mpi.SendCancelPolicy;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.rank.ModelSpec;
import dev.matchpoint.properties.CancelProgram.CancelledSend;
import dev.matchpoint.properties.CancelProgram.ReceiveKind;
import dev.matchpoint.properties.oracle.Explore;
import dev.matchpoint.properties.oracle.Exploration;
import dev.matchpoint.properties.oracle.Observe;
import dev.matchpoint.properties.oracle.TraceAssertions;
import dev.matchpoint.scenario.Scenario;
import dev.matchpoint.scenario.format.ScenarioWriter;
import dev.matchpoint.scenario.library.Library;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * MPI_Cancel and MPI_Test_cancelled (MPI-2.2 §3.8, seed 001) over every schedule of generated
 * programs ({@link CancelProgram}): one or two senders MPI_Isend a message below or above the eager
 * threshold, maybe cancel it, and ask MPI_Test_cancelled after MPI_Wait; the receiver takes each
 * message by MPI_Recv, MPI_Irecv, MPI_Probe and MPI_Recv, MPI_Mprobe and MPI_Mrecv, or an MPI_Irecv it
 * cancels. Each exploration records what MPI_Wait and MPI_Test_cancelled returned in each schedule,
 * so the properties judge the flags a program sees, not the model's internal decision.
 */
class CancelProperties {
  private static final Observe WAITS_AND_FLAGS = Observe.calls("MPI_Wait", "MPI_Test_cancelled");
  private static final String EITHER_OR = "Either the cancellation succeeds, or the communication succeeds, but not "
      + "both.";
  private static final String SEND_CANCELLED = "If a send is marked for cancellation, then it must be the case that "
      + "either the send completes normally, in which case the message sent was received at the destination process, "
      + "or that the send is successfully canceled, in which case no part of the message was received at the "
      + "destination. Then, any matching receive has to be satisfied by another send.";
  private static final String RECEIVE_CANCELLED = "If a receive is marked for cancellation, then it must be the case "
      + "that either the receive completes normally, or that the receive is successfully canceled, in which case no "
      + "part of the receive buffer is altered. Then, any matching send has to be satisfied by another receive.";
  private static final String TEST_CANCELLED = "Returns flag = true if the communication associated with the status "
      + "object was canceled successfully. In such a case, all other fields of status (such as count or tag) are "
      + "undefined. Returns flag = false, otherwise.";
  private static final String POLICY = "a policy chooses whether send cancellation can succeed at all: the standard "
      + "allows an implementation to always let the send win, and widely used implementations do";
  private static final String FLAG_TRUE = "MPI_Test_cancelled flag=true";
  private static final String FLAG_FALSE = "MPI_Test_cancelled flag=false";
  private static final String EMPTY_STATUS = "MPI_Wait source=MPI_ANY_SOURCE tag=MPI_ANY_TAG count=0B";

  /** One or two senders, each message eager or rendezvous, cancelled or not, received in one of five ways. */
  @Provide
  Arbitrary<CancelProgram> cancelPrograms() {
    Arbitrary<CancelledSend> send = Combinators.combine(
        Arbitraries.of(CancelProgram.EAGER_BYTES, CancelProgram.RENDEZVOUS_BYTES), Arbitraries.of(true, false),
        Arbitraries.of(ReceiveKind.class)).as(CancelledSend::new);
    return Combinators.combine(send.list().ofMinSize(1).ofMaxSize(2), Arbitraries.of(SendCancelPolicy.class),
        Arbitraries.of(DeliveryOrder.PER_PAIR_FIFO, DeliveryOrder.UNORDERED)).as(CancelProgram::new);
  }

  /** The same programs under {@code until-matched}, with at least one cancelled send. */
  @Provide
  Arbitrary<CancelProgram> cancellableSends() {
    return cancelPrograms().map(p -> {
      List<CancelledSend> sends = new ArrayList<>(p.sends());
      CancelledSend first = sends.get(0);
      sends.set(0, new CancelledSend(first.bytes(), true, first.receive()));
      return new CancelProgram(sends, SendCancelPolicy.UNTIL_MATCHED, p.order());
    });
  }

  /**
   * In every schedule, under either send-cancel policy: the program completes and breaks none of the
   * model's checks; a send whose MPI_Test_cancelled says true was never received (its resend was,
   * once); a send that completed without being cancelled was received exactly once; a receive whose
   * MPI_Test_cancelled says true received nothing (its MPI_Wait returned the empty status and the
   * message went to the next receive); under {@code never} no send's cancellation succeeds.
   */
  @Property(tries = 120)
  @SpecClause(source = "MPI-2.2 §3.8 (seed 001)", text = EITHER_OR)
  @SpecClause(source = "MPI-2.2 §3.8 (seed 001)", text = SEND_CANCELLED)
  @SpecClause(source = "MPI-2.2 §3.8 (seed 001)", text = RECEIVE_CANCELLED)
  @SpecClause(source = "MPI-2.2 §3.8 (seed 001)", text = TEST_CANCELLED)
  @SpecClause(source = "DESIGN §4", text = POLICY)
  void cancel_inEverySchedule_cancelledIsNeverReceived_andCompletedIsReceivedExactlyOnce(
      @ForAll("cancelPrograms") CancelProgram p) {
    Exploration e = explore(p);
    TraceAssertions.assertNever(e, CancelProgram.CHECKS);
    for (Verdict v : e.verdicts()) {
      List<String> wrong = complaints(p, v);
      if (!wrong.isEmpty()) {
        throw new AssertionError(TraceAssertions.report(e, v, String.join("\n", wrong)));
      }
      for (int i = 0; i < p.sends().size(); i++) {
        Statistics.label("send cancelled").collect(p.sends().get(i).cancel() && sendFlag(v, i));
      }
    }
  }

  /**
   * Under {@code until-matched} every path is explored: for each cancelled send, some schedule
   * cancels it (MPI_Test_cancelled true) and some lets the communication win (false); likewise for
   * each receive the receiver cancels.
   */
  @Property(tries = 60)
  @SpecClause(source = "MPI-2.2 §3.8 (seed 001)", text = EITHER_OR)
  @SpecClause(source = "MPI-2.2 §3.8 (seed 001)", text = "A call to MPI_CANCEL marks for cancellation a pending, "
      + "nonblocking communication operation (send or receive). The cancel call is local. It returns immediately, "
      + "possibly before the communication is actually canceled.")
  void cancel_underUntilMatched_bothOutcomesAreReachable_forEveryCancelledSendAndReceive(
      @ForAll("cancellableSends") CancelProgram p) {
    Exploration e = explore(p);
    for (int i = 0; i < p.sends().size(); i++) {
      int sender = i;
      if (p.sends().get(i).cancel()) {
        TraceAssertions.assertReachable(e, "the cancellation of sender " + i + "'s send succeeds",
            v -> sendFlag(v, sender));
        TraceAssertions.assertReachable(e, "the communication of sender " + i + "'s send wins over its cancellation",
            v -> !sendFlag(v, sender));
      }
      if (p.sends().get(i).receive() == ReceiveKind.CANCELLED_IRECV) {
        TraceAssertions.assertReachable(e, "the cancellation of the receive from " + i + " succeeds",
            v -> receiveFlags(p, v).get(sender));
        TraceAssertions.assertReachable(e, "the receive from " + i + " completes normally",
            v -> !receiveFlags(p, v).get(sender));
      }
    }
  }

  /**
   * The canonical race (library scenario {@code cancel-race-until-matched}: MPI_Isend and MPI_Cancel
   * against MPI_Irecv and MPI_Cancel), with its message sent eagerly and, with the eager threshold
   * at 0, by rendezvous: under {@code until-matched} both outcomes are reachable and they are the
   * only ones (both cancels succeed and nothing is received, or both fail and the message is
   * received once); under {@code never} the send's cancellation never succeeds.
   */
  @Example
  @SpecClause(source = "MPI-2.2 §3.8 (seed 001)", text = EITHER_OR)
  @SpecClause(source = "DESIGN §4", text = POLICY)
  void canonicalCancelRace_eagerAndRendezvous_reachesBothOutcomes_underUntilMatched() {
    Scenario race = Library.load("cancel-race-until-matched");
    for (long threshold : new long[] {race.options().network().protocol().eagerThresholdBytes(), 0}) {
      for (SendCancelPolicy policy : SendCancelPolicy.values()) {
        Scenario s = withOptions(race, race.options().withSendCancel(policy).withNetwork(race.options().network()
            .withProtocol(race.options().network().protocol().withEagerThreshold(threshold))));
        Exploration e = Explore.exhaustive("library scenario cancel-race-until-matched, eager threshold " + threshold
            + " B, send-cancel " + policy.configName() + ":\n" + ScenarioWriter.write(s), s.spec(), WAITS_AND_FLAGS,
            CancelProgram.CHECKS);
        assertTrue(e.exhaustive(), e::toString);
        if (policy == SendCancelPolicy.UNTIL_MATCHED) {
          TraceAssertions.assertNever(e, CancelProgram.CHECKS);
          TraceAssertions.assertEvery(e, "either both cancellations succeed and nothing is received, or both fail "
              + "and 0#0 is received once", CancelProperties::raceEitherOr);
          TraceAssertions.assertReachable(e, "both cancellations succeed: nothing is received",
              v -> flags(v, "r0.t0").equals(List.of(true)));
          TraceAssertions.assertReachable(e, "both cancellations fail: the message is received",
              v -> flags(v, "r0.t0").equals(List.of(false)));
        } else {
          // The receiver may still cancel its receive, leaving the message unreceived (or, by rendezvous, the
          // sender waiting forever): the program's own fault. Only the send's cancellation is judged.
          TraceAssertions.assertNever(e, CheckKind.CANCEL_EITHER_OR, CheckKind.RECEIVED_AT_MOST_ONCE);
          TraceAssertions.assertEvery(e, "the send's cancellation never succeeds under never",
              v -> !flags(v, "r0.t0").contains(true));
        }
      }
    }
  }

  private static boolean raceEitherOr(Verdict v) {
    List<Boolean> send = flags(v, "r0.t0");
    List<Boolean> receive = flags(v, "r1.t0");
    List<String> received = Exploration.receipts(v).getOrDefault("r1.t0", List.of());
    return send.size() == 1 && send.equals(receive)
        && received.equals(send.get(0) ? List.of() : List.of("0#0"));
  }

  private static Scenario withOptions(Scenario s, dev.matchpoint.mpi.rank.ModelOptions options) {
    return new Scenario(s.name(), s.description(), s.source(), null, s.seed(), s.mode(), s.ranks(), s.communicators(),
        options, s.checks(), s.stepBudget());
  }

  static Exploration explore(CancelProgram p) {
    ModelSpec spec = p.scenario().spec();
    Exploration e = Explore.exhaustive(p.toString(), spec, WAITS_AND_FLAGS, CancelProgram.CHECKS);
    assertTrue(e.exhaustive(), e::toString);
    return e;
  }

  /** The MPI_Test_cancelled flags one thread saw, in call order. */
  static List<Boolean> flags(Verdict v, String thread) {
    List<Boolean> out = new ArrayList<>();
    for (String r : Exploration.observed(v).getOrDefault(thread, List.of())) {
      if (r.equals(FLAG_TRUE) || r.equals(FLAG_FALSE)) {
        out.add(r.equals(FLAG_TRUE));
      }
    }
    return out;
  }

  /** Whether sender {@code i}'s MPI_Test_cancelled said true. */
  static boolean sendFlag(Verdict v, int i) {
    return flags(v, "r" + i + ".t0").equals(List.of(true));
  }

  /** Per sender, whether the receiver's cancelled receive from it was cancelled (false where it cancels nothing). */
  static List<Boolean> receiveFlags(CancelProgram p, Verdict v) {
    List<Boolean> seen = flags(v, "r" + p.receiver() + ".t0");
    List<Boolean> out = new ArrayList<>(Collections.nCopies(p.sends().size(), false));
    int k = 0;
    for (int i = 0; i < p.sends().size() && k < seen.size(); i++) {
      if (p.sends().get(i).receive() == ReceiveKind.CANCELLED_IRECV) {
        out.set(i, seen.get(k++));
      }
    }
    return out;
  }

  /** What one outcome breaks of the property, one line each; empty when it holds. */
  static List<String> complaints(CancelProgram p, Verdict v) {
    List<String> wrong = new ArrayList<>();
    if (!v.outcome().startsWith("ok")) {
      wrong.add("the program did not complete cleanly");
    }
    List<String> received = new ArrayList<>();
    Exploration.receipts(v).values().forEach(received::addAll);
    for (int i = 0; i < p.sends().size(); i++) {
      CancelledSend s = p.sends().get(i);
      List<Boolean> flag = flags(v, "r" + i + ".t0");
      int original = Collections.frequency(received, i + "#0");
      int resent = Collections.frequency(received, i + "#1");
      if (flag.size() != 1) {
        wrong.add("sender " + i + ": expected one MPI_Test_cancelled result, saw " + flag);
      } else if (flag.get(0)) {
        if (!s.cancel()) {
          wrong.add("sender " + i + ": MPI_Test_cancelled says true, but the send was never cancelled");
        }
        if (p.policy() == SendCancelPolicy.NEVER) {
          wrong.add("sender " + i + ": a send's cancellation succeeded under send-cancel never");
        }
        if (original != 0) {
          wrong.add("sender " + i + ": MPI_Test_cancelled says true, but message " + i + "#0 was received " + original
              + " time(s)");
        }
        if (resent != 1) {
          wrong.add("sender " + i + ": the resend " + i + "#1 after the cancellation was received " + resent
              + " time(s)");
        }
      } else {
        if (original != 1) {
          wrong.add("sender " + i + ": the send completed and was not cancelled, but message " + i + "#0 was received "
              + original + " time(s)");
        }
        if (resent != 0) {
          wrong.add("sender " + i + ": no cancellation, yet a resend " + i + "#1 was received");
        }
      }
    }
    wrong.addAll(receiveComplaints(p, v));
    return wrong;
  }

  /** The receiver's MPI_Wait and MPI_Test_cancelled results, walked in program order. */
  private static List<String> receiveComplaints(CancelProgram p, Verdict v) {
    List<String> wrong = new ArrayList<>();
    Map<String, List<String>> observed = Exploration.observed(v);
    List<String> results = observed.getOrDefault("r" + p.receiver() + ".t0", List.of());
    int at = 0;
    for (int i = 0; i < p.sends().size(); i++) {
      CancelledSend s = p.sends().get(i);
      String normal = "MPI_Wait source=" + i + " tag=0 count=" + s.bytes() + "B";
      if (s.receive() == ReceiveKind.IRECV) {
        String wait = at < results.size() ? results.get(at++) : "(none)";
        if (!wait.equals(normal)) {
          wrong.add("receive from " + i + ": MPI_Wait returned '" + wait + "', expected '" + normal + "'");
        }
      } else if (s.receive() == ReceiveKind.CANCELLED_IRECV) {
        String wait = at < results.size() ? results.get(at++) : "(none)";
        String flag = at < results.size() ? results.get(at++) : "(none)";
        if (flag.equals(FLAG_TRUE) && !wait.equals(EMPTY_STATUS)) {
          wrong.add("receive from " + i + ": cancelled (" + flag + "), but MPI_Wait returned '" + wait
              + "', not the empty status: it received something");
        } else if (flag.equals(FLAG_FALSE) && !wait.equals(normal)) {
          wrong.add("receive from " + i + ": not cancelled, but MPI_Wait returned '" + wait + "', expected '" + normal
              + "'");
        } else if (!flag.equals(FLAG_TRUE) && !flag.equals(FLAG_FALSE)) {
          wrong.add("receive from " + i + ": expected MPI_Test_cancelled after MPI_Wait, saw '" + flag + "'");
        }
      }
    }
    if (at != results.size()) {
      wrong.add("the receiver's MPI_Wait and MPI_Test_cancelled results do not fit its program: " + results);
    }
    return wrong;
  }
}
