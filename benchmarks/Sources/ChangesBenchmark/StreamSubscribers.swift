/// A thousand clients of `GET /v1/changes` on one thread: each connection's chunked response is
/// taken apart and the `id:` of every `event: cell` is recorded with the wall time it arrived.
final class StreamSubscribers {
    struct Delivery {
        var id: Int64
        var receivedAt: Int64
    }

    /// One connection's parser: HTTP head, then chunks, then events.
    private struct Reader {
        var pending: [UInt8] = []
        var headDone = false
        var chunkLeft = 0
        var text: [UInt8] = []
        var deliveries: [Delivery] = []
        var opened = false

        mutating func take(_ bytes: ArraySlice<UInt8>, at time: Int64) {
            pending.append(contentsOf: bytes)
            var offset = 0
            if !headDone {
                guard let end = Self.find([13, 10, 13, 10], in: pending, from: 0) else { return }
                headDone = true
                offset = end + 4
            }
            while offset < pending.count {
                if chunkLeft > 0 {
                    let take = min(chunkLeft, pending.count - offset)
                    text.append(contentsOf: pending[offset ..< offset + take])
                    offset += take
                    chunkLeft -= take
                    if chunkLeft == 0 { chunkLeft = -2 }  // its CRLF follows
                } else if chunkLeft < 0 {
                    let skip = min(-chunkLeft, pending.count - offset)
                    offset += skip
                    chunkLeft += skip
                } else {
                    guard let end = Self.find([13, 10], in: pending, from: offset) else { break }
                    chunkLeft = Int(String(decoding: pending[offset ..< end], as: UTF8.self), radix: 16) ?? 0
                    offset = end + 2
                }
            }
            pending.removeFirst(offset)
            events(at: time)
        }

        /// Takes each whole event (ended by a blank line) out of `text`.
        private mutating func events(at time: Int64) {
            var start = 0
            while let end = Self.find([10, 10], in: text, from: start) {
                let block = text[start ..< end]
                start = end + 2
                opened = true
                guard Self.find(Array("event: cell".utf8), in: Array(block), from: 0) != nil,
                      block.starts(with: Array("id: ".utf8)),
                      let newline = block.firstIndex(of: 10),
                      let id = Int64(String(decoding: block[(block.startIndex + 4) ..< newline], as: UTF8.self))
                else { continue }
                deliveries.append(Delivery(id: id, receivedAt: time))
            }
            text.removeFirst(start)
        }

        static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
            guard bytes.count >= needle.count, start <= bytes.count - needle.count else { return nil }
            for index in start ... bytes.count - needle.count where bytes[index] == needle[0] {
                if bytes[index ..< index + needle.count].elementsEqual(needle) { return index }
            }
            return nil
        }
    }

    private let sockets: LoopbackSockets
    private var readers: [Reader]

    init(port: Int, path: String, count: Int) throws {
        sockets = try LoopbackSockets(port: port, count: count)
        readers = Array(repeating: Reader(), count: count)
        for index in 0..<count {
            try sockets.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n", to: index)
        }
    }

    /// Reads until every stream has sent its opening lines.
    func waitUntilOpen() throws {
        while readers.contains(where: { !$0.opened }) { try read(milliseconds: 100) }
    }

    /// Reads until `deadline`.
    func run(until deadline: ContinuousClock.Instant) throws {
        while ContinuousClock.now < deadline { try read(milliseconds: 20) }
    }

    private func read(milliseconds: Int32) throws {
        let now = wallMilliseconds()
        try sockets.poll(milliseconds: milliseconds) { index, bytes in readers[index].take(bytes, at: now) }
    }

    /// Every client's deliveries.
    var deliveries: [[Delivery]] { readers.map(\.deliveries) }
}
