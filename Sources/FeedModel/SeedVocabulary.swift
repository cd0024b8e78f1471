import Foundation

/// The hand-written word lists of `seed-data/vocabulary.json`, shared by the Python generator
/// of the curated set and by `SyntheticFeedGenerator`. Its `places` and `seas` are read only by
/// the Python generator (locations come from the cities, ``CityLocationSampler``).
public struct SeedVocabulary: Decodable, Sendable {
    public var firstNames: [String]
    public var lastNames: [String]
    public var handles: [String]
    public var subjects: [String]
    public var adjectives: [String]
    public var titleTemplates: [String]
    public var multilingualTitles: [String]
    public var sentences: [String]
    public var comments: [String]

    /// Reads `vocabulary.json`, refusing an empty list (the generator picks from every list).
    public static func load(from url: URL) throws -> SeedVocabulary {
        let text = try SeedFileReader.contents(of: url)
        let vocabulary: SeedVocabulary
        do {
            vocabulary = try JSONDecoder().decode(SeedVocabulary.self, from: Data(text.utf8))
        } catch let error as DecodingError {
            throw SeedFileReader.seedError(error, file: url.path, line: 1)
        }
        let lists: [(String, Int)] = [
            ("firstNames", vocabulary.firstNames.count), ("lastNames", vocabulary.lastNames.count),
            ("handles", vocabulary.handles.count), ("subjects", vocabulary.subjects.count),
            ("adjectives", vocabulary.adjectives.count), ("titleTemplates", vocabulary.titleTemplates.count),
            ("multilingualTitles", vocabulary.multilingualTitles.count), ("sentences", vocabulary.sentences.count),
            ("comments", vocabulary.comments.count),
        ]
        if let empty = lists.first(where: { $0.1 == 0 }) {
            throw SeedError(file: url.path, path: "$.\(empty.0)", message: "must not be empty")
        }
        return vocabulary
    }
}
