/// A number in the contracts' JSON: infinity is the string `"inf"` (as in
/// `layout-description.md`), any other value a JSON number.
struct ContractNumber: Encodable, Sendable {
    var value: Double

    init(_ value: Double) {
        self.value = value
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if value.isInfinite {
            try container.encode("inf")
        } else {
            try container.encode(value)
        }
    }
}
