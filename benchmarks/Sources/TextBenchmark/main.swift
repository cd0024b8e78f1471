import BenchmarkReport
import FeedModel
import Foundation
import TextLayout

// PhotoFeed's TextLayout measuring generated captions at width 355, 14pt, cold and cached,
// against uharfbuzz shaping the same strings (benchmarks/text/uharfbuzz_bench.py, run with
// Python); then the curated seed texts (every distinct title, description and comment of
// seed-data, CJK and emoji included), measured with the fallback cascade, against uharfbuzz
// shaping the same strings run by run in the same fonts. Run through `bin/bench text`. The rounds alternate the two sides, each in a fresh
// process, so both see the same machine load; each side's best round counts.
//
//   TextBenchmark --root DIR [--rounds N] [--captions N] [--python PATH]
//   TextBenchmark --measure FILE     one round of our side (a child of the run above)
//   TextBenchmark --profile-cached FILE [--rounds N]   fills the cache, then only hits it (perf)

let options = BenchmarkOptions(
    switches: [], valued: ["--root", "--rounds", "--captions", "--python", "--measure", "--profile-cached"],
    usage: "TextBenchmark --root DIR [--rounds N] [--captions N] [--python PATH]")

if let file = options.string("--measure") {
    // One round, as the parent runs each: it keeps the best of its children.
    let rounds = 1
    let contents = try String(contentsOfFile: file, encoding: .utf8)
    var texts = contents.split(separator: "\n", omittingEmptySubsequences: true)
        .map { AttributedText(String($0), attributes: TextAttributes(fontSize: 14)) }
    let fonts = try FontCollection()
    let width = 355.0

    // Thread CPU time, not wall time: the benchmark machine is shared, and CPU time is what a
    // busy neighbour cannot inflate. The Python side uses time.thread_time() likewise.
    func threadCPUSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) * 1e-9
    }

    func microsecondsPerText(_ body: () -> Void) -> Double {
        let start = threadCPUSeconds()
        body()
        return (threadCPUSeconds() - start) * 1e6 / Double(texts.count)
    }

    // Shaping alone with the system HarfBuzz, in this process: what the peer does, for scale.
    let strings = texts.map(\.string)
    var units = 0
    var shapeOnly: [Double] = []
    for _ in 0..<rounds {
        shapeOnly.append(microsecondsPerText {
            for string in strings { units &+= fonts.regular.advanceUnits(of: string) }
        })
    }

    var lines = 0
    var coldWhole: [Double] = []
    for _ in 0..<rounds {
        let measurer = TextMeasurer(fonts: fonts, wordCache: nil)
        coldWhole.append(microsecondsPerText {
            lines &+= measureAll(&texts, with: measurer, width: width)
        })
    }

    var cold: [Double] = []
    var cached: [Double] = []
    var cachedShuffled: [Double] = []
    for _ in 0..<rounds {
        // One partition: the measurement cache partitions by thread, and this single thread must
        // find all 10,000 texts again (the default partitions hold a quarter of the capacity each).
        let measurer = TextMeasurer(fonts: fonts, cache: TextLayoutCache(partitionCount: 1))
        cold.append(microsecondsPerText {
            lines &+= measureAll(&texts, with: measurer, width: width)
        })
        cached.append(microsecondsPerText {
            lines &+= measureAll(&texts, with: measurer, width: width)
        })
        // The same hits in a shuffled order (the same text values, so still found by identity):
        // what the in-order pass gains from entries and results stored in the order it reads them.
        // Printed for the 10,000 captions only: the curated texts' entries still sit in the CPU's
        // caches after the in-order pass, so their shuffled pass measures warm hits.
        var random = SplitMix64(seed: 0x5EED)
        var shuffled = texts.shuffled(using: &random)
        cachedShuffled.append(microsecondsPerText {
            lines &+= measureAll(&shuffled, with: measurer, width: width)
        })
        let stats = measurer.cache.statistics
        precondition(stats.hits == 2 * texts.count && stats.misses == texts.count, "unexpected cache counts \(stats)")
    }
    // Cache hits on a working set that stays in the CPU caches (the first 500 texts, 20 times):
    // the lookup's own cost, without the memory misses of 10,000 distinct entries.
    var hot: [Double] = []
    for _ in 0..<rounds {
        let measurer = TextMeasurer(fonts: fonts)
        var few = Array(texts.prefix(500))
        lines &+= measureAll(&few, with: measurer, width: width)
        let start = threadCPUSeconds()
        for _ in 0..<20 {
            lines &+= measureAll(&few, with: measurer, width: width)
        }
        hot.append((threadCPUSeconds() - start) * 1e6 / Double(20 * few.count))
    }
    print(String(format: "ours_cached_hot_us=%.4f", hot.min()!))
    print(String(format: "system_harfbuzz_shape_us=%.3f", shapeOnly.min()!))
    print(String(format: "ours_cold_whole_us=%.3f", coldWhole.min()!))
    print(String(format: "ours_cold_us=%.3f", cold.min()!))
    print(String(format: "ours_cached_us=%.4f", cached.min()!))
    print(String(format: "ours_cached_shuffled_us=%.4f", cachedShuffled.min()!))
    print("ours_lines_checksum=\(lines)")
    exit(0)
}

if let file = options.string("--profile-cached") {
    // Fills the cache once, then only hits it: for `perf record`.
    let contents = try String(contentsOfFile: file, encoding: .utf8)
    var texts = contents.split(separator: "\n").map { AttributedText(String($0)) }
    // One partition, as the measured pass: this single thread must find every text again.
    let measurer = TextMeasurer(fonts: try FontCollection(), cache: TextLayoutCache(partitionCount: 1))
    var lines = 0
    for _ in 0..<options.int("--rounds", default: 100) {
        lines &+= measureAll(&texts, with: measurer, width: 355)
    }
    print("lines=\(lines)", measurer.cache.statistics)
    exit(0)
}

// MARK: The run: captions generated, then both sides' rounds alternated.

guard let rootPath = options.string("--root") else {
    FileHandle.standardError.write(Data("TextBenchmark: --root DIR (the repository) is required\n".utf8))
    exit(2)
}
let root = URL(fileURLWithPath: rootPath, isDirectory: true)
let rounds = options.int("--rounds", default: 5)
let captionCount = options.int("--captions", default: 10_000)
let python = options.string("--python") ?? "python3"
let work = FileManager.default.temporaryDirectory.appendingPathComponent("photofeed-bench-text-\(getpid())")
try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
let captionsFile = work.appendingPathComponent("captions.txt").path

var generator = CaptionGenerator(seed: 0x5EED_CAFE)
let captions = (0..<captionCount).map { _ in generator.next() }
try captions.joined(separator: "\n").appending("\n").write(toFile: captionsFile, atomically: true, encoding: .utf8)
let lengths = captions.map(\.count)
print("generated \(captionCount) captions, \(lengths.min()!)–\(lengths.max()!) characters, "
    + "mean \(lengths.reduce(0, +) / captionCount)")
let curatedFile = work.appendingPathComponent("curated.txt").path
let curated = try CuratedSeedTexts.distinct(root: root)
try curated.joined(separator: "\n").appending("\n").write(toFile: curatedFile, atomically: true, encoding: .utf8)
let fallbackCount = curated.count(where: { $0.unicodeScalars.contains { $0.value >= 0x2E80 || $0.value == 0xFE0F } })
print("curated: \(curated.count) distinct texts, \(fallbackCount) with CJK or emoji")

let runner = ChildRunner()
var best: [String: Double] = [:]
var versions: [String: String] = [:]
do {
    for _ in 0..<rounds {
        let peer = try runner.run(python, [root.appendingPathComponent("benchmarks/text/uharfbuzz_bench.py").path,
                                           captionsFile, "1"])
        let ours = try runner.run(CommandLine.arguments[0], ["--measure", captionsFile])
        for (key, value) in ChildRunner.keyValues(peer + ours) {
            if let number = Double(value) { best[key] = min(best[key] ?? .infinity, number) } else { versions[key] = value }
        }
        let curatedPeer = try runner.run(python, [
            root.appendingPathComponent("benchmarks/text/uharfbuzz_bench.py").path, curatedFile, "1", "fallback"])
        let curatedOurs = try runner.run(CommandLine.arguments[0], ["--measure", curatedFile])
        for (key, value) in ChildRunner.keyValues(curatedPeer + curatedOurs) {
            if let number = Double(value) { best["curated_" + key] = min(best["curated_" + key] ?? .infinity, number) }
        }
    }
} catch {
    try? FileManager.default.removeItem(at: work)
    print("text benchmark failed: \(error)")
    ResultTable.print([BenchmarkResult(benchmark: "text", workload: "\(captionCount) captions, cold (word cache)",
                                       peer: "uharfbuzz shaping", measure: "did not run to completion",
                                       value: .nan, goal: .atMost(2), note: "crashed")])
    exit(1)
}
try? FileManager.default.removeItem(at: work)
let systemHarfBuzz = (try? runner.run("pkg-config", ["--modversion", "harfbuzz"]))?
    .trimmingCharacters(in: .whitespacesAndNewlines) ?? "?"
let hb = best["uharfbuzz_shape_us"]!, cold = best["ours_cold_us"]!, cached = best["ours_cached_us"]!
let whole = best["ours_cold_whole_us"]!, system = best["system_harfbuzz_shape_us"]!
let peerName = "uharfbuzz \(versions["harfbuzz_version"] ?? "?") shaping"
print("captions: \(captionCount), width 355, DejaVu Sans 14pt; best of each side's \(rounds) rounds")
print(String(format: "uharfbuzz %@ shaping alone:       %8.2f µs/paragraph", versions["harfbuzz_version"] ?? "?", hb))
print(String(format: "system HarfBuzz %@ shaping alone:  %8.2f µs/paragraph (in our process)", systemHarfBuzz, system))
print(String(format: "ours, cold, paragraphs shaped whole:       %8.2f µs/paragraph", whole))
print(String(format: "ours, cold, word cache (fresh each round): %8.2f µs/paragraph", cold))
print(String(format: "ours, cached (%d distinct entries):     %8.3f µs/paragraph", captionCount, cached))
print(String(format: "ours, cached, read in a shuffled order:    %8.3f µs/paragraph", best["ours_cached_shuffled_us"]!))
print(String(format: "ours, cached (500 entries, CPU-cache hot): %8.3f µs/paragraph", best["ours_cached_hot_us"]!))
let curatedPeerUS = best["curated_uharfbuzz_shape_us"]!, curatedCold = best["curated_ours_cold_us"]!
let curatedCached = best["curated_ours_cached_us"]!
print("curated: \(curated.count) texts, width 355, 14pt, DejaVu Sans + Noto Sans CJK JP + Noto Color Emoji")
print(String(format: "uharfbuzz shaping each font run alone:      %8.2f µs/text", curatedPeerUS))
print(String(format: "ours, cold, word cache (fresh each round):  %8.2f µs/text", curatedCold))
print(String(format: "ours, cached:                               %8.3f µs/text", curatedCached))
ResultTable.print([
    BenchmarkResult(benchmark: "text", workload: "\(captionCount) captions, cold (word cache)", peer: peerName,
                    measure: "ours / peer µs", value: cold / hb, goal: .atMost(2)),
    BenchmarkResult(benchmark: "text", workload: "\(captionCount) captions, cold (shaped whole)", peer: peerName,
                    measure: "ours / peer µs", value: whole / hb, goal: nil),
    BenchmarkResult(benchmark: "text", workload: "\(captionCount) captions, cold (shaped whole)",
                    peer: "system HarfBuzz \(systemHarfBuzz) shaping, in our process", measure: "ours / peer µs",
                    value: whole / system, goal: nil),
    BenchmarkResult(benchmark: "text", workload: "\(captionCount) captions, cached", peer: "none",
                    measure: "µs per caption", value: cached, goal: .atMost(0.2)),
    BenchmarkResult(benchmark: "text", workload: "\(curated.count) curated texts (CJK, emoji), cold, fallback",
                    peer: "\(peerName), runs in their fonts", measure: "ours / peer µs",
                    value: curatedCold / curatedPeerUS, goal: .atMost(2)),
    BenchmarkResult(benchmark: "text", workload: "\(curated.count) curated texts (CJK, emoji), cached", peer: "none",
                    measure: "µs per text", value: curatedCached, goal: .atMost(0.2)),
])
