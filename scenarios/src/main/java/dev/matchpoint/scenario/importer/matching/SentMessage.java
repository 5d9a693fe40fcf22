package dev.matchpoint.scenario.importer.matching;

import java.util.OptionalLong;

/**
 * A message a location sent (seed 002, "SentMessage").
 *
 * @param location the sending location
 * @param sender the sender's world rank
 * @param receiver the receiver's world rank
 * @param communicator communicator id
 * @param tag the tag
 * @param bytes size in bytes
 * @param timeTicks when it was sent: the Send's or the Isend's time (the earliest moment it could
 *     leave), in ticks since the global offset
 * @param requestId the Isend's request id, empty for a blocking Send
 * @param sequence its position in the location's sent list, from 0 (issue order)
 */
public record SentMessage(
    long location,
    int sender,
    int receiver,
    long communicator,
    long tag,
    long bytes,
    long timeTicks,
    OptionalLong requestId,
    int sequence) {}
