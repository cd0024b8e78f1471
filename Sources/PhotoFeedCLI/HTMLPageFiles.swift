import FeedRendering
import Foundation

/// `feed --format html --output FILE`: the page at FILE and its fonts in the folder beside it,
/// named after it (`page.html` → `page.fonts/`), which the page loads by relative URLs
/// (``HTMLFontFolderPage``), so the two move together.
///
/// Nothing is left half-written (``OutputFileWriter``): the fonts go first, each to a temporary
/// name in the folder and renamed into place, then the page the same way beside them, so FILE
/// is the old page or the whole new one, and the new page appears only once its fonts are there.
/// A failure removes the temporary files, and the folder when this write made it. Other files in
/// an existing folder are left as they are.
package struct HTMLPageFiles {
    /// The page's path as the user gave it.
    var path: String

    /// The folder's name: the page's file name without its extension, and `.fonts`
    /// (`page.html` → `page.fonts`, `page` → `page.fonts`, `x.fonts` → `x.fonts.fonts`).
    package static func folderName(forPage name: String) -> String {
        let stem = (name as NSString).deletingPathExtension
        let folder = (stem.isEmpty ? name : stem) + ".fonts"
        // A page named `x.fonts` keeps its folder apart: `x.fonts.fonts`.
        return folder == name ? name + ".fonts" : folder
    }

    var folderName: String { Self.folderName(forPage: URL(fileURLWithPath: path).lastPathComponent) }

    /// The folder's path, beside the page.
    var folderPath: String {
        URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(folderName).path
    }

    /// Writes `page` (drawn to load its fonts from ``folderName``) and its font files.
    ///
    /// - Throws: ``OutputFileError`` (73) naming the file or folder that could not be written.
    func write(_ page: HTMLFontFolderPage) throws {
        let shownFolder = (path as NSString).deletingLastPathComponent.isEmpty
            ? folderName : ((path as NSString).deletingLastPathComponent as NSString).appendingPathComponent(folderName)
        let made = try OutputFileWriter.makeDirectory(folderPath, shown: shownFolder)
        do {
            for file in page.files {
                guard let bytes = FileManager.default.contents(atPath: file.path) else {
                    throw OutputFileError(path: shownFolder + "/" + file.name, reason: "cannot read the font \(file.path)")
                }
                try OutputFileWriter.write(bytes, to: folderPath + "/" + file.name,
                                           shown: shownFolder + "/" + file.name)
            }
            try OutputFileWriter.write(page.html.utf8, to: path, shown: path)
        } catch {
            if made { OutputFileWriter.removeDirectory(folderPath) }
            throw error
        }
    }
}
