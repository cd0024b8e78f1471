import FeedModel

/// One event of the change stream (`GET /v1/changes`, `photofeed changes`): a cell's latest
/// state after a change, or a reset for a reader whose position the change log no longer holds.
///
/// On the wire it is a Server-Sent Event: `id:` the change's sequence number, `event:` its kind,
/// `data:` one line of JSON; `photofeed changes --format json` prints the same as one object.
///
/// ```swift
/// CellChangeEvent.cell(sequence: 42, photoID: 7, item: #"{"photoId":7,…}"#).serverSentEvent
/// // "id: 42\nevent: cell\ndata: {\"photoId\":7,…}\n\n"
/// ```
package enum CellChangeEvent: Hashable, Sendable {
    /// The photo's item as `GET /v1/photos/{id}` gives it (a JSON line), after the change
    /// numbered `sequence` and any earlier ones.
    case cell(sequence: Int64, photoID: Int64, item: String)
    /// The reader missed changes the stream cannot send (its position is older than the log's
    /// horizon or not of this database, or it fell too far behind): it should refetch the feed;
    /// the stream goes on after `sequence`.
    case reset(sequence: Int64)

    /// The position a reader has reached once it has this event.
    package var sequence: Int64 {
        switch self {
        case .cell(let sequence, _, _), .reset(let sequence): sequence
        }
    }

    /// Whether it is a cell's event (not a reset).
    package var isCell: Bool {
        if case .cell = self { true } else { false }
    }

    /// The event's text on a `text/event-stream`.
    package var serverSentEvent: String {
        switch self {
        case .cell(let sequence, _, let item):
            "id: \(sequence)\nevent: cell\ndata: \(item)\n\n"
        case .reset(let sequence):
            "id: \(sequence)\nevent: reset\ndata: {\"id\":\(sequence)}\n\n"
        }
    }

    /// The event as one JSON object (`photofeed changes --format json`).
    package var jsonLine: String {
        switch self {
        case .cell(let sequence, _, let item):
            "{\"id\":\(sequence),\"event\":\"cell\",\"item\":\(item)}"
        case .reset(let sequence):
            "{\"id\":\(sequence),\"event\":\"reset\"}"
        }
    }

    /// The stream's first lines: the reconnection delay a browser should wait, and the position
    /// it resumes from if it loses the connection before any event (`id:` alone moves it).
    package static func opening(position: Int64, retryMilliseconds: Int = 1_000) -> String {
        "retry: \(retryMilliseconds)\nid: \(position)\n\n"
    }

    /// A comment line that keeps an idle connection open through proxies.
    package static let heartbeat = ": heartbeat\n\n"
}
