import Foundation

/// A wrk Lua script asking `GET /v1/photos/{id}?width=W&scale=S` for ids drawn uniformly from
/// every photo of a store, in a seeded order: each wrk thread reads the ids from a file (one a
/// line, written here) and draws with its own Park–Miller generator (x ← 16807·x mod 2³¹−1,
/// exact in Lua's doubles) seeded from `seed` and the thread's number, so every run, on any
/// store, asks the same ids in the same order per connection thread.
struct RandomPhotoRequests {
    /// The script's path, for wrk's `-s`.
    let script: URL

    init(ids: [Int64], width: Int, scale: Int, seed: Int, directory: URL) throws {
        precondition(!ids.isEmpty, "a store with photos")
        precondition((1 ..< 2_147_483_000).contains(seed), "a Park–Miller seed")
        let idsFile = directory.appendingPathComponent("photo-ids.txt")
        try (ids.map(String.init).joined(separator: "\n") + "\n").write(to: idsFile, atomically: true, encoding: .utf8)
        script = directory.appendingPathComponent("random-photos.lua")
        try """
            -- GET /v1/photos/{id}?width=\(width)&scale=\(scale), ids drawn from \(idsFile.lastPathComponent) (seeded).
            local threads = 0
            function setup(thread)
              threads = threads + 1
              thread:set("seed", \(seed) + threads)
            end
            function init(args)
              ids = {}
              for line in io.lines("\(idsFile.path)") do ids[#ids + 1] = line end
              state = seed
            end
            function request()
              state = (state * 16807) % 2147483647
              return wrk.format("GET", "/v1/photos/" .. ids[(state % #ids) + 1] .. "?width=\(width)&scale=\(scale)")
            end

            """.write(to: script, atomically: true, encoding: .utf8)
    }
}
