import Foundation

/// The curated seed data's texts: every distinct photo title and description and comment body
/// of `seed-data/photos.jsonl` and `seed-data/comments.jsonl`, in order of first appearance, each
/// on one line (a line break inside a text becomes a space).
enum CuratedSeedTexts {
    static func distinct(root: URL) throws -> [String] {
        var seen = Set<String>()
        var texts: [String] = []
        for (file, keys) in [("seed-data/photos.jsonl", ["title", "description"]), ("seed-data/comments.jsonl", ["body"])] {
            let contents = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            for line in contents.split(separator: "\n") {
                guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { continue }
                for key in keys {
                    guard let text = object[key] as? String, !text.isEmpty else { continue }
                    let oneLine = text.replacingOccurrences(of: "\n", with: " ")
                    if seen.insert(oneLine).inserted { texts.append(oneLine) }
                }
            }
        }
        return texts
    }
}
