package dev.matchpoint.mpi.rank;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.ErrorClass;
import dev.matchpoint.mpi.RequestIds;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.program.ProgramBuilder;
import dev.matchpoint.mpi.program.SourceLocation;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import org.junit.jupiter.api.Test;

/**
 * Timed mode reuses the object of a plain send or receive request its thread has returned
 * ({@link ThreadState#recycle}): the reused request must start exactly as a new one, and requests
 * that something may still hold (persistent, freed, buffered, cancelled) are never reused.
 */
class RequestReuseTest {
  private static ThreadState thread() {
    return new ThreadState(3, 0, ModelSpec.builder().rank(ProgramBuilder.program().build()).build().threads().get(0)
        .get(0));
  }

  /** Every field of a request, by reflection, so that a field added later is compared too. */
  private static void assertSameFields(Request expected, Request actual) throws IllegalAccessException {
    for (Field f : Request.class.getDeclaredFields()) {
      if (Modifier.isStatic(f.getModifiers())) {
        continue;
      }
      f.setAccessible(true);
      assertEquals(f.get(expected), f.get(actual), f.getName());
    }
  }

  /** A request with every field changed from its initial value, as a completed operation leaves it. */
  private static void use(Request r) {
    r.state = RequestState.COMPLETE;
    r.active = false;
    r.collectiveSync = true;
    r.at = new SourceLocation("x.yaml", 4, 2);
    r.type = Datatype.LONG;
    r.dest = 5;
    r.tag = 6;
    r.context = 1;
    r.sizeBytes = 8;
    r.mode = SendMode.SYNCHRONOUS;
    r.rendezvous = true;
    r.seq = 9;
    r.sourcePattern = 2;
    r.tagPattern = 3;
    r.capacityBytes = 16;
    r.matchedMessage = 77;
    r.complete(2, 3, 8, ErrorClass.MPI_ERR_TRUNCATE);
  }

  @Test
  void reusedRequest_startsAsANewOne() throws IllegalAccessException {
    ThreadState t = thread();
    Request first = t.newRequest(RequestKind.SEND, false);
    use(first);
    t.dropRequest(first);
    t.recycle(first);
    Request second = t.newRequest(RequestKind.RECV, true);
    assertSame(first, second, "the returned request's object is reused");
    assertEquals(RequestIds.id(3, 0, 1), second.id);
    assertSameFields(new Request(RequestIds.id(3, 0, 1), RequestKind.RECV, true), second);
    assertSame(second, t.request(second.id));
  }

  @Test
  void requestsSomethingMayStillHold_areNotReused() {
    ThreadState t = thread();
    for (int k = 0; k < 6; k++) {
      Request r = t.newRequest(RequestKind.SEND, true);
      switch (k) {
        case 0 -> r.persistent = true;
        case 1 -> r.freed = true;
        case 2 -> r.bufferBytes = 8;
        case 3 -> r.cancelPending = true;
        case 4 -> r.statusCancelled = true;
        default -> r.transferId = 4;
      }
      t.dropRequest(r);
      t.recycle(r);
      assertNotSame(r, t.newRequest(RequestKind.SEND, true), "case " + k);
    }
    Request collective = t.newRequest(RequestKind.COLLECTIVE, true);
    t.dropRequest(collective);
    t.recycle(collective);
    assertNotSame(collective, t.newRequest(RequestKind.RECV, true));
  }

  @Test
  void atMostTwoAreKept_andNoneOnceTheThreadHasFinished() {
    ThreadState t = thread();
    Request a = t.newRequest(RequestKind.RECV, true);
    Request b = t.newRequest(RequestKind.SEND, false);
    Request c = t.newRequest(RequestKind.SEND, false);
    for (Request r : new Request[] {a, b, c}) {
      t.dropRequest(r);
      t.recycle(r);
    }
    assertSame(b, t.newRequest(RequestKind.SEND, false));
    assertSame(a, t.newRequest(RequestKind.SEND, false));
    assertNotSame(c, t.newRequest(RequestKind.SEND, false), "a third is not kept");
    Request d = t.newRequest(RequestKind.RECV, true);
    t.dropRequest(d);
    t.recycle(d);
    t.dropSpares();
    assertNotSame(d, t.newRequest(RequestKind.RECV, true));
  }

  @Test
  void oneInternal_holdsTheIndex() {
    ThreadState t = thread();
    int[] a = t.oneInternal(4);
    assertEquals(4, a[0]);
    assertSame(a, t.oneInternal(9));
    assertTrue(a.length == 1 && a[0] == 9);
  }
}
