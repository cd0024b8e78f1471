import LayoutCore

/// One element type of the contract: its name, the fields it accepts besides `type` and
/// `style`, and how those fields decode into an ``ElementDescription/Kind``.
///
/// ``all`` is the one table of element types the reader consults; building and querying a
/// decoded element go through ``ElementDescription/Kind/parts``, which names the entry here.
/// Adding an element type means a case of ``ElementDescription/Kind``, an entry in ``all`` and a
/// case in `parts`.
struct ElementType: Sendable {
    /// Decodes an element's own fields at nesting level `depth` (its `type` and `style` are
    /// already read).
    typealias Decode = @Sendable (inout DescriptionDecoder, ObjectFields, _ depth: Int)
        throws(LayoutDescriptionError) -> ElementDescription.Kind

    /// The contract's name, e.g. `"stack"`.
    let name: String
    /// The fields accepted besides `type` and `style`.
    let fields: [String]
    let decode: Decode

    init(_ name: String, fields: [String], decode: @escaping Decode) {
        self.name = name
        self.fields = fields
        self.decode = decode
    }

    /// Every element type, in the contract's order (error messages list them so).
    static let all: [ElementType] = [
        .node, .text, .spacer, .stack, .inset, .overlay, .background, .center, .relative, .ratio, .absolute, .corner,
        .wrapper,
    ]

    /// ``all`` by name.
    static let named: [String: ElementType] = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })
}

// MARK: - The table

extension ElementType {
    static let node = ElementType("node", fields: ["id", "intrinsicSize", "layout"]) {
        decoder, fields, depth throws(LayoutDescriptionError) in
        let id = try decoder.id(of: fields)
        let intrinsicSize = try fields.optional("intrinsicSize", DescriptionDecoder.size)
        let layout = try fields["layout"].map { value throws(LayoutDescriptionError) in
            try decoder.element(value, at: fields.path.appending("layout"), depth: depth + 1)
        }
        return .node(id: id, intrinsicSize: intrinsicSize, layout: layout)
    }

    static let text = ElementType("text", fields: ["id", "text", "fontSize", "fontWeight", "maxLines", "truncation"]) {
        decoder, fields, _ throws(LayoutDescriptionError) in
        .text(try decoder.text(fields))
    }

    static let spacer = ElementType("spacer", fields: []) { _, _, _ throws(LayoutDescriptionError) in .spacer }

    static let stack = ElementType("stack", fields: [
        "direction", "spacing", "justifyContent", "alignItems", "flexWrap", "alignContent", "lineSpacing",
        "horizontalAlignment", "verticalAlignment", "children",
    ]) { decoder, fields, depth throws(LayoutDescriptionError) in
        .stack(try DescriptionDecoder.stack(fields), children: try decoder.children(of: fields, depth: depth))
    }

    static let inset = ElementType("inset", fields: ["insets", "child"]) {
        decoder, fields, depth throws(LayoutDescriptionError) in
        let insets = try fields.optional("insets", DescriptionDecoder.insets) ?? .zero
        return .inset(insets, child: try decoder.child("child", of: fields, depth: depth))
    }

    static let overlay = ElementType("overlay", fields: ["child", "overlay"]) {
        decoder, fields, depth throws(LayoutDescriptionError) in
        .overlay(child: try decoder.child("child", of: fields, depth: depth),
                 overlay: try decoder.child("overlay", of: fields, depth: depth))
    }

    static let background = ElementType("background", fields: ["child", "background"]) {
        decoder, fields, depth throws(LayoutDescriptionError) in
        .background(child: try decoder.child("child", of: fields, depth: depth),
                    background: try decoder.child("background", of: fields, depth: depth))
    }

    static let center = ElementType("center", fields: ["centeringOptions", "sizingOptions", "child"]) {
        decoder, fields, depth throws(LayoutDescriptionError) in
        .center(centering: try fields.optional("centeringOptions", DescriptionDecoder.choice) ?? .none,
                sizing: try fields.optional("sizingOptions", DescriptionDecoder.choice) ?? .default,
                child: try decoder.child("child", of: fields, depth: depth))
    }

    static let relative = ElementType("relative",
                                      fields: ["horizontalPosition", "verticalPosition", "sizingOption", "child"]) {
        decoder, fields, depth throws(LayoutDescriptionError) in
        .relative(horizontal: try fields.optional("horizontalPosition", DescriptionDecoder.choice) ?? .none,
                  vertical: try fields.optional("verticalPosition", DescriptionDecoder.choice) ?? .none,
                  sizing: try fields.optional("sizingOption", DescriptionDecoder.choice) ?? .default,
                  child: try decoder.child("child", of: fields, depth: depth))
    }

    static let ratio = ElementType("ratio", fields: ["ratio", "child"]) {
        decoder, fields, depth throws(LayoutDescriptionError) in
        let ratio = try DescriptionDecoder.number(fields.required("ratio"), at: fields.path.appending("ratio"),
                                                  .positive)
        return .ratio(ratio, child: try decoder.child("child", of: fields, depth: depth))
    }

    static let absolute = ElementType("absolute", fields: ["sizing", "children"]) {
        decoder, fields, depth throws(LayoutDescriptionError) in
        .absolute(sizing: try fields.optional("sizing", DescriptionDecoder.choice) ?? .default,
                  children: try decoder.children(of: fields, depth: depth))
    }

    static let corner = ElementType("corner", fields: ["child", "corner", "location", "offset", "wrapsCorner"]) {
        decoder, fields, depth throws(LayoutDescriptionError) in
        try decoder.corner(fields, depth: depth)
    }

    static let wrapper = ElementType("wrapper", fields: ["children"]) {
        decoder, fields, depth throws(LayoutDescriptionError) in
        .wrapper(children: try decoder.children(of: fields, depth: depth))
    }
}
