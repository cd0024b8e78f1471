import CFreeType
import Synchronization

/// The process's one FreeType library handle.
///
/// FreeType is not thread-safe: an `FT_Library` and every `FT_Face` made from it must be used by
/// one thread at a time. This type owns the handle behind a `Mutex`, and ``FontFace`` keeps its
/// `FT_Face` behind its own lock, so no FreeType call ever runs concurrently on the same object.
final class FreeTypeLibrary: Sendable {
    static let shared = FreeTypeLibrary()

    private let library: Mutex<LibraryHandle>

    /// `FT_Library` is a raw pointer; wrapping it lets the mutex own it.
    struct LibraryHandle: @unchecked Sendable {
        var pointer: FT_Library?
    }

    private init() {
        var pointer: FT_Library?
        let error = FT_Init_FreeType(&pointer)
        library = Mutex(LibraryHandle(pointer: error == 0 ? pointer : nil))
    }

    /// Opens face `index` of the file at `path`; the caller owns the face (release with `FT_Done_Face`
    /// through ``closeFace(_:)``, which takes the library lock as FreeType requires).
    func openFace(path: String, index: Int = 0) throws(FontError) -> FT_Face {
        let result: Result<FT_Face, FontError> = library.withLock { handle in
            guard let lib = handle.pointer else { return .failure(.unreadable(path: path, code: -1)) }
            var face: FT_Face?
            let error = FT_New_Face(lib, path, FT_Long(index), &face)
            guard error == 0, let face else { return .failure(.unreadable(path: path, code: error)) }
            return .success(face)
        }
        return try result.get()
    }

    /// FreeType's version in use ("2.12.1"), as the library reports it at run time.
    var version: String {
        library.withLock { handle in
            guard let lib = handle.pointer else { return "unavailable" }
            var major: FT_Int = 0, minor: FT_Int = 0, patch: FT_Int = 0
            FT_Library_Version(lib, &major, &minor, &patch)
            return "\(major).\(minor).\(patch)"
        }
    }

    /// Releases a face opened by ``openFace(path:)``.
    func closeFace(_ face: FT_Face) {
        library.withLock { _ in _ = FT_Done_Face(face) }
    }
}
