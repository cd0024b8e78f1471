import LayoutCore

/// Typed scalar readers: each checks the JSON type and the range and names the path on failure.
extension DescriptionDecoder {
    /// What a number field accepts.
    enum NumberRule {
        /// Any finite number (positions, spacing, ascender…).
        case finite
        /// A size: finite and ≥ 0.
        case size
        /// A size or `"inf"` (a range's max, insets).
        case sizeOrInfinity
        /// A finite number or `"inf"` (insets may be negative, as in Texture).
        case finiteOrInfinity
        /// A parent size: a size, `"inf"` or `"nan"`.
        case parentSize
        /// Finite and > 0 (scale, ratio, font size).
        case positive

        var expectation: String {
            switch self {
            case .finite: "a finite number"
            case .size: "a finite number >= 0"
            case .sizeOrInfinity: #"a finite number >= 0 or "inf""#
            case .finiteOrInfinity: #"a finite number or "inf""#
            case .parentSize: #"a finite number >= 0, "inf" or "nan""#
            case .positive: "a finite number > 0"
            }
        }

        func accepts(_ number: Double) -> Bool {
            guard number.isFinite else { return false }
            switch self {
            case .finite, .finiteOrInfinity: return true
            case .size, .sizeOrInfinity, .parentSize: return number >= 0
            case .positive: return number > 0
            }
        }

        func special(_ text: String) -> Double? {
            switch (self, text) {
            case (.sizeOrInfinity, "inf"), (.finiteOrInfinity, "inf"), (.parentSize, "inf"): .infinity
            case (.parentSize, "nan"): .nan
            default: nil
            }
        }
    }

    static func number(_ value: JSONValue, at path: JSONPath, _ rule: NumberRule) throws(LayoutDescriptionError)
        -> Double {
        switch value {
        case .number(let number) where rule.accepts(number):
            return number
        case .string(let text):
            if let special = rule.special(text) { return special }
        default:
            break
        }
        throw LayoutDescriptionError(path, "expected \(rule.expectation), got \(value.summary)")
    }

    /// A two-number array such as `[w, h]` or `[x, y]`; `names` label the components in errors.
    static func pair(_ value: JSONValue, at path: JSONPath, _ rule: NumberRule, names: (String, String))
        throws(LayoutDescriptionError) -> (Double, Double) {
        guard case .array(let items) = value, items.count == 2 else {
            let got = if case .array(let items) = value { "an array of \(items.count)" } else { value.summary }
            throw LayoutDescriptionError(path,
                                         "expected [\(names.0), \(names.1)], two of \(rule.expectation), got \(got)")
        }
        return (try number(items[0], at: path.appending(0), rule), try number(items[1], at: path.appending(1), rule))
    }

    static func size(_ value: JSONValue, at path: JSONPath) throws(LayoutDescriptionError) -> Size {
        let (width, height) = try pair(value, at: path, .size, names: ("width", "height"))
        return Size(width, height)
    }

    static func point(_ value: JSONValue, at path: JSONPath) throws(LayoutDescriptionError) -> Point {
        let (x, y) = try pair(value, at: path, .finite, names: ("x", "y"))
        return Point(x, y)
    }

    static func bool(_ value: JSONValue, at path: JSONPath) throws(LayoutDescriptionError) -> Bool {
        guard case .bool(let flag) = value else {
            throw LayoutDescriptionError(path, "expected true or false, got \(value.summary)")
        }
        return flag
    }

    static func string(_ value: JSONValue, at path: JSONPath) throws(LayoutDescriptionError) -> String {
        guard case .string(let text) = value else {
            throw LayoutDescriptionError(path, "expected a string, got \(value.summary)")
        }
        return text
    }

    /// A whole number from 0 to `maximum`.
    static func count(_ value: JSONValue, at path: JSONPath, maximum: Int) throws(LayoutDescriptionError) -> Int {
        guard case .number(let number) = value, number >= 0, number < 0x1p62, number == number.rounded() else {
            throw LayoutDescriptionError(path, "expected a whole number >= 0, got \(value.summary)")
        }
        guard number <= Double(maximum) else {
            throw LayoutDescriptionError(path, "expected a whole number >= 0 and <= \(maximum), got \(value.summary)")
        }
        return Int(number)
    }

    /// One of an enumeration's raw values.
    static func choice<Choice: RawRepresentable & CaseIterable>(_ value: JSONValue, at path: JSONPath)
        throws(LayoutDescriptionError) -> Choice where Choice.RawValue == String {
        if case .string(let text) = value, let choice = Choice(rawValue: text) { return choice }
        let names = Choice.allCases.map { JSONText.quoted($0.rawValue) }.joined(separator: ", ")
        throw LayoutDescriptionError(path, "expected one of \(names), got \(value.summary)")
    }

    /// A dimension: a number of points, `"12pt"`, `"50%"` (0…100 %) or `"auto"`.
    static func dimension(_ value: JSONValue, at path: JSONPath) throws(LayoutDescriptionError) -> Dimension {
        let expectation = #"expected a number >= 0, "12pt", "50%" or "auto""#
        switch value {
        case .number(let points):
            guard let dimension = Dimension.validPoints(points) else { break }
            return dimension
        case .string("auto"):
            return .auto
        case .string(let text) where text.hasSuffix("pt"):
            guard let points = strictNumber(text.dropLast(2)), let dimension = Dimension.validPoints(points) else {
                throw LayoutDescriptionError(path, "expected a finite number >= 0 before \"pt\", got \(value.summary)")
            }
            return dimension
        case .string(let text) where text.hasSuffix("%"):
            guard let percent = strictNumber(text.dropLast()) else {
                throw LayoutDescriptionError(path, "expected a number before \"%\", got \(value.summary)")
            }
            guard let dimension = Dimension.validFraction(percent / 100), percent <= 100 else {
                throw LayoutDescriptionError(path, "expected a percentage from 0% to 100%, got \(value.summary)")
            }
            return dimension
        default:
            break
        }
        throw LayoutDescriptionError(path, "\(expectation), got \(value.summary)")
    }

    /// A number written as JSON writes one (so no `inf`, hex or spaces: `"50 %"` is no
    /// percentage), or `nil`.
    private static func strictNumber(_ text: Substring) -> Double? {
        let numberBytes = Set("-+.0123456789eE".utf8)
        guard let first = text.utf8.first, first == UInt8(ascii: "-") || (first >= 48 && first <= 57),
              text.utf8.allSatisfy(numberBytes.contains),
              case .number(let number)? = try? JSONParser.parse(Array(text.utf8)), number.isFinite else { return nil }
        return number
    }
}
