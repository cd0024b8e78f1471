import FeedModel
import PostgresNIO

/// Applies a ``SyncBatch`` inside the caller's transaction with the SQLite batch writer's rules:
/// every job update is guarded by the state the batch expects, and a job changed meanwhile counts
/// as cancelled with nothing applied for it.
///
/// With a ``Lease``, each job update also requires that the worker holds the job under a lease
/// that has not expired, and clears the lease; a completion whose lease was lost is discarded.
///
/// The writes go in set statements over arrays (`unnest`), a few per batch whatever its size:
/// the jobs of each kind of update in one, then each kind of effect in one (``Effects``). A batch
/// that writes a job twice (the one-daemon worker's start, retry and start again) is split into
/// rounds at each repeat, so each round writes a job at most once and the rounds keep the
/// batch's order. Writes of different jobs commute (each effect sets its own asset's state and
/// bumps content versions by one), so a round's order of statements gives the results of the
/// writes one by one, with each photo's changes still in ascending content version.
struct PostgresBatchWriter {
    /// The worker committing, and the time its leases must outlast.
    struct Lease {
        var worker: String
        var now: Int64
    }

    let session: PostgresSession
    let geocoder: ReverseGeocoder
    let lease: Lease?

    func commit(_ batch: SyncBatch) async throws -> SyncBatchResult {
        let writes = batch.writes.filter { !$0.isElided }
        let places = try await geocode(writes)
        var result = SyncBatchResult()
        for round in Self.rounds(writes) {
            try await commit(round, places: places, result: &result)
        }
        return result
    }

    /// `writes` in order, cut before each write of a job the round holds already.
    static func rounds(_ writes: [SyncBatch.Write]) -> [[SyncBatch.Write]] {
        var rounds: [[SyncBatch.Write]] = [[]]
        var jobs: Set<Int64> = []
        for write in writes {
            if !jobs.insert(write.operation.rowID).inserted {
                rounds.append([])
                jobs = [write.operation.rowID]
            }
            rounds[rounds.count - 1].append(write)
        }
        return rounds
    }

    /// The placemark of every geocode success of `writes` that has coordinates, by job row id
    /// (nil: no place near), found together (``PostgresCitySearch``).
    private func geocode(_ writes: [SyncBatch.Write]) async throws -> [Int64: Placemark?] {
        let lookups: [(rowID: Int64, coordinate: ScheduledJob.Coordinate)] = writes.compactMap { write in
            guard case .succeed(let job, _) = write.operation, job.key.kind == .geocode,
                  let coordinate = job.coordinate else { return nil }
            return (job.rowID, coordinate)
        }
        guard !lookups.isEmpty else { return [:] }
        let places = try await PostgresCitySearch(session: session)
            .placemarks(lookups.map(\.coordinate), geocoder: geocoder)
        return Dictionary(uniqueKeysWithValues: zip(lookups.map(\.rowID), places))
    }

    /// A geocode success's result: the place, or why there is none.
    private func geocodeMessage(_ job: ScheduledJob, place: Placemark?) -> String {
        guard job.coordinate != nil else { return "no such location" }
        return place?.formatted ?? "no place within \(Int(geocoder.maxKilometres)) km"
    }

    /// Writes one round: starts, cancels and releases, then the attempts that finished or wait
    /// for a retry, then the effects of the jobs that finished.
    private func commit(_ round: [SyncBatch.Write], places: [Int64: Placemark?],
                        result: inout SyncBatchResult) async throws {
        var starts: [Int64] = [], cancels: [Int64] = []
        var releases = JobRows(), finishes = JobRows()
        var finished: [Int64: (job: ScheduledJob, succeeded: Bool)] = [:]
        for write in round {
            let expected = write.expectedState.rawValue
            switch write.operation {
            case .start(let rowID):
                starts.append(rowID)
            case .release(let rowID):
                releases.append(rowID, expected: expected, state: "pending")
            case .succeed(let job, let attempt):
                let message = job.key.kind == .geocode ? geocodeMessage(job, place: places[job.rowID] ?? nil) : "loaded"
                finishes.append(job.rowID, expected: expected, state: "done", attempts: attempt, result: message)
                finished[job.rowID] = (job, true)
            case .retry(let job, let attempt, let nextRunAt, let message):
                finishes.append(job.rowID, expected: expected, state: "pending", attempts: attempt,
                                nextRunAt: nextRunAt, result: message)
            case .giveUp(let job, let attempt, let message):
                finishes.append(job.rowID, expected: expected, state: "failed", attempts: attempt, result: message)
                finished[job.rowID] = (job, false)
            case .cancel(let job):
                cancels.append(job.rowID)
            }
        }
        if !starts.isEmpty {
            try await session.execute("""
                UPDATE sync_job SET state = 'running' WHERE id = ANY(\(starts)) AND state = 'pending'
                """)
        }
        if !cancels.isEmpty {
            try await session.execute("""
                UPDATE sync_job SET state = 'failed', result = 'cancelled', lease_owner = NULL, lease_expires_at = NULL
                WHERE id = ANY(\(cancels)) AND (state = 'pending' OR state = 'running')
                """)
            result.cancelled += cancels.count
        }
        if !releases.isEmpty {
            _ = try await update(releases, set: "state = 'pending'")
        }
        guard !finishes.isEmpty else { return }
        let updated = try await update(finishes, set: """
            state = r.state, attempts = r.attempts, result = r.result,
            next_run_at = CASE WHEN r.state = 'pending' THEN r.next_run_at ELSE j.next_run_at END
            """)
        var effects = Effects()
        for (rowID, state) in zip(finishes.ids, finishes.states) {
            guard updated.contains(rowID) else {
                result.cancelled += 1
                continue
            }
            switch state {
            case "pending": result.retried += 1
            case "done": result.succeeded += 1
            default: result.failed += 1
            }
            if let (job, succeeded) = finished[rowID] {
                effects.add(job, succeeded: succeeded, place: places[rowID] ?? nil)
            }
        }
        try await effects.apply(session, changes: &result.changes)
    }

    /// Job updates as columns: each job, the state it must be in, and what it becomes.
    private struct JobRows {
        var ids: [Int64] = [], expected: [String] = [], states: [String] = []
        var attempts: [Int64] = [], nextRunAts: [Int64] = [], results: [String] = []

        var isEmpty: Bool { ids.isEmpty }

        mutating func append(_ rowID: Int64, expected: String, state: String, attempts attempt: Int = 0,
                             nextRunAt: Int64 = 0, result: String = "") {
            ids.append(rowID)
            self.expected.append(expected)
            states.append(state)
            attempts.append(Int64(attempt))
            nextRunAts.append(nextRunAt)
            results.append(result)
        }
    }

    /// Runs `set` (over the row `r`'s columns) on the jobs of `rows` that are in the state each
    /// expects, and under the worker's live lease when there is one; clears their leases.
    /// Returns the jobs updated.
    private func update(_ rows: JobRows, set: String) async throws -> Set<Int64> {
        var binds = PostgresBindings(capacity: 8)
        binds.append(rows.ids)
        binds.append(rows.expected)
        binds.append(rows.states)
        binds.append(rows.attempts)
        binds.append(rows.nextRunAts)
        binds.append(rows.results)
        var leaseGuard = ""
        if let lease {
            binds.append(lease.worker)
            binds.append(lease.now)
            leaseGuard = " AND j.lease_owner = $7 AND j.lease_expires_at > $8"
        }
        let sql = """
            UPDATE sync_job j SET \(set), lease_owner = NULL, lease_expires_at = NULL
            FROM unnest($1::bigint[], $2::text[], $3::text[], $4::bigint[], $5::bigint[], $6::text[])
                AS r(id, expected, state, attempts, next_run_at, result)
            WHERE j.id = r.id AND j.state = r.expected\(leaseGuard)
            RETURNING j.id
            """
        return Set(try await session.query(PostgresQuery(unsafeSQL: sql, binds: binds)).rows.map { try $0.decode(Int64.self) })
    }
}
