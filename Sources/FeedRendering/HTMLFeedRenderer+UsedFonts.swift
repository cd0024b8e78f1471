/// Which of the page's fallback fonts a page can use: a page written to a file takes along only
/// the font files it can load (`feed --format html --output FILE`).
extension HTMLFeedRenderer {
    /// The indices of ``fallbackFonts`` that a browser may load for `page` (a page this renderer
    /// drew): those whose `unicode-range` holds a character of the page, and those without one.
    /// A fallback left out would never be loaded: the browser downloads a face only for the
    /// characters of its range, and the primary font sets every other one.
    public func fallbackIndices(usedBy page: String) -> [Int] {
        // The markup's characters too: at worst a font is kept that the page does not need.
        let scalars = Set(page.unicodeScalars.map(\.value))
        return fallbackFonts.indices.filter { index in
            guard let range = fallbackFonts[index].unicodeRange else { return true }
            return scalars.contains { range.contains($0) }
        }
    }

    /// This renderer without the fallback fonts `page` cannot use (``fallbackIndices(usedBy:)``).
    public func keepingFallbacks(_ indices: [Int]) -> HTMLFeedRenderer {
        var renderer = self
        renderer.fallbackFonts = indices.map { fallbackFonts[$0] }
        return renderer
    }
}
