/// A number in the contracts' JSON: infinity is the string `"inf"` (as in
/// `layout-description.md`), any other value a JSON number.
package struct ContractNumber: Encodable, Sendable {
    package var value: Double

    package init(_ value: Double) {
        self.value = value
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if value.isInfinite {
            try container.encode("inf")
        } else {
            try container.encode(value)
        }
    }
}
