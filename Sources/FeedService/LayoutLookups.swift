import Hummingbird

/// How a response's layouts were found: from the layout cache (hits) or laid out and stored
/// (misses). The service says it in a `Server-Timing` field, not in the body, so the body and
/// its entity tag follow the content only: the same page served cold then warm has one tag.
struct LayoutLookups: Sendable {
    var hits: Int
    var misses: Int

    /// `layout-cache;desc="hits=18 misses=2"`.
    var serverTiming: String { "layout-cache;desc=\"hits=\(hits) misses=\(misses)\"" }

    /// The field of a response answered from the response cache, which looked nothing up.
    static let fromMemory = "response-cache;desc=\"hit\""
}

extension HTTPFields.Element.Name {
    /// `Server-Timing` (W3C Server Timing).
    static let serverTiming = Self("Server-Timing")!
}
