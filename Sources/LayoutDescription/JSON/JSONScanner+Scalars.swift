/// Strings and numbers.
extension JSONScanner {
    /// Reads a string literal at the cursor (which is on its opening quote).
    mutating func parseString() throws(JSONParseError) -> String {
        index += 1
        let start = index
        var isASCII = true
        // Fast path: no escapes.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let slice = UnsafeBufferPointer(rebasing: bytes[start..<index])
                index += 1
                if isASCII { return String(decoding: slice, as: UTF8.self) }
                guard let text = String(validating: slice, as: UTF8.self) else {
                    index = start
                    throw error("invalid UTF-8 in a string")
                }
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw controlCharacterError(byte) }
            if byte >= 0x80 { isASCII = false }
            index += 1
        }
        var buffer = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                guard let text = String(validating: buffer, as: UTF8.self) else {
                    index = start
                    throw error("invalid UTF-8 in a string")
                }
                return text
            }
            if byte < 0x20 { throw controlCharacterError(byte) }
            if byte == UInt8(ascii: "\\") {
                try readEscape(into: &buffer)
            } else {
                buffer.append(byte)
                index += 1
            }
        }
        throw error("unterminated string")
    }

    private func controlCharacterError(_ byte: UInt8) -> JSONParseError {
        error("unescaped control character (byte 0x\(String(byte, radix: 16))) in a string")
    }

    private mutating func readEscape(into buffer: inout [UInt8]) throws(JSONParseError) {
        index += 1
        guard index < bytes.count else { throw error("unterminated string") }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(byte)
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "u"):
            var scalarValue = try readHex4()
            if (0xD800...0xDBFF).contains(scalarValue) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                else { throw error("a high surrogate escape must be followed by a low surrogate escape") }
                index += 2
                let low = try readHex4()
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw error("a high surrogate escape must be followed by a low surrogate escape")
                }
                scalarValue = 0x10000 + ((scalarValue - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalarValue) {
                throw error("a low surrogate escape without a high surrogate before it")
            }
            buffer.append(contentsOf: String(Character(Unicode.Scalar(scalarValue)!)).utf8)
        default:
            index -= 1
            throw error("invalid escape sequence '\\\(Character(Unicode.Scalar(byte)))'")
        }
    }

    private mutating func readHex4() throws(JSONParseError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count else { throw error("expected four hex digits after \\u") }
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("expected four hex digits after \\u, got \(found)")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    /// Reads a number at the cursor, correctly rounded to the nearest double (an infinity when
    /// it overflows).
    mutating func parseNumber() throws(JSONParseError) -> Double {
        let start = index
        let negative = consume(UInt8(ascii: "-"))
        var mantissa: UInt64 = 0
        var digitCount = 0
        var decimalExponent = 0
        guard index < bytes.count, isDigit(bytes[index]) else { throw error("expected a digit, got \(found)") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) { throw error("leading zeros are not allowed in numbers") }
        } else {
            while index < bytes.count, isDigit(bytes[index]) {
                accumulate(bytes[index], &mantissa, &digitCount)
                index += 1
            }
        }
        if consume(UInt8(ascii: ".")) {
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw error("expected a digit after the decimal point, got \(found)")
            }
            while index < bytes.count, isDigit(bytes[index]) {
                accumulate(bytes[index], &mantissa, &digitCount)
                decimalExponent -= 1
                index += 1
            }
        }
        var hasExponent = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            hasExponent = true
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw error("expected a digit in the exponent, got \(found)")
            }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        // Clinger's fast path: an exact mantissa below 2^53 and a power of ten that is exact
        // as a double give a correctly rounded result with one multiplication or division.
        if !hasExponent, digitCount <= 15, decimalExponent >= -22 {
            let magnitude = decimalExponent == 0 ? Double(mantissa)
                : Double(mantissa) / Self.powersOfTen[-decimalExponent]
            return negative ? -magnitude : magnitude
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let value = Double(text) else { throw error("unreadable number \(text)") }
        return value
    }

    @inline(__always)
    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// Adds a digit to the mantissa; digits past the 19th only count (the slow path reads them).
    @inline(__always)
    private func accumulate(_ byte: UInt8, _ mantissa: inout UInt64, _ digitCount: inout Int) {
        if digitCount == 0 && byte == UInt8(ascii: "0") { return }
        digitCount += 1
        if digitCount <= 19 { mantissa = mantissa &* 10 &+ UInt64(byte - UInt8(ascii: "0")) }
    }

    private static let powersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }
}
