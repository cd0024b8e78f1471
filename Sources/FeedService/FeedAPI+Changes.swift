import FeedAPIModel
import FeedModel
import Hummingbird
import NIOCore
import ServiceLifecycle

/// `GET /v1/changes?width=W&scale=S[&since=N][&photos=ID,…]`: the change stream, as Server-Sent
/// Events, of every photo or of the photos named (the cells a client shows).
///
/// The stream opens with `retry:` and `id:` (the position the client stands at), then sends an
/// event for each change of a cell (``CellChangeEvent``): its photo's item as
/// `GET /v1/photos/{id}` gives it, numbered with the change. A client that resumes (the
/// `Last-Event-ID` header, which wins, or `?since=N`) is first sent what the log holds after its
/// position, the latest change of each photo once, in order, then follows live from where the
/// hub stood when it subscribed: no gap, no duplicate. A position the log no longer holds (or
/// one of another database, or a replay of more photos than a backlog holds) gets a `reset`
/// event. The stream ends when the client goes or the server shuts down.
extension FeedAPI {
    func changes(_ request: Request) async -> Response {
        await answer(request) {
            guard let hub = changeHub else {
                throw ProblemDocument.notFound("this server's store keeps no change log")
            }
            let query = try Self.query(request, paging: false)
            let since = try Self.changePosition(request)
            // Reads the head now, so that a database that does not answer is a 503, not a stream
            // that ends at once.
            _ = try await hub.log.changes(after: .max, limit: 1)
            let subscriber = ChangeSubscriber(group: ChangeGroup(width: query.width, scale: query.scale),
                                              photos: try Self.followedPhotos(request),
                                              backlogLimit: hub.settings.backlogLimit)
            return Response(status: .ok,
                            headers: [.contentType: "text/event-stream", .cacheControl: "no-store",
                                      .xAccelBuffering: "no"],
                            body: ResponseBody { writer in
                                try await withGracefulShutdownHandler {
                                    try await Self.stream(subscriber, since: since, hub: hub, to: &writer)
                                } onGracefulShutdown: {
                                    subscriber.finish()
                                }
                                try await writer.finish(nil)
                            })
        }
    }

    /// Subscribes, replays from `since`, then sends what the hub queues until the subscriber ends.
    private static func stream(_ subscriber: ChangeSubscriber, since: Int64?, hub: ChangeHub,
                               to writer: inout any ResponseBodyWriter) async throws {
        let start = try await hub.subscribe(subscriber)
        defer { hub.unsubscribe(subscriber) }
        let renderer = hub.renderer(subscriber.group)
        try await writer.write(ByteBuffer(string: CellChangeEvent.opening(position: since ?? start)))
        // Cells the client has: those through its position, when it stands ahead of the hub (it
        // followed another server of the same database, whose hub had read further).
        var known = start
        if let since, since < start {
            try await send(try await replay(after: since, through: start, hub: hub, subscriber: subscriber,
                                            renderer: renderer).map(ChangeFrame.init), hub: hub, to: &writer)
        } else if let since, since > start {
            if try await hub.log.changes(after: since, limit: 1).isLost(since) {
                try await send([ChangeFrame(.reset(sequence: start))], hub: hub, to: &writer)
            } else {
                known = since
            }
        }
        for await _ in subscriber.wakeUps {
            var frames: [ChangeFrame] = []
            var heartbeat = false
            for item in subscriber.take() {
                switch item {
                case .frame(let frame) where frame.event.isCell && frame.event.sequence <= known: break
                case .unrendered(let change) where change.sequence <= known: break
                case .frame(let frame): frames.append(frame)
                case .unrendered(let change): try await renderer.event(change).map { frames.append(ChangeFrame($0)) }
                case .heartbeat: heartbeat = true
                }
            }
            if frames.isEmpty, heartbeat {
                try await writer.write(ByteBuffer(string: CellChangeEvent.heartbeat))
            } else {
                try await send(frames, hub: hub, to: &writer)
            }
        }
    }

    /// The events of the changes after `since` through `start`: the latest of each photo, in
    /// order, or a reset when the log no longer holds them all or they are more photos than a
    /// backlog holds.
    private static func replay(after since: Int64, through start: Int64, hub: ChangeHub, subscriber: ChangeSubscriber,
                               renderer: ChangedCellRenderer) async throws -> [CellChangeEvent] {
        var cursor = ChangeLogCursor(position: since)
        var latest: [Int64: CellChange] = [:]
        while true {
            switch try await cursor.next(from: hub.log, through: start, pageSize: hub.settings.pageSize) {
            case .lost:
                return [.reset(sequence: start)]
            case .changes(let all):
                let changes = all.filter { subscriber.follows($0.photoID) }
                guard !all.isEmpty else {
                    var events: [CellChangeEvent] = []
                    for change in latest.values.sorted(by: { $0.sequence < $1.sequence }) {
                        if let event = try await renderer.event(change) { events.append(event) }
                    }
                    return events
                }
                for change in changes { latest[change.photoID] = change }
                if latest.count > hub.settings.backlogLimit { return [.reset(sequence: start)] }
            }
        }
    }

    /// Writes each frame's bytes, the buffers the hub made (shared by every subscriber).
    private static func send(_ frames: [ChangeFrame], hub: ChangeHub,
                             to writer: inout any ResponseBodyWriter) async throws {
        guard !frames.isEmpty else { return }
        for frame in frames { try await writer.write(frame.bytes) }
        hub.metrics.changeEventsSent.increment(by: frames.count)
    }

    /// The photos a client follows, `?photos=ID,ID,…` (the cells it shows, at most
    /// ``followedPhotoLimit``), or nil for every photo.
    static func followedPhotos(_ request: Request) throws -> Set<Int64>? {
        guard let text = request.uri.queryParameters["photos"] else { return nil }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        let ids = parts.compactMap { part in Int64(part).flatMap { $0 > 0 ? $0 : nil } }
        guard ids.count == parts.count, (1...followedPhotoLimit).contains(ids.count), !text.contains("\0") else {
            throw ProblemDocument.badParameter("photos", "photos must be 1 to \(followedPhotoLimit) photo ids "
                                                   + "(whole numbers from 1) separated by commas")
        }
        return Set(ids)
    }

    static let followedPhotoLimit = 1_000

    /// The position a client resumes from: `Last-Event-ID` (what a browser sends when it
    /// reconnects), else `?since=N`, else nil (from now on).
    static func changePosition(_ request: Request) throws -> Int64? {
        let (name, text): (String, Substring?) = if let header = request.headers[.lastEventID] {
            ("Last-Event-ID", Substring(header))
        } else {
            ("since", request.uri.queryParameters["since"])
        }
        guard let text else { return nil }
        guard !text.contains("\0"), let position = Int64(text), position >= 0 else {
            throw ProblemDocument.badParameter(name, "\(name) must be a change's id (a whole number from 0), "
                                                   + "not \"\(text.replacingOccurrences(of: "\0", with: "\\0"))\"")
        }
        return position
    }
}

extension HTTPFields.Element.Name {
    static let lastEventID = Self("Last-Event-ID")!
    /// Tells a proxy in front of the server (nginx) not to buffer the stream.
    static let xAccelBuffering = Self("X-Accel-Buffering")!
}
