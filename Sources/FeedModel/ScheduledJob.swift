/// A pending sync job as the worker holds it in memory between loading and its final commit.
public struct ScheduledJob: Codable, Hashable, Sendable {
    /// The `sync_job` row id.
    public var rowID: Int64
    public var key: JobKey
    /// Attempts already finished (and committed, or queued in the current batch).
    public var attemptsDone: Int
    /// The coordinates of a geocode job's location (nil for other kinds, or a missing location).
    public var coordinate: Coordinate?

    public struct Coordinate: Codable, Hashable, Sendable {
        public var latitude: Double
        public var longitude: Double

        public init(latitude: Double, longitude: Double) {
            self.latitude = latitude
            self.longitude = longitude
        }
    }

    public init(rowID: Int64, key: JobKey, attemptsDone: Int, coordinate: Coordinate? = nil) {
        self.rowID = rowID
        self.key = key
        self.attemptsDone = attemptsDone
        self.coordinate = coordinate
    }
}

/// A pending job with the time it is due (`next_run_at`, store milliseconds).
public struct PendingJob: Codable, Hashable, Sendable {
    public var job: ScheduledJob
    public var nextRunAt: Int64

    public init(job: ScheduledJob, nextRunAt: Int64) {
        self.job = job
        self.nextRunAt = nextRunAt
    }
}
