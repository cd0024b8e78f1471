import Logging
import Synchronization

/// A swift-log handler that keeps every record, for tests of what a run logs.
public final class LogRecorder: Sendable {
    public struct Record: Sendable {
        public var level: Logger.Level
        public var message: String
        public var metadata: [String: String]
    }

    private let stored = Mutex<[Record]>([])

    public init() {}

    public var records: [Record] { stored.withLock { $0 } }

    /// A logger at `level` whose records this recorder keeps.
    public func logger(level: Logger.Level = .info) -> Logger {
        Logger(label: "test.sync") { _ in Handler(recorder: self, logLevel: level) }
    }

    fileprivate func append(_ record: Record) {
        stored.withLock { $0.append(record) }
    }

    private struct Handler: LogHandler {
        let recorder: LogRecorder
        var logLevel: Logger.Level
        var metadata: Logger.Metadata = [:]
        var metadataProvider: Logger.MetadataProvider?

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let fields = metadata.merging(event.metadata ?? [:]) { _, new in new }
            recorder.append(Record(level: event.level, message: event.message.description,
                                   metadata: fields.mapValues { "\($0)" }))
        }
    }
}
