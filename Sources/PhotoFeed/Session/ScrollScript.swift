/// Where the user has scrolled the feed at each moment of a ``FeedSession``: a steady speed, or
/// keyframes of content offsets over time.
///
/// Between two keyframes the offset moves linearly; before the first it is the first's, after the
/// last it stays the last's. Offsets are the scroll view's wish: the session clamps them to the
/// content it has (a list cannot scroll past its end, nor above its top).
///
/// ```swift
/// let steady = ScrollScript.speed(600)                     // 600 points per second, down
/// let flick = ScrollScript.keyframes([.init(seconds: 0, offset: 0), .init(seconds: 1.5, offset: 3000)])
/// ```
public enum ScrollScript: Hashable, Sendable {
    /// Scrolls down at this many points per second from offset 0 (0 stays at the top).
    case speed(Double)
    /// Offsets over time, in ascending time.
    case keyframes([Keyframe])

    /// One point of a keyframe script.
    public struct Keyframe: Hashable, Sendable, Codable {
        public var seconds: Double
        public var offset: Double

        public init(seconds: Double, offset: Double) {
            self.seconds = seconds
            self.offset = offset
        }
    }

    /// The offset the script asks for at `seconds` after the session started.
    public func offset(at seconds: Double) -> Double {
        switch self {
        case .speed(let speed):
            return speed * seconds
        case .keyframes(let frames):
            guard let first = frames.first, let last = frames.last else { return 0 }
            if seconds <= first.seconds { return first.offset }
            if seconds >= last.seconds { return last.offset }
            let next = frames.firstIndex { $0.seconds > seconds }!
            let a = frames[next - 1], b = frames[next]
            return a.offset + (b.offset - a.offset) * (seconds - a.seconds) / (b.seconds - a.seconds)
        }
    }

    /// When the script stops moving by itself: the last keyframe's time; nil for a speed (it
    /// moves until the content ends).
    public var endSeconds: Double? {
        switch self {
        case .speed: nil
        case .keyframes(let frames): frames.last?.seconds ?? 0
        }
    }

    /// Reads keyframes written as `seconds:offset` pairs separated by commas, white space or
    /// new lines ("0:0, 1.5:2000, 3:2000"). Times must ascend; nil for anything else.
    public static func keyframes(parsing text: String) -> ScrollScript? {
        let pairs = text.split(whereSeparator: { $0 == "," || $0 == "\n" || $0 == " " || $0 == "\t" || $0 == "\r" })
        var frames: [Keyframe] = []
        for pair in pairs {
            let parts = pair.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2, let seconds = Double(parts[0]), let offset = Double(parts[1]),
                  seconds.isFinite, offset.isFinite, seconds >= 0,
                  frames.last.map({ $0.seconds < seconds }) ?? true else { return nil }
            frames.append(Keyframe(seconds: seconds, offset: offset))
        }
        return frames.isEmpty ? nil : .keyframes(frames)
    }
}

extension ScrollScript {
    /// "speed 600 pt/s" or "keyframes 0:0 1.5:2000".
    public var summary: String {
        switch self {
        case .speed(let speed): "speed \(SessionNumber.text(speed)) pt/s"
        case .keyframes(let frames):
            "keyframes " + frames.map { "\(SessionNumber.text($0.seconds)):\(SessionNumber.text($0.offset))" }
                .joined(separator: " ")
        }
    }
}
