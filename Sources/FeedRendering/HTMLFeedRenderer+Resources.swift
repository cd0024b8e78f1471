// The page's stylesheet and the position probe script.
extension HTMLFeedRenderer {
    var stylesheet: String {
        """
        \(Self.fontFace(primaryFamily, weight: "normal", local: regularLocalName, file: regularFont))\
        \(Self.fontFace(primaryFamily, weight: "bold", local: boldLocalName, file: boldFont))\
        \(fallbackFontFaces)html { background: #e4e6eb; }
        body { margin: 0; font-family: \(fontFamilyList); color: #111111; }
        .feed { display: block; margin: 0; padding: 0; }
        .cell { position: relative; display: block; margin: 0; padding: 0; background: #ffffff;
                box-shadow: 0 1px 0 #c8ccd4; }
        .node { position: absolute; box-sizing: border-box; margin: 0; padding: 0; }
        .node.box { outline: 1px dashed rgba(74, 144, 217, 0.45); outline-offset: -1px; }
        .node.image { display: flex; align-items: center; justify-content: center; overflow: hidden;
                      background: #c9cdd3; color: #4b5058; white-space: nowrap; }
        .line { position: absolute; top: 0; line-height: 0; white-space: pre; }
        .strut { display: inline-block; width: 0; vertical-align: baseline; }

        """
    }

    /// One `@font-face` rule per fallback face, each line ending with a newline. A font whose
    /// regular and bold are one file (a color emoji font) serves every weight, so the browser
    /// never synthesises a bold of it.
    private var fallbackFontFaces: String {
        fallbackFonts.map { font in
            guard font.bold != font.regular else {
                return Self.fontFace(font.family, weight: "100 900", local: font.regularLocalName, file: font.regular,
                                     range: font.unicodeRange)
            }
            return Self.fontFace(font.family, weight: "normal", local: font.regularLocalName, file: font.regular,
                                 range: font.unicodeRange)
                + Self.fontFace(font.family, weight: "bold", local: font.boldLocalName, file: font.bold,
                                range: font.unicodeRange)
        }.joined()
    }

    /// One `@font-face` rule and a newline: text shows at once in a system font and takes this
    /// one when it has loaded (`font-display: swap`), from the installed fonts when one has the
    /// PostScript name `local`, else from `file`; for the code points of `range` only.
    private static func fontFace(_ family: String, weight: String, local: String?, file: String,
                                 range: UnicodeRanges? = nil) -> String {
        let sources = (local.map { ["local(\(cssString($0)))"] } ?? []) + ["url(\"\(cssURL(file))\")"]
        let unicodeRange = range.map { "; unicode-range: \($0.css)" } ?? ""
        return "@font-face { font-family: \(cssString(family)); font-weight: \(weight); font-display: swap; "
            + "src: \(sources.joined(separator: ", "))\(unicodeRange); }\n"
    }

    /// The primary family, then the fallbacks in order.
    private var fontFamilyList: String {
        ([Self.cssString(primaryFamily)] + fallbackFonts.map { Self.cssString($0.family) }).joined(separator: ", ")
    }

    /// `value` as a quoted CSS string (quotes, backslashes and line breaks escaped).
    static func cssString(_ value: String) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"", "\\": out += "\\" + String(scalar)
            case "\n", "\r", "\u{0C}", "<": out += "\\" + String(scalar.value, radix: 16) + " "
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// Reads back where the browser put things; see ``includesPositionProbe``.
    static let positionProbeScript = """
        addEventListener("load", async () => {
          await document.fonts.ready;
          const box = (element) => {
            const r = element.getBoundingClientRect();
            return { x: r.x + scrollX, y: r.y + scrollY, width: r.width, height: r.height };
          };
          const all = (selector) => Array.from(document.querySelectorAll(selector));
          const result = {
            fonts: Array.from(document.fonts).map((f) => ({ weight: f.weight, status: f.status })),
            cells: all("section.cell").map((e) => ({ photoId: Number(e.dataset.photoId), ...box(e) })),
            nodes: all("[data-node-id]").map((e) => ({
              photoId: Number(e.dataset.photoId), nodeId: e.dataset.nodeId, ...box(e) })),
            lines: all(".line").map((e) => {
              const node = e.closest("[data-node-id]");
              return { photoId: Number(node.dataset.photoId), nodeId: node.dataset.nodeId,
                       baseline: box(e.querySelector(".strut")).y + box(e.querySelector(".strut")).height,
                       width: box(e.querySelector(".glyphs")).width };
            }),
          };
          document.getElementById("positions").textContent = JSON.stringify(result);
        });

        """

    /// Follows the change stream at `/v1/changes?QUERY`: a changed cell on the page takes its new
    /// height at once (the event's item carries it), then its new content from `/cells/{id}?QUERY`,
    /// one replacement after another so an older answer never lands after a newer one. A reset
    /// reloads the page. The browser's `EventSource` reconnects with `Last-Event-ID` by itself.
    static func liveUpdateScript(query: String) -> String {
        let query = query.filter { $0.isLetter || $0.isNumber || "=&.,".contains($0) }
        return """
            (() => {
              const query = "\(query)";
              const cellOf = (id) => document.querySelector(`section.cell[data-photo-id="${id}"]`);
              let replacing = Promise.resolve();
              const changes = new EventSource(`/v1/changes?${query}`);
              changes.addEventListener("cell", (event) => {
                const item = JSON.parse(event.data);
                const cell = cellOf(item.photoId);
                if (!cell) return;
                cell.style.height = `${item.layout.size[1]}px`;
                replacing = replacing.then(async () => {
                  const response = await fetch(`/cells/${item.photoId}?${query}`);
                  if (response.ok && cellOf(item.photoId)) cellOf(item.photoId).outerHTML = await response.text();
                }).catch(() => {});
              });
              changes.addEventListener("reset", () => location.reload());
            })();

            """
    }

    /// A font reference for CSS `url("…")`: an absolute path becomes a `file://` URL and a relative
    /// one a relative URL (resolved against the page), both with everything but unreserved
    /// characters and "/" percent-encoded; a string with a scheme is kept, with `"`, `\` and line
    /// breaks percent-encoded so it cannot leave the quoted URL.
    static func cssURL(_ reference: String) -> String {
        let hasScheme = Self.hasURLScheme(reference)
        var out = !hasScheme && reference.hasPrefix("/") ? "file://" : ""
        for byte in reference.utf8 {
            let keep: Bool = switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                 UInt8(ascii: "~"), UInt8(ascii: "/"):
                true
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), 0..<0x21, 0x7F...:
                false
            default:
                hasScheme
            }
            if keep {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out
    }

    /// Whether `reference` starts with a URL scheme (`letter *(letter / digit / "+" / "-" / ".") ":"`).
    private static func hasURLScheme(_ reference: String) -> Bool {
        guard let colon = reference.firstIndex(of: ":"), colon != reference.startIndex,
              let first = reference.first, first.isASCII, first.isLetter else { return false }
        return reference[..<colon].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }
}

private extension String {
    func leftPadded(to length: Int) -> String {
        String(repeating: "0", count: max(0, length - count)) + self
    }
}
