import ArgumentParser
import TextLayout

/// `--fonts FILE`: the font manifest the command measures text with (`docs/user-guide.md`,
/// "Fonts"), else `$PHOTOFEED_FONTS`, else the built-in DejaVu Sans → Noto Sans CJK → Noto Color
/// Emoji set. The layouts a command caches are keyed by the digest of these fonts.
package struct FontOptions: ParsableArguments {
    @Option(help: ArgumentHelp("A font manifest (JSON) naming the fonts text is measured with.",
                               discussion: "Default: $PHOTOFEED_FONTS, else the built-in DejaVu Sans set.",
                               valueName: "file"))
    package var fonts: String?

    package init() {}

    /// The manifest chosen.
    package func manifest() throws -> FontManifest {
        if let fonts { return try FontManifest(contentsOf: fonts) }
        return try FontManifest.processDefault()
    }

    /// The process's measurer for the chosen manifest, its fonts loaded and their digest taken
    /// before any other work, so a missing or unreadable font file fails the command first.
    package func measurer() throws -> TextMeasurer {
        try TextMeasurer.measurer(for: manifest())
    }
}
