import Foundation

/// The command line as the process received it: byte strings, decoded as UTF-8 only when they
/// are UTF-8.
///
/// Swift's `CommandLine.arguments` replaces bytes that are not UTF-8 with U+FFFD, so a path
/// such as `/tmp/caf\xE9.sqlite` (Latin-1) would silently name another file. Such an argument
/// is refused instead, and shown as it is: its valid parts as text, every other byte as `\xE9`.
///
/// ```swift
/// ArgumentBytes.escaped(Array("caf".utf8) + [0xE9])  // "caf\\xE9"
/// ```
enum ArgumentBytes {
    /// An argument that is not UTF-8: its position (1 is the first after the program's name),
    /// the option it belongs to when the one before it is an option, and its bytes.
    struct NotUTF8: Error, CustomStringConvertible {
        var position: Int
        var option: String?
        var bytes: [UInt8]

        var description: String {
            let what = option.map { "the value of \($0)" } ?? "argument \(position)"
            return "\(what) is not valid UTF-8: \"\(ArgumentBytes.escaped(bytes))\"; "
                + "photofeed reads paths and arguments as UTF-8 only"
        }
    }

    /// `arguments` as strings, or the first that is not UTF-8.
    static func decode(_ arguments: [[UInt8]]) -> Result<[String], NotUTF8> {
        var strings: [String] = []
        strings.reserveCapacity(arguments.count)
        for (index, bytes) in arguments.enumerated() {
            guard let string = String(validating: bytes, as: UTF8.self) else {
                let previous = strings.last.flatMap { $0.hasPrefix("-") && !$0.contains("=") ? $0 : nil }
                return .failure(NotUTF8(position: index + 1, option: previous, bytes: bytes))
            }
            strings.append(string)
        }
        return .success(strings)
    }

    /// The process's arguments after the program's name, as the kernel passed them.
    static func process() -> [[UInt8]] {
        (1..<Int(CommandLine.argc)).map { index in
            guard let argument = CommandLine.unsafeArgv[index] else { return [] }
            return Array(UnsafeBufferPointer(start: UnsafeRawPointer(argument).assumingMemoryBound(to: UInt8.self),
                                             count: strlen(argument)))
        }
    }

    /// `bytes` as text: each well-formed UTF-8 sequence as its character, control characters
    /// and `\` escaped, every other byte as `\xHH`.
    static func escaped(_ bytes: [UInt8]) -> String {
        var text = ""
        var index = 0
        while index < bytes.count {
            let length = sequenceLength(bytes[index])
            if length > 0, index + length <= bytes.count,
               let scalar = String(validating: bytes[index..<index + length], as: UTF8.self) {
                text += scalar.unicodeScalars.allSatisfy { $0.properties.generalCategory != .control && $0 != "\\" }
                    ? scalar : scalar.unicodeScalars.map { $0.escaped(asASCII: true) }.joined()
                index += length
            } else {
                text += "\\x" + String(bytes[index], radix: 16, uppercase: true).leftPadded(to: 2)
                index += 1
            }
        }
        return text
    }

    /// How many bytes a UTF-8 sequence starting with `lead` has, or 0 for a byte no sequence
    /// starts with.
    private static func sequenceLength(_ lead: UInt8) -> Int {
        switch lead {
        case 0x00...0x7F: 1
        case 0xC2...0xDF: 2
        case 0xE0...0xEF: 3
        case 0xF0...0xF4: 4
        default: 0
        }
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
