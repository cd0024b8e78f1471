import FeedModel
import FeedSync

extension PhotoCellModel {
    /// This model brought up to date by the daemon's committed `changes` (in commit order), or nil
    /// when they cannot say what the photo shows now and it must be read again.
    ///
    /// Content versions go up by one at each change, so `changes` describe the photo exactly from
    /// this model's version on when the first change newer than it made the next version and the
    /// rest follow without a gap. Changes this model already shows (not newer than its version)
    /// are skipped; when none is newer, the model is current only if it is at the last change's
    /// version. No changes say nothing. A comment feed's arrival (``ContentChange/Edit/commentsLoaded``)
    /// does not carry the comments, so the photo must be read again.
    public func applying(_ changes: [ContentChange]) -> PhotoCellModel? {
        guard let last = changes.last else { return nil }
        guard let first = changes.firstIndex(where: { $0.contentVersion > contentVersion }) else {
            return contentVersion == last.contentVersion ? self : nil
        }
        var model = self
        for change in changes[first...] {
            guard change.contentVersion == model.contentVersion + 1 else { return nil }
            guard model.apply(change.edit) else { return nil }
            model.contentVersion = change.contentVersion
        }
        return model
    }

    /// Whether `edit` can change what the cell's layout depends on (``CellLayoutInputs``): an
    /// arrived image or avatar is display only (the photo is always square, the avatar 30 × 30);
    /// a place or a comment feed changes the texts.
    static func changesLayoutInputs(_ edit: ContentChange.Edit) -> Bool {
        switch edit {
        case .imageState, .avatarState: false
        case .location, .commentsLoaded: true
        }
    }

    /// Applies `edit`; false when it cannot (the model must be read again).
    private mutating func apply(_ edit: ContentChange.Edit) -> Bool {
        switch edit {
        case .imageState(let state): isImageLoaded = state == .loaded
        case .avatarState(let state): isAvatarLoaded = state == .loaded
        case .location(let placeName, let country, let state, let subLocality, let area, let subArea):
            setLocation(placeName: placeName, country: country, state: state, subLocality: subLocality,
                        administrativeArea: area, subAdministrativeArea: subArea)
        case .commentsLoaded: return false
        }
        return true
    }
}
