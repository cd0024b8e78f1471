import FeedAPIModel

/// The demo's JSON: the layout cache report's fields, and each step's under its name.
struct DemoReportJSON: Encodable {
    /// What the precompute step laid out, and how many of those it computed (cache misses).
    struct Precomputed: Encodable {
        var layouts: Int
        var computed: Int
    }

    var cache: LayoutCacheReportJSON
    var migrate: MigrationJSON
    var seed: SeedCountsJSON
    var precomputed: Precomputed
    var sync: SyncReportJSON

    func encode(to encoder: any Encoder) throws {
        try cache.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(migrate, forKey: .migrate)
        try container.encode(seed, forKey: .seed)
        try container.encode(precomputed, forKey: .precomputed)
        try container.encode(sync, forKey: .sync)
    }

    private enum CodingKeys: String, CodingKey {
        case migrate, seed, precomputed, sync
    }
}
