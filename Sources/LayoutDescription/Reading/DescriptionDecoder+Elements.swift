import LayoutCore

/// Readers of the element types' composite fields (see ``ElementType`` for the table that uses them).
extension DescriptionDecoder {
    mutating func text(_ fields: ObjectFields) throws(LayoutDescriptionError) -> TextDescription {
        let id = try id(of: fields)
        let text = try Self.string(fields.required("text"), at: fields.path.appending("text"))
        var description = TextDescription(id: id, text: text)
        if let size = try fields.optional("fontSize", { value, path throws(LayoutDescriptionError) in
            try Self.number(value, at: path, .positive)
        }) {
            description.fontSize = size
        }
        if let weight: TextDescription.FontWeight = try fields.optional("fontWeight", Self.choice) {
            description.fontWeight = weight
        }
        if let lines = try fields.optional("maxLines", { value, path throws(LayoutDescriptionError) in
            try Self.count(value, at: path, maximum: LayoutDocument.maxTextLines)
        }) {
            description.maxLines = lines
        }
        if let truncation = try fields.optional("truncation", Self.string) { description.truncation = truncation }
        return description
    }

    static func stack(_ fields: ObjectFields) throws(LayoutDescriptionError) -> StackDescription {
        var stack = StackDescription()
        let finite = { (value: JSONValue, path: JSONPath) throws(LayoutDescriptionError) -> Double in
            try Self.number(value, at: path, .finite)
        }
        stack.direction = try fields.optional("direction", Self.choice) ?? stack.direction
        if let value = try fields.optional("spacing", finite) { stack.spacing = value }
        stack.justifyContent = try fields.optional("justifyContent", Self.choice) ?? stack.justifyContent
        stack.alignItems = try fields.optional("alignItems", Self.choice) ?? stack.alignItems
        stack.flexWrap = try fields.optional("flexWrap", Self.choice) ?? stack.flexWrap
        stack.alignContent = try fields.optional("alignContent", Self.choice) ?? stack.alignContent
        if let value = try fields.optional("lineSpacing", finite) { stack.lineSpacing = value }
        stack.horizontalAlignment = try fields.optional("horizontalAlignment", Self.choice) ?? stack.horizontalAlignment
        stack.verticalAlignment = try fields.optional("verticalAlignment", Self.choice) ?? stack.verticalAlignment
        return stack
    }

    static func insets(_ value: JSONValue, at path: JSONPath) throws(LayoutDescriptionError) -> EdgeInsets {
        let fields = try ObjectFields(value, at: path, what: #"an object {"top", "left", "bottom", "right"}"#)
        try fields.checkKnown(["top", "left", "bottom", "right"], in: "insets")
        let edge = { (value: JSONValue, path: JSONPath) throws(LayoutDescriptionError) -> Double in
            try number(value, at: path, .finiteOrInfinity)
        }
        return EdgeInsets(top: try fields.optional("top", edge) ?? 0, left: try fields.optional("left", edge) ?? 0,
                          bottom: try fields.optional("bottom", edge) ?? 0,
                          right: try fields.optional("right", edge) ?? 0)
    }

    mutating func corner(_ fields: ObjectFields, depth: Int) throws(LayoutDescriptionError)
        -> ElementDescription.Kind {
        let content = try child("child", of: fields, depth: depth)
        let corner = try child("corner", of: fields, depth: depth)
        let location: CornerLocation = try Self.choice(
            fields.required("location"), at: fields.path.appending("location"))
        return .corner(child: content, corner: corner, location: location,
                       offset: try fields.optional("offset", Self.point) ?? .zero,
                       wrapsCorner: try fields.optional("wrapsCorner", Self.bool) ?? false)
    }
}
