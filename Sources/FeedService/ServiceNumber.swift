/// Numbers as the service writes them in links and metrics: whole numbers without a fraction,
/// others as Swift prints the shortest decimal that reads back.
enum ServiceNumber {
    static func text(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }
}
