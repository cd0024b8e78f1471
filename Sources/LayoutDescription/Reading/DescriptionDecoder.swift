import LayoutCore

/// Turns a JSON value into a ``LayoutDocument``, checking the contract as it goes.
///
/// The decoder's only state is the set of node ids seen so far (each with the path where it
/// was first used) so that a duplicate can name both places. Recursion over elements is
/// bounded by ``LayoutDocument/maxElementDepth``.
struct DescriptionDecoder {
    private var ids: [String: JSONPath] = [:]

    mutating func document(_ value: JSONValue) throws(LayoutDescriptionError) -> LayoutDocument {
        let root = JSONPath.root
        let fields = try ObjectFields(value, at: root, what: "a layout document (an object)")
        try fields.checkKnown(["scale", "sizeRange", "parentSize", "layout"], in: "a layout document")
        let scale = try fields.optional("scale") { value, path throws(LayoutDescriptionError) in
            let scale = try Self.number(value, at: path, .positive)
            guard LayoutDocument.scaleRange.contains(scale) else {
                let range = LayoutDocument.scaleRange
                throw LayoutDescriptionError(path, "expected a scale from \(JSONText.number(range.lowerBound)) to "
                                             + "\(JSONText.number(range.upperBound)), got \(value.summary)")
            }
            return scale
        } ?? 1
        let sizeRange = try Self.sizeRange(fields.required("sizeRange"), at: root.appending("sizeRange"))
        let parentSize = try fields.optional("parentSize") { value, path throws(LayoutDescriptionError) in
            try Self.pair(value, at: path, .parentSize, names: ("width", "height"))
        }
        let layout = try element(fields.required("layout"), at: root.appending("layout"), depth: 1)
        return LayoutDocument(scale: scale, sizeRange: sizeRange, parentSize: parentSize.map { Size($0.0, $0.1) },
                              layout: layout)
    }

    private static func sizeRange(_ value: JSONValue, at path: JSONPath) throws(LayoutDescriptionError) -> SizeRange {
        let fields = try ObjectFields(value, at: path, what: #"an object {"min": [w, h], "max": [w, h]}"#)
        try fields.checkKnown(["min", "max"], in: "a size range")
        let min = try pair(fields.required("min"), at: path.appending("min"), .size, names: ("width", "height"))
        let max = try pair(fields.required("max"), at: path.appending("max"), .sizeOrInfinity,
                           names: ("width", "height"))
        for (axis, lo, hi) in [("width", min.0, max.0), ("height", min.1, max.1)] where lo > hi {
            throw LayoutDescriptionError(path,
                                         "min \(axis) \(JSONText.number(lo)) exceeds max \(axis) \(JSONText.number(hi))")
        }
        return SizeRange(min: Size(min.0, min.1), max: Size(max.0, max.1))
    }

    /// Decodes one element at nesting level `depth` (the document's `layout` is level 1).
    mutating func element(_ value: JSONValue, at path: JSONPath, depth: Int) throws(LayoutDescriptionError)
        -> ElementDescription {
        guard depth <= LayoutDocument.maxElementDepth else {
            throw LayoutDescriptionError(path,
                                         "elements are nested deeper than \(LayoutDocument.maxElementDepth) levels")
        }
        let fields = try ObjectFields(value, at: path, what: #"an element (an object with a "type")"#)
        let typeValue = try fields.required("type")
        guard case .string(let type) = typeValue else {
            throw LayoutDescriptionError(path.appending("type"),
                                         "expected an element type name, got \(typeValue.summary)")
        }
        guard let elementType = ElementType.named[type] else {
            throw LayoutDescriptionError(path.appending("type"), "unknown element type \(typeValue.summary); expected "
                                         + ElementType.all.map(\.name).joined(separator: ", "))
        }
        try fields.checkKnown(["type", "style"] + elementType.fields, in: "a \(type) element")
        let style = try fields.optional("style") { value, path throws(LayoutDescriptionError) in
            try Self.style(value, at: path)
        } ?? LayoutStyle()
        let kind = try elementType.decode(&self, fields, depth)
        return ElementDescription(style: style, kind: kind, path: path.description)
    }

    /// Decodes a required child element field.
    mutating func child(_ key: String, of fields: ObjectFields, depth: Int) throws(LayoutDescriptionError)
        -> ElementDescription {
        try element(fields.required(key), at: fields.path.appending(key), depth: depth + 1)
    }

    /// Decodes an optional `children` array (default empty).
    mutating func children(of fields: ObjectFields, depth: Int) throws(LayoutDescriptionError) -> [ElementDescription] {
        guard let value = fields["children"] else { return [] }
        let path = fields.path.appending("children")
        guard case .array(let items) = value else {
            throw LayoutDescriptionError(path, "expected an array of elements, got \(value.summary)")
        }
        var children: [ElementDescription] = []
        children.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            children.append(try element(item, at: path.appending(index), depth: depth + 1))
        }
        return children
    }

    /// Decodes a node or text `id`: a non-empty string not used before in the document.
    mutating func id(of fields: ObjectFields) throws(LayoutDescriptionError) -> String {
        let value = try fields.required("id")
        let path = fields.path.appending("id")
        guard case .string(let id) = value, !id.isEmpty else {
            throw LayoutDescriptionError(path, "expected a non-empty string, got \(value.summary)")
        }
        if let first = ids[id] {
            throw LayoutDescriptionError(path, "duplicate id \(value.summary), first used at \(first)")
        }
        ids[id] = path
        return id
    }
}
