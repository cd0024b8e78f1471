import CGLib
import CHarfBuzz
import Foundation
import Synchronization

/// The digest of a font set: SHA-256 over the HarfBuzz and FreeType versions in use and, slot
/// by slot, the face index and the SHA-256 of each file's bytes. Layouts measured with one font
/// set are keyed by its digest, so other fonts, an edited font file or an upgraded font package
/// or shaping library make them stale.
///
/// A file's digest is computed once per process for a given path, size, modification time and
/// inode (reading Noto's CJK collections, about 40 MB, takes about a tenth of a second).
public enum FontSetDigest {
    /// The digest of `manifest`'s files, 32 bytes.
    ///
    /// - Throws: ``FontError/fileNotFound(path:)`` for a file that is missing or unreadable.
    public static func digest(of manifest: FontManifest) throws(FontError) -> [UInt8] {
        var input = Array("photofeed-fonts/1".utf8)
        func append(_ text: String) {
            withUnsafeBytes(of: UInt64(text.utf8.count).littleEndian) { input += $0 }
            input += Array(text.utf8)
        }
        append(String(cString: hb_version_string()))
        append(FreeTypeLibrary.shared.version)
        for slot in manifest.cascade {
            append("slot \(slot.faceIndex ?? 0)")
            input += try fileDigest(slot.regular)
            input += try fileDigest(slot.boldFile)
        }
        return sha256(input)
    }

    /// SHA-256 of the bytes of the file at `path`, remembered for its identity on disk.
    static func fileDigest(_ path: String) throws(FontError) -> [UInt8] {
        var info = stat()
        guard stat(path, &info) == 0 else { throw .fileNotFound(path: path) }
        let identity = FileIdentity(path: path, size: Int64(info.st_size), device: UInt64(info.st_dev),
                                    inode: UInt64(info.st_ino), modified: Int64(info.st_mtim.tv_sec),
                                    modifiedNanoseconds: Int64(info.st_mtim.tv_nsec))
        if let known = known.withLock({ $0[identity] }) { return known }
        guard let bytes = FileManager.default.contents(atPath: path) else { throw .unreadable(path: path, code: -1) }
        let digest = bytes.withUnsafeBytes { sha256($0) }
        known.withLock { $0[identity] = digest }
        return digest
    }

    private struct FileIdentity: Hashable {
        var path: String
        var size: Int64
        var device: UInt64
        var inode: UInt64
        var modified: Int64
        var modifiedNanoseconds: Int64
    }

    private static let known = Mutex<[FileIdentity: [UInt8]]>([:])

    private static func sha256(_ bytes: [UInt8]) -> [UInt8] {
        bytes.withUnsafeBytes { sha256($0) }
    }

    /// GLib's SHA-256 (optimised C; GLib is linked through HarfBuzz already).
    private static func sha256(_ bytes: UnsafeRawBufferPointer) -> [UInt8] {
        let checksum = g_checksum_new(G_CHECKSUM_SHA256)!
        defer { g_checksum_free(checksum) }
        if let base = bytes.baseAddress {
            g_checksum_update(checksum, base.assumingMemoryBound(to: guchar.self), gssize(bytes.count))
        }
        var digest = [UInt8](repeating: 0, count: 32)
        var length = gsize(digest.count)
        digest.withUnsafeMutableBufferPointer { g_checksum_get_digest(checksum, $0.baseAddress, &length) }
        return digest
    }
}
