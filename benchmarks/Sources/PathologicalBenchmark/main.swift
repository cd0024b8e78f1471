import BenchmarkReport
import Foundation
import LayoutDescription

// `photofeed layout compute` on the documents that once took time quadratic in their size, through
// the command's library path (`LayoutComputeBatch.line(forDocument:file:)`: parse, build, measure,
// write the result line), each in its own child process so every one starts cold as the command
// does: no text measured before, no shaped word cached.
//
// Goals (issue 31): each pathological document ≤ 1 s; a 1 MB document of ordinary text ≤ 0.5 s.
// The ratio rows compare each pathological document with the ordinary text of about the same
// size (the peer), for information.

let usage = "PathologicalBenchmark [--quick] [--rounds N]"
let arguments = Array(CommandLine.arguments.dropFirst())

/// The documents, by name: what each holds.
let documents: [(name: String, workload: String, goal: Double)] = [
    ("ordinary", "1 MB of ordinary text (words, spaces, a newline every ~100 words)", 0.5),
    ("marks64k", "one letter + 64,000 combining marks (U+0301)", 1),
    ("marks1m", "one letter + 1 MB of combining marks (500,000 × U+0301)", 1),
    ("word1m", "a 1 MB word without a break opportunity", 1),
    ("stack100k", "a vertical stack of 100,000 nodes", 1),
]

/// The JSON document `name`: a 300 pt wide host at scale 2.
func document(_ name: String) -> [UInt8] {
    func text(_ string: String) -> String {
        "{\"type\":\"text\",\"id\":\"t\",\"text\":\"\(string)\"}"
    }
    let layout: String
    switch name {
    case "ordinary":
        let words = ["the", "quick", "brown", "fox", "jumps", "over", "lazy", "dog", "photo", "feed", "layout",
                     "caption", "comment", "with", "some", "words", "of", "ordinary", "length"]
        var state: UInt64 = 1
        var string = ""
        var count = 0
        while string.utf8.count < 1_000_000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407  // a fixed LCG: the same text each run
            string += words[Int(state >> 33) % words.count]
            count += 1
            string += count % 100 == 0 ? "\\n" : " "
        }
        layout = text(string)
    case "marks64k":
        layout = text("a" + String(repeating: "\u{301}", count: 64_000))
    case "marks1m":
        layout = text("a" + String(repeating: "\u{301}", count: 500_000))
    case "word1m":
        layout = text(String(repeating: "a", count: 1_000_000))
    case "stack100k":
        let children = (0..<100_000).map { "{\"type\":\"node\",\"id\":\"n\($0)\",\"intrinsicSize\":[10,10]}" }
        layout = "{\"type\":\"stack\",\"direction\":\"vertical\",\"children\":[\(children.joined(separator: ","))]}"
    default:
        fatalError("unknown document \(name)")
    }
    return Array("{\"scale\":2,\"sizeRange\":{\"min\":[300,0],\"max\":[300,\"inf\"]},\"layout\":\(layout)}".utf8)
}

// A child run: `--child NAME` computes one document and prints its wall time in seconds.
if arguments.first == "--child", arguments.count == 2 {
    let bytes = document(arguments[1])
    let clock = ContinuousClock()
    let start = clock.now
    let (line, succeeded) = LayoutComputeBatch.line(forDocument: bytes, file: arguments[1])
    let elapsed = clock.now - start
    precondition(succeeded, "the \(arguments[1]) document failed: \(line.prefix(200))")
    print(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
    exit(0)
}

let options = BenchmarkOptions(arguments, switches: ["--quick"], valued: ["--rounds"], usage: usage)
let rounds = options.int("--rounds", default: options.has("--quick") ? 1 : 3)

/// The best wall time of `rounds` cold runs of document `name`, each in a child process.
func bestSeconds(_ name: String) -> Double {
    var best = Double.infinity
    for _ in 0..<rounds {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["--child", name]
        let output = Pipe()
        process.standardOutput = output
        do { try process.run() } catch { fatalError("cannot start \(CommandLine.arguments[0]): \(error)") }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
              let seconds = Double(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
        else { fatalError("the \(name) run failed (status \(process.terminationStatus))") }
        best = min(best, seconds)
    }
    return best
}

print("layout compute, cold, best of \(rounds) child process(es) per document:")
var seconds: [String: Double] = [:]
for document in documents {
    seconds[document.name] = bestSeconds(document.name)
    let name = document.name.padding(toLength: 10, withPad: " ", startingAt: 0)
    print("  \(name) \(String(format: "%8.3f", seconds[document.name]!)) s  \(document.workload)")
}

var results: [BenchmarkResult] = []
for document in documents {
    results.append(BenchmarkResult(benchmark: "pathological", workload: document.workload, peer: "none",
                                   measure: "seconds", value: seconds[document.name]!, goal: .atMost(document.goal)))
}
for document in documents where document.name != "ordinary" && document.name != "marks64k" {
    results.append(BenchmarkResult(benchmark: "pathological", workload: document.workload,
                                   peer: "1 MB of ordinary text", measure: "ours / peer seconds",
                                   value: seconds[document.name]! / seconds["ordinary"]!, goal: nil))
}
ResultTable.print(results)
