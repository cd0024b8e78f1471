#ifndef CSHAREDCOUNT_H
#define CSHAREDCOUNT_H

/// Counts that threads share with release and acquire ordering (NodeKit's ParallelWork: how many
/// inputs are published, how many helpers have finished, what a helper thread's mailbox holds).
/// They are C so that a thread-sanitized build instruments them and sees the order they give: on
/// Linux the atomics of Swift's prebuilt Synchronization module are not instrumented
/// (docs/concurrency.md).

/// The count, read with acquire ordering.
long photofeed_count_load(const long *count);

/// Sets the count with release ordering.
void photofeed_count_store(long *count, long value);

/// Adds one with acquire-release ordering; returns the new count.
long photofeed_count_increment(long *count);

/// Sets the count to `desired` if it is `expected` (acquire-release); returns whether it did.
int photofeed_count_replace(long *count, long expected, long desired);

/// Tells the core that the calling thread is spinning on a count (x86 `pause`, Arm `yield`):
/// the wait leaves the pipeline and the other hardware thread of the core some room.
void photofeed_spin_pause(void);

#endif
