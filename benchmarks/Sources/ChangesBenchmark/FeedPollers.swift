/// A thousand clients that ask for the feed's first page every `interval`, each on its own
/// keep-alive connection with the `If-None-Match` of its last answer, spread evenly over the
/// interval: the polling a client does without a change stream, for the same freshness.
final class FeedPollers {
    struct Counts {
        var ok = 0
        var notModified = 0
        var other = 0
    }

    private struct Poller {
        var tag: String?
        var pending: [UInt8] = []
        var waiting = false
        var due: ContinuousClock.Instant
    }

    private let sockets: LoopbackSockets
    private let path: String
    private let interval: Duration
    private var pollers: [Poller]
    private(set) var counts = Counts()

    init(port: Int, path: String, count: Int, interval: Duration) throws {
        sockets = try LoopbackSockets(port: port, count: count)
        self.path = path
        self.interval = interval
        let start = ContinuousClock.now
        pollers = (0..<count).map { Poller(due: start + interval * (Double($0) / Double(count))) }
    }

    /// Polls until `deadline`.
    func run(until deadline: ContinuousClock.Instant) throws {
        while ContinuousClock.now < deadline {
            let now = ContinuousClock.now
            for index in pollers.indices where !pollers[index].waiting && pollers[index].due <= now {
                let condition = pollers[index].tag.map { "If-None-Match: \($0)\r\n" } ?? ""
                try sockets.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\(condition)\r\n", to: index)
                pollers[index].waiting = true
                pollers[index].due += interval
            }
            try sockets.poll(milliseconds: 5) { index, bytes in
                pollers[index].pending.append(contentsOf: bytes)
                answer(index)
            }
        }
    }

    /// Takes poller `index`'s response once it is whole.
    private func answer(_ index: Int) {
        let bytes = pollers[index].pending
        guard let end = bytes.indices.dropLast(3).first(where: {
            bytes[$0] == 13 && bytes[$0 + 1] == 10 && bytes[$0 + 2] == 13 && bytes[$0 + 3] == 10
        }) else { return }
        let head = String(decoding: bytes[..<end], as: UTF8.self).lowercased()
        let lines = head.split(separator: "\r\n")
        var length = 0
        for line in lines {
            if line.hasPrefix("content-length:") { length = Int(line.dropFirst(15).trimmingCharacters(in: .whitespaces)) ?? 0 }
        }
        guard bytes.count >= end + 4 + length else { return }
        let original = String(decoding: bytes[..<end], as: UTF8.self).split(separator: "\r\n")
        if let tag = original.first(where: { $0.lowercased().hasPrefix("etag:") }) {
            pollers[index].tag = String(tag.dropFirst(5).trimmingCharacters(in: .whitespaces))
        }
        switch lines.first?.split(separator: " ").dropFirst().first {
        case "200": counts.ok += 1
        case "304": counts.notModified += 1
        default: counts.other += 1
        }
        pollers[index].pending.removeFirst(end + 4 + length)
        pollers[index].waiting = false
    }
}
