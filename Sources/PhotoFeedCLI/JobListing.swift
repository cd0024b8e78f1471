import FeedModel
import FeedRendering

/// What `photofeed jobs` prints: a table of job counts (a row per kind, a column per state,
/// every kind and state this build knows, zeros included, and any other found in the
/// database), and the failed jobs with their last error.
struct JobListing {
    var counts: [JobStateCount]
    var failed: [FailedJob]

    var kinds: [String] { Self.ordered(JobKind.allCases.map(\.rawValue), counts.map(\.kind)) }
    var states: [String] { Self.ordered(SyncJob.State.allCases.map(\.rawValue), counts.map(\.state)) }
    var failedTotal: Int { counts.filter { $0.state == SyncJob.State.failed.rawValue }.reduce(0) { $0 + $1.count } }

    func count(kind: String, state: String) -> Int {
        counts.first { $0.kind == kind && $0.state == state }?.count ?? 0
    }

    var text: String {
        var table = TextTable([("kind", .left)] + states.map { ($0, .right) } + [("total", .right)])
        for kind in kinds {
            let row = states.map { count(kind: kind, state: $0) }
            table.append([kind] + row.map(String.init) + [String(row.reduce(0, +))])
        }
        var lines = ["Jobs"] + table.lines()
        if failed.isEmpty {
            lines.append("No failed jobs.")
        } else {
            lines.append("")
            lines.append(failed.count < failedTotal
                ? "Failed jobs (\(failed.count) of \(failedTotal); --limit shows more)" : "Failed jobs")
            var failures = TextTable([("id", .right), ("kind", .left), ("target", .right), ("attempts", .right),
                                      ("last error", .left)])
            for job in failed {
                failures.append([String(job.id), job.kind, String(job.targetID), String(job.attempts),
                                 job.lastError ?? "-"])
            }
            lines += failures.lines()
        }
        return lines.joined(separator: "\n")
    }

    var json: JobListingJSON {
        JobListingJSON(
            counts: Dictionary(uniqueKeysWithValues: kinds.map { kind in
                (kind, Dictionary(uniqueKeysWithValues: states.map { ($0, count(kind: kind, state: $0)) }))
            }),
            failedTotal: failedTotal,
            failed: failed.map { .init(id: $0.id, kind: $0.kind, targetId: $0.targetID, attempts: $0.attempts,
                                       lastError: $0.lastError) })
    }

    /// `known` in its order, then the others of `found` in theirs, each once.
    private static func ordered(_ known: [String], _ found: [String]) -> [String] {
        var seen = Set(known)
        return known + found.filter { seen.insert($0).inserted }
    }
}

/// The JSON of `photofeed jobs`: the count of every kind in every state
/// (`counts.image.failed`), the number of failed jobs, and the failed jobs listed (at most
/// `--limit`) with their last error.
struct JobListingJSON: Encodable {
    struct Failure: Encodable {
        var id: Int64
        var kind: String
        var targetId: Int64
        var attempts: Int
        var lastError: String?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(kind, forKey: .kind)
            try container.encode(targetId, forKey: .targetId)
            try container.encode(attempts, forKey: .attempts)
            try container.encode(lastError, forKey: .lastError)  // null, not left out
        }

        private enum CodingKeys: String, CodingKey {
            case id, kind, targetId, attempts, lastError
        }
    }

    var counts: [String: [String: Int]]
    var failedTotal: Int
    var failed: [Failure]
}
