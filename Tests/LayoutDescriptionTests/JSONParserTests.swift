import Testing
import LayoutCore
import LayoutDescription

@Suite struct JSONParserTests {
    private func parse(_ text: String) throws -> JSONValue {
        try JSONParser.parse(text)
    }

    private func parseError(_ text: String) -> JSONParseError? {
        do {
            _ = try JSONParser.parse(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func scalarsArraysAndObjects() throws {
        #expect(try parse("null") == .null)
        #expect(try parse(" true ") == .bool(true))
        #expect(try parse("false") == .bool(false))
        #expect(try parse("[1, \"a\", [], {}]") == .array([.number(1), .string("a"), .array([]), .object(JSONObject())]))
        let object = try parse(#"{"b": 1, "a": [true, null]}"#)
        guard case .object(let members) = object else {
            Issue.record("expected an object, got \(object)")
            return
        }
        #expect(members.keys == ["b", "a"])
        #expect(members["a"] == .array([.bool(true), .null]))
        #expect(members["missing"] == nil)
    }

    @Test(arguments: [
        ("0", 0.0), ("-0", -0.0), ("50", 50), ("25.5", 25.5), ("0.1", 0.1), ("1e-7", 1e-7), ("-12.75e2", -1275),
        ("123456789012345678901234567890", 123456789012345678901234567890.0), ("0.30000000000000004", 0.30000000000000004),
        ("1.7976931348623157e308", 1.7976931348623157e308), ("5e-324", Double.leastNonzeroMagnitude), ("2.2250738585072014E-308", 2.2250738585072014e-308),
        ("9007199254740993", 9007199254740992), ("0.000001234", 0.000001234), ("1E+2", 100),
    ])
    func numbersAreCorrectlyRounded(text: String, expected: Double) throws {
        let value = try parse(text)
        #expect(value == .number(expected))
        if case .number(let number) = value { #expect(number.sign == expected.sign) }
    }

    @Test func numbersTooLargeForADoubleReadAsInfinity() throws {
        #expect(try parse("1e400") == .number(.infinity))
        #expect(try parse("-1e400") == .number(-.infinity))
        #expect(try parse("1e-400") == .number(0))
    }

    @Test func stringsDecodeEscapesSurrogatesAndUTF8() throws {
        #expect(try parse(#""a\"b\\c\/d\b\f\n\r\t""#) == .string("a\"b\\c/d\u{08}\u{0C}\n\r\t"))
        #expect(try parse(#""\u00e9\u20AC\ud83d\ude00""#) == .string("é€😀"))
        #expect(try parse("\"héllo 😀\"") == .string("héllo 😀"))
        #expect(try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("[1]".utf8)) == .array([.number(1)]))
    }

    @Test(arguments: [
        ("", "$: malformed JSON at line 1, column 1 (byte 0): expected a value, got the end of the input"),
        ("[1,]", "$[1]: malformed JSON at line 1, column 4 (byte 3): expected a value, got ']'"),
        ("{\"a\":1,}", "$: malformed JSON at line 1, column 8 (byte 7): expected a string key, got '}'"),
        ("{\"a\":1 \"b\":2}", "$: malformed JSON at line 1, column 8 (byte 7): expected ',' or '}' after an object member, got '\"'"),
        ("{\"a\":\n  {\"b\": [1 2]}}", "$.a.b: malformed JSON at line 2, column 12 (byte 17): expected ',' or ']' after an array element, got '2'"),
        ("{\"a\": 1, \"a\": 2}", "$: malformed JSON at line 1, column 10 (byte 9): duplicate key \"a\""),
        ("01", "$: malformed JSON at line 1, column 2 (byte 1): leading zeros are not allowed in numbers"),
        ("1.", "$: malformed JSON at line 1, column 3 (byte 2): expected a digit after the decimal point, got the end of the input"),
        ("-", "$: malformed JSON at line 1, column 2 (byte 1): expected a digit, got the end of the input"),
        ("1e", "$: malformed JSON at line 1, column 3 (byte 2): expected a digit in the exponent, got the end of the input"),
        ("NaN", "$: malformed JSON at line 1, column 1 (byte 0): expected a value, got 'N'"),
        ("tru", "$: malformed JSON at line 1, column 1 (byte 0): expected a value, got 't'"),
        ("[1] [2]", "$: malformed JSON at line 1, column 5 (byte 4): expected the end of the document, got '['"),
        ("\"abc", "$: malformed JSON at line 1, column 5 (byte 4): unterminated string"),
        ("\"a\tb\"", "$: malformed JSON at line 1, column 3 (byte 2): unescaped control character (byte 0x9) in a string"),
        ("\"\\x\"", "$: malformed JSON at line 1, column 3 (byte 2): invalid escape sequence '\\x'"),
        ("\"\\ud800\"", "$: malformed JSON at line 1, column 8 (byte 7): a high surrogate escape must be followed by a low surrogate escape"),
        ("\"\\udc00\"", "$: malformed JSON at line 1, column 8 (byte 7): a low surrogate escape without a high surrogate before it"),
        ("{\"k\" 1}", "$: malformed JSON at line 1, column 6 (byte 5): expected ':' after an object key, got '1'"),
        ("[\"x\", {\"odd key\": [}]", "$[1][\"odd key\"][0]: malformed JSON at line 1, column 20 (byte 19): expected a value, got '}'"),
    ])
    func malformedInputNamesPathLineColumnAndReason(text: String, message: String) {
        #expect(parseError(text)?.description == message)
    }

    @Test func invalidUTF8IsRefused() {
        let error = #expect(throws: JSONParseError.self) { try JSONParser.parse([0x22, 0x61, 0xFF, 0x22]) }
        #expect(error?.reason == "invalid UTF-8 in a string")
        #expect(error?.offset == 1)
    }

    @Test func nestingBeyondTheLimitIsAnErrorNotACrash() {
        // Given ten thousand nested arrays, far beyond the limit
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        // Then the parser stops at the limit with the path of the first level too deep
        let error = parseError(deep)
        #expect(error?.reason == "arrays and objects are nested deeper than 1024 levels")
        #expect(error?.offset == 1024)
        #expect(error?.path == "$" + String(repeating: "[0]", count: 1024))
        // And exactly the limit is accepted
        let limit = String(repeating: "[", count: 1024) + String(repeating: "]", count: 1024)
        #expect(parseError(limit) == nil)
    }

    @Test func largeObjectsDetectDuplicatesAfterTheSetTakesOver() {
        let keys = (0..<40).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
        #expect(parseError("{\(keys)}") == nil)
        #expect(parseError("{\(keys), \"k17\": 0}")?.reason == "duplicate key \"k17\"")
    }
}
