import Foundation

/// The compact binary form of `CachedLayout.frames` kept in `cell_layout.frames`.
///
/// Layout: a format byte (1), a UInt32 frame count, then per frame an Int32 parent index, a
/// UInt16 byte length and the UTF-8 id, and x, y, width, height as Float64 bit patterns. All
/// integers little-endian. A 12-frame cell is about 450 bytes, a third of its JSON.
package enum LayoutBlob {
    static let format: UInt8 = 1

    package static func encode(_ frames: [CachedFrame]) -> Data {
        // One exact-size buffer written in place: ids are truncated to what a UInt16 length holds.
        let idLengths = frames.map { min($0.id.utf8.count, Int(UInt16.max)) }
        let size = 5 + idLengths.reduce(0, +) + frames.count * (4 + 2 + 4 * 8)
        var data = Data(count: size)
        data.withUnsafeMutableBytes { buffer in
            var writer = Writer(bytes: buffer)
            writer.put(format)
            writer.put(UInt32(frames.count))
            for (frame, length) in zip(frames, idLengths) {
                writer.put(UInt32(bitPattern: frame.parent))
                writer.put(UInt16(length))
                var id = frame.id
                id.withUTF8 { writer.put(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer($0).prefix(length))) }
                writer.put(frame.x.bitPattern)
                writer.put(frame.y.bitPattern)
                writer.put(frame.width.bitPattern)
                writer.put(frame.height.bitPattern)
            }
            precondition(writer.offset == size, "LayoutBlob's size formula matches what it writes")
        }
        return data
    }

    /// Decodes a blob; nil when it is truncated, has trailing bytes or an unknown format.
    package static func decode(_ data: Data) -> [CachedFrame]? {
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

    /// Writes little-endian integers and bytes into a buffer sized beforehand.
    private struct Writer {
        let bytes: UnsafeMutableRawBufferPointer
        var offset = 0

        mutating func put<T: FixedWidthInteger>(_ value: T) {
            bytes.storeBytes(of: value.littleEndian, toByteOffset: offset, as: T.self)
            offset += MemoryLayout<T>.size
        }

        mutating func put(_ source: UnsafeRawBufferPointer) {
            UnsafeMutableRawBufferPointer(rebasing: bytes[offset..<offset + source.count]).copyMemory(from: source)
            offset += source.count
        }
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
