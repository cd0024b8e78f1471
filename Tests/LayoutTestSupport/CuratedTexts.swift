import Foundation

/// The curated seed data's texts (`seed-data/photos.jsonl` titles and descriptions,
/// `seed-data/comments.jsonl` bodies), read from the package's own files.
public enum CuratedTexts {
    /// The package root: `PHOTOFEED_HOME` when set, else the directory above `Tests/`.
    public static let root: URL = {
        if let home = ProcessInfo.processInfo.environment["PHOTOFEED_HOME"], !home.isEmpty {
            return URL(fileURLWithPath: home)
        }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }()

    /// Every title, description and comment body, in file order (duplicates kept).
    public static let all: [String] = {
        strings(in: "seed-data/photos.jsonl", keys: ["title", "description"])
            + strings(in: "seed-data/comments.jsonl", keys: ["body"])
    }()

    /// The distinct texts, in order of first appearance.
    public static var distinct: [String] {
        var seen = Set<String>()
        return all.filter { seen.insert($0).inserted }
    }

    private static func strings(in file: String, keys: [String]) -> [String] {
        guard let data = try? String(contentsOf: root.appendingPathComponent(file), encoding: .utf8) else {
            preconditionFailure("cannot read \(file) under \(root.path)")
        }
        return data.split(separator: "\n").flatMap { line -> [String] in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return [] }
            return keys.compactMap { object[$0] as? String }
        }
    }
}
