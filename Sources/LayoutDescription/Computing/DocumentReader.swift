#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a whole document from a file or standard input, with a size limit so that an endless
/// input (`/dev/zero`) ends in an error instead of exhausting memory.
public enum DocumentReader {
    /// Documents larger than this are refused: 64 MiB.
    public static let maxDocumentBytes = 64 << 20

    /// A document that could not be read, with the reason in the words of the system.
    public struct ReadError: Error, Hashable, Sendable, CustomStringConvertible {
        public var reason: String
        public var description: String { reason }

        public init(reason: String) {
            self.reason = reason
        }
    }

    /// Reads the file at `path`.
    public static func read(path: String, limit: Int = maxDocumentBytes) throws(ReadError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw ReadError(reason: "cannot open file: \(systemMessage())") }
        defer { close(descriptor) }
        return try read(descriptor: descriptor, limit: limit)
    }

    /// Reads standard input to its end.
    public static func readStandardInput(limit: Int = maxDocumentBytes) throws(ReadError) -> [UInt8] {
        try read(descriptor: STDIN_FILENO, limit: limit)
    }

    /// Reads `descriptor` to its end, retrying interrupted reads.
    public static func read(descriptor: Int32, limit: Int) throws(ReadError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { buffer in
                systemRead(descriptor, buffer.baseAddress, buffer.count)
            }
            if count == 0 { return bytes }
            if count < 0 {
                if errno == EINTR { continue }
                throw ReadError(reason: "cannot read file: \(systemMessage())")
            }
            guard bytes.count + count <= limit else {
                throw ReadError(reason: "file is larger than \(limit >> 20) MiB")
            }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }

    private static func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.read(descriptor, buffer, count)
        #else
        Darwin.read(descriptor, buffer, count)
        #endif
    }

    private static func systemMessage() -> String {
        String(cString: strerror(errno))
    }
}
