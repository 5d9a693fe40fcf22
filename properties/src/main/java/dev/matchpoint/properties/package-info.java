/**
 * jqwik arbitraries and oracles for MPI programs: a library users depend on, and the project's
 * property suite.
 */
package dev.matchpoint.properties;
