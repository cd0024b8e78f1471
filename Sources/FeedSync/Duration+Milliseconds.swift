extension Duration {
    /// Whole milliseconds, rounded towards positive infinity (a lease in the store's milliseconds
    /// is never shorter than asked).
    var wholeMillisecondsRoundedUp: Int64 {
        let (seconds, attoseconds) = components
        let perMillisecond: Int64 = 1_000_000_000_000_000
        var milliseconds = seconds * 1000 + attoseconds / perMillisecond
        if attoseconds % perMillisecond > 0 { milliseconds += 1 }
        return milliseconds
    }

    /// Whole milliseconds, rounded to nearest (for messages).
    var roundedMilliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1000 + Int64((Double(attoseconds) / 1e15).rounded())
    }
}
