/**
 * Compact, serialisable encodings of model states (issue 13): {@link dev.matchpoint.core.codec.StateCodec}
 * and the varint {@link dev.matchpoint.core.codec.StateWriter}/{@link dev.matchpoint.core.codec.StateReader}
 * they are written with.
 */
package dev.matchpoint.core.codec;
