/// Numbers as the session's reports print them: integers without a decimal point, others with
/// up to three decimals.
public enum SessionNumber {
    public static func text(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        var text = String((value * 1000).rounded() / 1000)
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }
}
