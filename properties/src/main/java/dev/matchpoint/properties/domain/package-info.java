/** The jqwik domain context that provides Matchpoint's arbitraries by parameter type. */
package dev.matchpoint.properties.domain;
