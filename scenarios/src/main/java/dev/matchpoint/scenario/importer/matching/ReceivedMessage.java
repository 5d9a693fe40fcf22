package dev.matchpoint.scenario.importer.matching;

import java.util.OptionalLong;

/**
 * A message a location received (seed 002, "ReceivedMessage").
 *
 * @param location the receiving location
 * @param receiver the receiver's world rank
 * @param sender the sender's world rank
 * @param communicator communicator id
 * @param tag the tag
 * @param bytes size in bytes
 * @param timeTicks when it was received: the Recv's or the completing Irecv's time (the latest
 *     moment), in ticks since the global offset
 * @param postedTicks when the receive was posted: the Recv's own time, or the IrecvRequest's
 * @param requestId the Irecv's request id, empty for a blocking Recv
 * @param sequence its position in the location's received list, from 0 (posting order)
 */
public record ReceivedMessage(
    long location,
    int receiver,
    int sender,
    long communicator,
    long tag,
    long bytes,
    long timeTicks,
    long postedTicks,
    OptionalLong requestId,
    int sequence) {}
