/**
 * The scheduler seam: the one place where every nondeterministic choice of a run is made
 * (DESIGN §2–3). Same-time events in timed mode, the next enabled action in logical mode, the source
 * a wildcard receive takes under the {@code any} policy: each is a {@link
 * dev.matchpoint.core.sched.ChoicePoint} answered by a {@link dev.matchpoint.core.sched.Scheduler}.
 * The answers form a {@link dev.matchpoint.core.sched.Schedule}, which prints as a compact string and
 * replays exactly through {@link dev.matchpoint.core.sched.ReplayScheduler}.
 */
package dev.matchpoint.core.sched;
