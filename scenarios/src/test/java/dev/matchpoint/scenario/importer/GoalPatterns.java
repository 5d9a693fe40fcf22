package dev.matchpoint.scenario.importer;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * GOAL schedules of common patterns for import tests, as {@code tools/goalgen.py} writes them:
 * 8-byte messages with tag 0, one block per rank.
 */
public final class GoalPatterns {
  private GoalPatterns() {}

  /**
   * A binomial broadcast from rank 0: rank r with highest set bit 2^h receives from r - 2^h, then
   * sends to r + 2^k for k > h while below n (rank 0 sends to 1, 2, 4, ...), each send requiring
   * the receive.
   *
   * @param n ranks
   * @return the schedule text
   */
  public static String bcast(int n) {
    StringBuilder sb = new StringBuilder("num_ranks " + n + "\n");
    for (int r = 0; r < n; r++) {
      sb.append("rank ").append(r).append(" {\n");
      int op = 0;
      int k = 1;
      if (r > 0) {
        int h = Integer.highestOneBit(r);
        sb.append("l0: recv 8b from ").append(r - h).append(" tag 0\n");
        op = 1;
        k = h << 1;
      }
      for (; r + k < n; k <<= 1, op++) {
        sb.append('l').append(op).append(": send 8b to ").append(r + k).append(" tag 0\n");
        if (r > 0) {
          sb.append('l').append(op).append(" requires l0\n");
        }
      }
      sb.append("}\n");
    }
    return sb.toString();
  }

  /**
   * Dissemination: in round k rank r sends to (r + 2^k) mod n and receives from (r - 2^k) mod n,
   * each round requiring the previous round's receive.
   *
   * @param n ranks
   * @return the schedule text
   */
  public static String dissemination(int n) {
    StringBuilder sb = new StringBuilder("num_ranks " + n + "\n");
    for (int r = 0; r < n; r++) {
      sb.append("rank ").append(r).append(" {\n");
      int op = 0;
      for (int k = 1; k < n; k <<= 1, op += 2) {
        sb.append('l').append(op).append(": send 8b to ").append(Math.floorMod(r + k, n)).append(" tag 0\n");
        sb.append('l').append(op + 1).append(": recv 8b from ").append(Math.floorMod(r - k, n)).append(" tag 0\n");
        if (op > 0) {
          sb.append('l').append(op).append(" requires l").append(op - 1).append('\n');
          sb.append('l').append(op + 1).append(" requires l").append(op - 1).append('\n');
        }
      }
      sb.append("}\n");
    }
    return sb.toString();
  }

  /**
   * Linear all-to-all: in step i rank r sends to (r + i) mod n and receives from (r - i) mod n.
   *
   * @param n ranks
   * @return the schedule text
   */
  public static String alltoall(int n) {
    StringBuilder sb = new StringBuilder("num_ranks " + n + "\n");
    for (int r = 0; r < n; r++) {
      sb.append("rank ").append(r).append(" {\n");
      for (int i = 1; i < n; i++) {
        sb.append('l').append(2 * i).append(": send 8b to ").append((r + i) % n).append(" tag 0\n");
        sb.append('l').append(2 * i + 1).append(": recv 8b from ").append(Math.floorMod(r - i, n)).append(" tag 0\n");
      }
      sb.append("}\n");
    }
    return sb.toString();
  }

  /**
   * Rounds of exchanges along permutations that follow no rank-relative pattern: in round k rank r
   * sends to p_k(r) = ((1 + k mod (n - 1)) r + k) mod n and receives from its preimage (n a prime, so p_k is a
   * bijection and its offset p_k(r) - r differs from rank to rank), each round requiring the previous
   * round's receive. Written straight to a file.
   *
   * @param n ranks, a prime
   * @param rounds rounds
   * @param file where to write
   * @throws IOException when the file cannot be written
   */
  public static void permutations(int n, int rounds, Path file) throws IOException {
    try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      w.write("num_ranks " + n + "\n");
      int[][] inverse = new int[rounds][n];
      for (int k = 0; k < rounds; k++) {
        for (int r = 0; r < n; r++) {
          inverse[k][perm(k, r, n)] = r;
        }
      }
      for (int r = 0; r < n; r++) {
        w.write("rank " + r + " {\n");
        for (int k = 0; k < rounds; k++) {
          w.write("l" + 2 * k + ": send 8b to " + perm(k, r, n) + " tag " + k + "\n");
          w.write("l" + (2 * k + 1) + ": recv 8b from " + inverse[k][r] + " tag " + k + "\n");
          if (k > 0) {
            w.write("l" + 2 * k + " requires l" + (2 * k - 1) + "\nl" + (2 * k + 1) + " requires l" + (2 * k - 1) + "\n");
          }
        }
        w.write("}\n");
      }
    }
  }

  private static int perm(int k, int r, int n) {
    return (int) Math.floorMod((1L + k % (n - 1)) * r + k, (long) n);
  }
}
