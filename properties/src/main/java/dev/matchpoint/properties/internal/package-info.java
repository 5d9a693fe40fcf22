/**
 * The default implementations of the arbitraries in {@code dev.matchpoint.properties.arbitraries}.
 * Not an API: create them through {@link dev.matchpoint.properties.MpiArbitraries}.
 */
package dev.matchpoint.properties.internal;
