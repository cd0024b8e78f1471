extension LayoutDocument {
    /// Parses and validates a JSON layout description.
    ///
    /// Every problem is reported as a ``LayoutDescriptionError`` naming the JSON path of the
    /// offending value: malformed JSON (with its line, column and byte offset), an unknown
    /// `type` or field, a wrong JSON type, a negative or NaN size, a fraction outside 0…100 %,
    /// a duplicate `id`, elements nested deeper than ``maxElementDepth``, a missing required
    /// field. The first problem found is reported.
    public init(json bytes: [UInt8]) throws(LayoutDescriptionError) {
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes)
        } catch {
            throw LayoutDescriptionError(error)
        }
        try self.init(json: value)
    }

    /// Validates an already-parsed JSON value as a layout description.
    public init(json value: JSONValue) throws(LayoutDescriptionError) {
        var decoder = DescriptionDecoder()
        self = try decoder.document(value)
    }
}
