import Foundation
import TextLayout

// Usage:
//   TextBenchmark generate FILE [COUNT]   writes COUNT (10,000) captions, one per line
//   TextBenchmark measure FILE [ROUNDS]   times cold and cached measurement at width 355, 14pt

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    FileHandle.standardError.write("usage: TextBenchmark generate|measure FILE [N]\n".data(using: .utf8)!)
    exit(2)
}

switch arguments[1] {
case "generate":
    let count = arguments.count > 3 ? Int(arguments[3]) ?? 10_000 : 10_000
    var generator = CaptionGenerator(seed: 0x5EED_CAFE)
    let captions = (0..<count).map { _ in generator.next() }
    try captions.joined(separator: "\n").appending("\n").write(toFile: arguments[2], atomically: true, encoding: .utf8)
    let lengths = captions.map(\.count)
    print("generated \(count) captions, \(lengths.min()!)–\(lengths.max()!) characters, "
        + "mean \(lengths.reduce(0, +) / count)")
case "measure":
    let rounds = arguments.count > 3 ? Int(arguments[3]) ?? 5 : 5
    let contents = try String(contentsOfFile: arguments[2], encoding: .utf8)
    let texts = contents.split(separator: "\n", omittingEmptySubsequences: true)
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
            for text in texts { lines &+= measurer.measure(text, maxWidth: width, scale: 2).lines.count }
        })
    }

    var cold: [Double] = []
    var cached: [Double] = []
    for _ in 0..<rounds {
        // One partition: the measurement cache partitions by thread, and this single thread must
        // find all 10,000 texts again (the default partitions hold a quarter of the capacity each).
        let measurer = TextMeasurer(fonts: fonts, cache: TextLayoutCache(partitionCount: 1))
        cold.append(microsecondsPerText {
            for text in texts { lines &+= measurer.measure(text, maxWidth: width, scale: 2).lines.count }
        })
        cached.append(microsecondsPerText {
            for text in texts { lines &+= measurer.measure(text, maxWidth: width, scale: 2).lines.count }
        })
        let stats = measurer.cache.statistics
        precondition(stats.hits == texts.count && stats.misses == texts.count, "unexpected cache counts \(stats)")
    }
    // Cache hits on a working set that stays in the CPU caches (the first 500 texts, 20 times):
    // the lookup's own cost, without the memory misses of 10,000 distinct entries.
    var hot: [Double] = []
    for _ in 0..<rounds {
        let measurer = TextMeasurer(fonts: fonts)
        let few = Array(texts.prefix(500))
        for text in few { lines &+= measurer.measure(text, maxWidth: width, scale: 2).lines.count }
        let start = threadCPUSeconds()
        for _ in 0..<20 {
            for text in few { lines &+= measurer.measure(text, maxWidth: width, scale: 2).lines.count }
        }
        hot.append((threadCPUSeconds() - start) * 1e6 / Double(20 * few.count))
    }
    print(String(format: "ours_cached_hot_us=%.4f", hot.min()!))
    print(String(format: "system_harfbuzz_shape_us=%.3f", shapeOnly.min()!))
    print(String(format: "ours_cold_whole_us=%.3f", coldWhole.min()!))
    print(String(format: "ours_cold_us=%.3f", cold.min()!))
    print(String(format: "ours_cached_us=%.4f", cached.min()!))
    print("ours_lines_checksum=\(lines)")
case "profile-cached":
    // Fills the cache once, then only hits it: for `perf record`.
    let contents = try String(contentsOfFile: arguments[2], encoding: .utf8)
    let texts = contents.split(separator: "\n").map { AttributedText(String($0)) }
    let measurer = try TextMeasurer()
    var lines = 0
    for _ in 0..<(arguments.count > 3 ? Int(arguments[3]) ?? 100 : 100) {
        for text in texts { lines &+= measurer.measure(text, maxWidth: 355, scale: 2).lines.count }
    }
    print("lines=\(lines)", measurer.cache.statistics)
default:
    FileHandle.standardError.write("unknown command \(arguments[1])\n".data(using: .utf8)!)
    exit(2)
}
