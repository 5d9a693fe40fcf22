package dev.matchpoint.mpi;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Traces a test or property to the normative sentence it checks. The conformance catalogue ({@code
 * docs/conformance.md}) is generated from these annotations and lists every clause with its tests.
 *
 * <pre>{@code
 * @SpecClause(source = "MPI-3.1 §3.8.2", text = "no other probe or receive operation may match the
 *     message returned by MPI_IMPROBE")
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.TYPE})
@Repeatable(SpecClause.List.class)
public @interface SpecClause {
  /**
   * Where the sentence is: a section of a standard or a seed, e.g. {@code "MPI-3.1 §3.5"} or
   * {@code "seed 000 §3.2"}.
   *
   * @return the source
   */
  String source();

  /**
   * The sentence, quoted or closely paraphrased.
   *
   * @return the text
   */
  String text();

  /** Holder for several clauses on one element. */
  @Documented
  @Retention(RetentionPolicy.RUNTIME)
  @Target({ElementType.METHOD, ElementType.TYPE})
  @interface List {
    /**
     * The clauses.
     *
     * @return the clauses
     */
    SpecClause[] value();
  }
}
