/// A database location (`--db`, `$PHOTOFEED_DB`, `$DATABASE_URL`) that is not a usable one: a
/// usage error, which a command reports as one line with exit status 64. Its description never
/// holds a password.
public protocol StoreLocationError: Error, CustomStringConvertible {}
