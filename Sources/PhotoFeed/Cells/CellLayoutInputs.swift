import FeedModel

/// Everything a ``PhotoCellNode``'s layout depends on besides the size range and scale: its
/// texts (the labels as shown), the fonts they are measured with (``FontSetDigest``), its
/// structure's constants and ``EngineVersion/layoutEngine``.
///
/// Images, avatars, URLs, ids and content versions are not inputs: the photo is always square
/// and the avatar 30 × 30, so two models with equal inputs have equal layouts at every size
/// range and scale, and a completion that changes no input changes no layout. ``fingerprint``
/// names the inputs with a stable digest (the same in every process), a key that identical cells
/// share.
public struct CellLayoutInputs: Hashable, Sendable {
    public var userName: String
    /// nil while the cell shows no location label.
    public var location: String?
    public var time: String
    public var likes: String
    public var description: String
    public var comments: [String]
    /// The digest of the font set the texts are measured with (``TextMeasuring/fontSetDigest``).
    public var fonts: [UInt8]

    public init(_ model: PhotoCellModel, fonts: [UInt8]) {
        self.fonts = fonts
        userName = model.userNameLabel
        location = model.locationName
        time = model.timeLabel
        likes = model.likesLabel
        description = model.descriptionLabel
        comments = model.commentLabels
    }

    /// The structure's constants, in a fixed order: avatar side, horizontal and vertical
    /// buffers, font size, description lines, location lines, comment label lines and spacing.
    static var structureConstants: [Double] {
        [PhotoCellNode.userImageHeight, PhotoCellNode.horizontalBuffer, PhotoCellNode.verticalBuffer,
         PhotoCellNode.fontSize, Double(PhotoCellNode.descriptionMaximumLines), 1,
         Double(CommentsNode.maximumLinesPerLabel), CommentsNode.interCommentSpacing]
    }

    /// SHA-256 of the canonical encoding: a tag, the engine version, the font set's digest, the
    /// structure constants (IEEE 754 bits), then each text as its UTF-8 length and bytes (a missing location and the
    /// comment count marked apart, so no two different inputs share an encoding).
    public var fingerprint: [UInt8] {
        var bytes = Array("photo-cell/1".utf8)
        func append(_ value: UInt64) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
        func append(_ text: String) {
            let utf8 = Array(text.utf8)
            append(UInt64(utf8.count))
            bytes += utf8
        }
        append(UInt64(EngineVersion.layoutEngine))
        append(UInt64(fonts.count))
        bytes += fonts
        for constant in Self.structureConstants { append(constant.bitPattern) }
        append(userName)
        if let location { append(1); append(location) } else { append(0) }
        append(time)
        append(likes)
        append(description)
        append(UInt64(comments.count))
        comments.forEach(append)
        return SHA256.digest(bytes)
    }

    /// ``fingerprint`` as lowercase hex.
    public var fingerprintHex: String {
        fingerprint.map { $0 < 16 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }
}

extension PhotoCellModel {
    /// What this model's layout depends on, measured with the font set whose digest is `fonts`.
    public func layoutInputs(fonts: [UInt8]) -> CellLayoutInputs { CellLayoutInputs(self, fonts: fonts) }
}
