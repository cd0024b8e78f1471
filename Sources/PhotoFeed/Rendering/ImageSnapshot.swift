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
}
