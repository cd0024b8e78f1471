#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a Swift file that holds text files as string literals, byte for byte: the build tool
/// of the `ResourceEmbedding` plugin, which embeds `Migrations/*.sql` and `seed-data/` into the
/// `BundledResources` module.
///
/// Usage: `ResourceEmbedder OUTPUT (--group PROPERTY FILE...)...`. Each group becomes a static
/// `[BundledFile]` property of `BundledResources`, its files in the order given, named by their
/// last path component. A file that is not valid UTF-8 stops the build, naming the file.
///
/// Every character that a reader could mistake or that a literal cannot hold as it is (quotes,
/// backslashes, controls, format and separator characters, unassigned code points) is written
/// as an escape, so the literal's UTF-8 is exactly the file's bytes.

func fail(_ message: String) -> Never {
    var line = "ResourceEmbedder: error: \(message)\n"
    line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
    exit(1)
}

func readBytes(_ path: String) -> [UInt8] {
    guard let file = fopen(path, "rb") else { fail("cannot open \(path)") }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let count = fread(&chunk, 1, chunk.count, file)
        if count > 0 { bytes.append(contentsOf: chunk[0 ..< count]) }
        if count < chunk.count {
            if ferror(file) != 0 { fail("cannot read \(path)") }
            return bytes
        }
    }
}

func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    if scalar == "\"" || scalar == "\\" { return true }
    if scalar.isASCII { return scalar.value < 0x20 || scalar.value == 0x7F }
    switch scalar.properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .surrogate, .unassigned:
        return true
    default:
        return false
    }
}

func literal(_ text: String) -> String {
    var result = "\""
    result.reserveCapacity(text.utf8.count + text.utf8.count / 8 + 2)
    for scalar in text.unicodeScalars {
        guard needsEscape(scalar) else {
            result.unicodeScalars.append(scalar)
            continue
        }
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        default: result += "\\u{" + String(scalar.value, radix: 16) + "}"
        }
    }
    return result + "\""
}

func fileName(_ path: String) -> String {
    path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? path
}

var arguments = CommandLine.arguments.dropFirst()
guard let output = arguments.popFirst() else { fail("usage: ResourceEmbedder OUTPUT (--group PROPERTY FILE...)...") }
var groups: [(property: String, paths: [String])] = []
while let argument = arguments.popFirst() {
    if argument == "--group" {
        guard let property = arguments.popFirst() else { fail("--group needs a property name") }
        groups.append((property, []))
    } else {
        guard !groups.isEmpty else { fail("\(argument): a file before the first --group") }
        groups[groups.count - 1].paths.append(argument)
    }
}

var source = """
    // Generated at build time by ResourceEmbedder (the ResourceEmbedding plugin); do not edit.

    extension BundledResources {

    """
for group in groups {
    source += "    static let \(group.property): [BundledFile] = [\n"
    for path in group.paths {
        guard let text = String(validating: readBytes(path), as: UTF8.self) else { fail("\(path) is not valid UTF-8") }
        source += "        BundledFile(name: \(literal(fileName(path))), text: \(literal(text))),\n"
    }
    source += "    ]\n"
}
source += "}\n"

guard let file = fopen(output, "wb") else { fail("cannot write \(output)") }
let written = source.utf8.withContiguousStorageIfAvailable { fwrite($0.baseAddress, 1, $0.count, file) } ?? 0
guard written == source.utf8.count, fclose(file) == 0 else { fail("cannot write \(output)") }
