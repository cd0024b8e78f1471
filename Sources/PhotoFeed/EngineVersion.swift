/// Versions that key persisted results: bump `layoutEngine` whenever a change to the layout or
/// text engines, or to the cell's structure, constants or texts, can change a computed frame, so
/// that cached layouts from before go stale.
public enum EngineVersion {
    public static let layoutEngine = 3
}
