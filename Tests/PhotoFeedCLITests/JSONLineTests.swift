import Foundation
@testable import FeedAPIModel
import Testing

/// `JSONLine`, the one writer of the commands' JSON: key order, null, numbers, strings, fragments.
@Suite struct JSONLineTests {
    struct Ordered: Encodable {
        var zebra = 1
        var apple: String? = nil
        var middle = [2.5, 375, -0.0]

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(zebra, forKey: .zebra)
            try container.encode(apple, forKey: .apple)
            try container.encode(middle, forKey: .middle)
        }

        enum CodingKeys: String, CodingKey {
            case zebra, apple, middle
        }
    }

    @Test func theDocCommentExample() throws {
        struct Counts: Encodable { var users = 3; var photos = 12 }
        let line = try JSONLine.encode(Counts(), keys: .sorted)
        #expect(line == #"{"photos":12,"users":3}"#)
    }

    @Test func keysComeInEncodedOrderOrSorted() throws {
        #expect(try JSONLine.encode(Ordered(), keys: .encoded) == #"{"zebra":1,"apple":null,"middle":[2.5,375,0]}"#)
        #expect(try JSONLine.encode(Ordered(), keys: .sorted) == #"{"apple":null,"middle":[2.5,375,0],"zebra":1}"#)
    }

    @Test func sortedKeysSortNestedObjectsToo() throws {
        struct Outer: Encodable {
            var b = ["y": 1, "x": 2]
            var a = true
        }
        #expect(try JSONLine.encode(Outer(), keys: .sorted) == #"{"a":true,"b":{"x":2,"y":1}}"#)
    }

    @Test func numbersPrintAsJSONSerializationPrintsThem() throws {
        let values: [Double] = [0, 16.5, 1e-7, 0.1 + 0.2, 123_456, 1.5e15, 9.99e15, 2.5e20, -3]
        let expected = try JSONSerialization.data(withJSONObject: values)
        #expect(try JSONLine.encode(values, keys: .sorted) == String(decoding: expected, as: UTF8.self))
        #expect(try JSONLine.encode(values, keys: .sorted)
                == "[0,16.5,1e-07,0.30000000000000004,123456,1500000000000000,9.99e+15,2.5e+20,-3]")
    }

    @Test func stringsAreEscapedAndSlashesKept() throws {
        let text = "a/b \"q\" \\ \n\t\u{1} é"
        #expect(try JSONLine.encode([text], keys: .sorted) == #"["a/b \"q\" \\ \n\t\u0001 é"]"#)
    }

    @Test func infinityIsTheContractsInfAndNaNIsAnError() throws {
        #expect(try JSONLine.encode([ContractNumber(.infinity), ContractNumber(320)], keys: .sorted) == #"["inf",320]"#)
        #expect(throws: EncodingError.self) { try JSONLine.encode([Double.nan], keys: .sorted) }
        #expect(throws: EncodingError.self) { try JSONLine.encode([Double.infinity], keys: .sorted) }
    }

    @Test func aFragmentIsWrittenAsItIs() throws {
        struct Wrapper: Encodable {
            var layout = JSONFragment(#"{"size":[1,2],"nodes":[]}"#)
        }
        #expect(try JSONLine.encode(Wrapper(), keys: .sorted) == #"{"layout":{"size":[1,2],"nodes":[]}}"#)
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(Wrapper()) }
    }
}
