#ifndef CSQLITESETUP_H
#define CSQLITESETUP_H

/// Sets SQLite's process-wide options before its first use (sqlite3_config is variadic, so Swift
/// cannot call it): the multi-thread mode, since FeedStore never shares a connection between
/// threads at once (no mutex per connection call), and no memory statistics (each allocation
/// otherwise takes one process-wide mutex, which the daemon's writer and its relayout readers
/// contend for). Returns SQLITE_OK, or SQLITE_MISUSE when SQLite was already initialized, in
/// which case nothing changed and everything still works, only slower.
int photofeed_sqlite_configure(void);

#endif
