import LayoutCore

/// An image node's state: where the picture comes from and, once loaded, its size in pixels.
public struct ImageSnapshot: Sendable, Hashable, Codable {
    public var url: String?
    /// `nil` until the image is loaded.
    public var pixelSize: Size?
    public var isLoaded: Bool

    public init(url: String? = nil, pixelSize: Size? = nil, isLoaded: Bool = false) {
        self.url = url
        self.pixelSize = pixelSize
        self.isLoaded = isLoaded
    }

    /// A short caption for placeholders: "image 1080×720", "image (loading)", or "image" when
    /// loaded without a known size.
    public var caption: String {
        guard isLoaded else { return "image (loading)" }
        guard let pixelSize else { return "image" }
        return "image \(RenderNumber.format(pixelSize.width))×\(RenderNumber.format(pixelSize.height))"
    }

    /// ``caption``, or without its "image" prefix ("90×90", "loading") when the full caption set
    /// at `fontSize` would not fit in `width` points (an avatar). The estimate takes DejaVu Sans's
    /// average advance, about 0.62 em per character.
    public func caption(fittingWidth width: Double, fontSize: Double) -> String {
        let full = caption
        guard Double(full.count) * 0.62 * fontSize > width else { return full }
        guard isLoaded else { return "loading" }
        guard let pixelSize else { return "image" }
        return "\(RenderNumber.format(pixelSize.width))×\(RenderNumber.format(pixelSize.height))"
    }
}
