package dev.matchpoint.properties.arbitraries;

import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.properties.ReceiveCall;
import dev.matchpoint.properties.SendCall;
import net.jqwik.api.Arbitrary;

/**
 * Generates free-form single-thread {@link Program}s: sends to and receives from ranks of a world of
 * a given size, not balanced (a receive may wait forever, a send may go to the thread's own rank).
 * For balanced multi-rank programs use {@link SpecArbitrary}. Shrinking removes calls and moves them
 * towards rank 0, tag 0, the smallest size and the first listed call.
 */
public interface ProgramArbitrary extends Arbitrary<Program> {
  /**
   * Ranks that sends and receives may name. Default 2.
   *
   * @param worldSize at least 1
   * @return a new arbitrary
   * @throws IllegalArgumentException when less than 1
   */
  ProgramArbitrary worldSize(int worldSize);

  /**
   * Number of calls (a probe and its receive count as one). Default 0 to 4.
   *
   * @param min at least 0
   * @param max at least {@code min}
   * @return a new arbitrary
   * @throws IllegalArgumentException when the bounds are out of range
   */
  ProgramArbitrary calls(int min, int max);

  /**
   * Tags. Default 0 to 1.
   *
   * @param min at least 0
   * @param max at least {@code min}, at most 32767
   * @return a new arbitrary
   * @throws IllegalArgumentException when the bounds are out of range
   */
  ProgramArbitrary tags(int min, int max);

  /**
   * Payload sizes and receive capacities in bytes. Default 0 to 8192.
   *
   * @param min at least 0
   * @param max at least {@code min}, at most {@link Integer#MAX_VALUE}
   * @return a new arbitrary
   * @throws IllegalArgumentException when the bounds are out of range
   */
  ProgramArbitrary messageBytes(long min, long max);

  /**
   * The chance, in percent, of MPI_ANY_SOURCE and, independently, of MPI_ANY_TAG in a receive or
   * probe pattern. Default 20.
   *
   * @param percent 0 to 100
   * @return a new arbitrary
   * @throws IllegalArgumentException when out of range
   */
  ProgramArbitrary wildcardPercent(int percent);

  /**
   * The send calls to draw from. Default every {@link SendCall}.
   *
   * @param calls at least one
   * @return a new arbitrary
   * @throws IllegalArgumentException when empty
   */
  ProgramArbitrary sends(SendCall... calls);

  /**
   * The receive calls to draw from. Default every {@link ReceiveCall}.
   *
   * @param calls at least one
   * @return a new arbitrary
   * @throws IllegalArgumentException when empty
   */
  ProgramArbitrary receives(ReceiveCall... calls);
}
