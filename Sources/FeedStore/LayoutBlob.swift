import Foundation

/// The compact binary form of `CachedLayout.frames` kept in `layout_cache.frames`.
///
/// Layout: a format byte (1), a UInt32 frame count, then per frame an Int32 parent index, a
/// UInt16 byte length and the UTF-8 id, and x, y, width, height as Float64 bit patterns. All
/// integers little-endian. A 12-frame cell is about 450 bytes, a third of its JSON.
enum LayoutBlob {
    static let format: UInt8 = 1

    static func encode(_ frames: [CachedFrame]) -> Data {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(5 + frames.count * 48)
        bytes.append(format)
        append(UInt32(frames.count), to: &bytes)
        for frame in frames {
            append(UInt32(bitPattern: frame.parent), to: &bytes)
            let id = Array(frame.id.utf8.prefix(Int(UInt16.max)))
            bytes.append(UInt8(id.count & 0xff))
            bytes.append(UInt8(id.count >> 8))
            bytes.append(contentsOf: id)
            for value in [frame.x, frame.y, frame.width, frame.height] {
                append(value.bitPattern, to: &bytes)
            }
        }
        return Data(bytes)
    }

    /// Decodes a blob; nil when it is truncated, has trailing bytes or an unknown format.
    static func decode(_ data: Data) -> [CachedFrame]? {
        data.withUnsafeBytes { raw -> [CachedFrame]? in
            var reader = Reader(bytes: raw)
            guard reader.byte() == format, let count = reader.uint32(), count <= raw.count else { return nil }
            var frames: [CachedFrame] = []
            frames.reserveCapacity(Int(count))
            for _ in 0..<count {
                guard let parent = reader.uint32(), let length = reader.uint16(),
                      let id = reader.string(length: Int(length)),
                      let x = reader.double(), let y = reader.double(),
                      let width = reader.double(), let height = reader.double() else { return nil }
                frames.append(CachedFrame(id: id, parent: Int32(bitPattern: parent), x: x, y: y,
                                          width: width, height: height))
            }
            return reader.isAtEnd ? frames : nil
        }
    }

    private static func append<T: FixedWidthInteger>(_ value: T, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        var offset = 0

        var isAtEnd: Bool { offset == bytes.count }

        mutating func byte() -> UInt8? {
            guard offset < bytes.count else { return nil }
            defer { offset += 1 }
            return bytes[offset]
        }

        mutating func integer<T: FixedWidthInteger>(_: T.Type) -> T? {
            let size = MemoryLayout<T>.size
            guard offset + size <= bytes.count else { return nil }
            var value: T = 0
            withUnsafeMutableBytes(of: &value) { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + size])) }
            offset += size
            return T(littleEndian: value)
        }

        mutating func uint16() -> UInt16? { integer(UInt16.self) }
        mutating func uint32() -> UInt32? { integer(UInt32.self) }
        mutating func double() -> Double? { integer(UInt64.self).map(Double.init(bitPattern:)) }

        mutating func string(length: Int) -> String? {
            guard offset + length <= bytes.count else { return nil }
            defer { offset += length }
            return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + length]), as: UTF8.self)
        }
    }
}
