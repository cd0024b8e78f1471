import LayoutCore

extension DescriptionDecoder {
    /// The fields `style` accepts.
    static let styleFields = ["width", "height", "minWidth", "maxWidth", "minHeight", "maxHeight", "flexBasis",
                              "preferredSize", "flexGrow", "flexShrink", "spacingBefore", "spacingAfter",
                              "ascender", "descender", "alignSelf", "layoutPosition"]

    /// Decodes a `style` object. Members apply in document order, as property assignments
    /// would: `preferredSize` then `width` leaves the later width.
    static func style(_ value: JSONValue, at path: JSONPath) throws(LayoutDescriptionError) -> LayoutStyle {
        let fields = try ObjectFields(value, at: path, what: "a style object")
        try fields.checkKnown(styleFields, in: "a style")
        var style = LayoutStyle()
        for (key, member) in fields.object.members {
            let memberPath = path.appending(key)
            switch key {
            case "width": style.width = try dimension(member, at: memberPath)
            case "height": style.height = try dimension(member, at: memberPath)
            case "minWidth": style.minWidth = try dimension(member, at: memberPath)
            case "maxWidth": style.maxWidth = try dimension(member, at: memberPath)
            case "minHeight": style.minHeight = try dimension(member, at: memberPath)
            case "maxHeight": style.maxHeight = try dimension(member, at: memberPath)
            case "flexBasis": style.flexBasis = try dimension(member, at: memberPath)
            case "preferredSize": style.preferredSize = try size(member, at: memberPath)
            case "flexGrow": style.flexGrow = try number(member, at: memberPath, .size)
            case "flexShrink": style.flexShrink = try number(member, at: memberPath, .size)
            case "spacingBefore": style.spacingBefore = try number(member, at: memberPath, .finite)
            case "spacingAfter": style.spacingAfter = try number(member, at: memberPath, .finite)
            case "ascender": style.ascender = try number(member, at: memberPath, .finite)
            case "descender": style.descender = try number(member, at: memberPath, .finite)
            case "alignSelf": style.alignSelf = try choice(member, at: memberPath)
            case "layoutPosition": style.layoutPosition = try point(member, at: memberPath)
            default: break  // checkKnown has refused everything else
            }
        }
        return style
    }
}
