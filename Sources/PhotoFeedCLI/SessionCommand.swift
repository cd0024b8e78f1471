import ArgumentParser
import FeedAPIModel
import FeedModel
import FeedRendering
import FeedSync
import Foundation
import PhotoFeed

/// `photofeed session [--width W] [--height H] [--scale S] [--speed PT_PER_S | --offsets LIST|@FILE]
/// [--steps-per-second N] [--duration S] [--rng-seed N] [--prefetch-layouts] [--format text|json]
/// [--html FILE]`: one simulated user scrolling the feed on the virtual clock (``FeedSession``),
/// reported step by step and in total.
public struct SessionCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "session",
        abstract: "Simulate one user scrolling the feed: interface states, paging, placeholders, layout shift.",
        discussion: """
            The range controller sets each cell's interface state from the viewport. A page's reverse \
            geocodes are requested as it arrives; cells entering the preload range request their image, \
            avatar and comment-feed jobs; the simulated sync daemon completes them on the same virtual \
            clock (the database is only read). A completion relays out a cell in the display range at \
            once; another cell takes its new height as it enters the display range. Batch fetching \
            loads a first page of 4, then pages of 20, 2.5 screens ahead. Without --duration the \
            session runs until the script can go no further (the end of the feed for --speed, the last \
            keyframe for --offsets).
            """)

    @OptionGroup var store: StoreOptions
    @OptionGroup var fonts: FontOptions
    @Option(parsing: .unconditional, help: "The viewport's width (the cells' width) in points.") var width: Double = 375
    @Option(parsing: .unconditional, help: "The viewport's height in points.") var height: Double = 667
    @Option(parsing: .unconditional, help: "The screen scale used for pixel snapping.") var scale: Double = 2
    @Option(parsing: .unconditional,
            help: "Scroll down at this many points per second (default 600 without --offsets).")
    var speed: Double?
    @Option(help: ArgumentHelp(
        "Content offsets over time as seconds:points pairs (\"0:0,1.5:2000\"), or @FILE with one pair a line.",
        valueName: "list|@file"))
    var offsets: String?
    @Option(name: .customLong("steps-per-second"), parsing: .unconditional,
            help: "Steps of the virtual clock per second.")
    var stepsPerSecond: Int = 60
    @Option(parsing: .unconditional, help: "Seconds of virtual time to run (default: until the script ends).")
    var duration: Double?
    @Option(name: .customLong("rng-seed"), parsing: .unconditional,
            help: "The seed the simulated daemon's outcomes are drawn from.")
    var rngSeed: UInt64 = 1
    /// `--seed`, the option's first name, kept for the scripts that use it.
    @Option(name: .customLong("seed"), parsing: .unconditional, help: .hidden) var seedAlias: UInt64?
    @Flag(name: .customLong("prefetch-layouts"),
          help: "Give cells the layout cache's height before measuring them, and compare with a run without.")
    var prefetchLayouts = false
    @Option(help: "Output format.") var format: OutputFormat = .text
    @Option(help: ArgumentHelp("Also write an HTML timeline of the session to this file.", valueName: "file"))
    var html: String?

    /// The most steps a session with a duration makes (every step is kept for the report).
    static let maximumSteps = 1_000_000

    public init() {}

    public func validate() throws {
        try OptionRange.width.check(width)
        try OptionRange.viewportHeight.check(height)
        try OptionRange.scale.check(scale)
        try OptionRange.stepsPerSecond.check(stepsPerSecond)
        if let duration {
            try OptionRange.sessionDuration.check(duration)
            if duration * Double(stepsPerSecond) > Double(Self.maximumSteps) {
                throw ValidationError("--duration × --steps-per-second must be at most \(Self.maximumSteps) steps")
            }
        }
        if let seedAlias, rngSeed != 1, rngSeed != seedAlias {
            throw ValidationError("--seed is another name for --rng-seed; give one of them")
        }
        if let speed { try OptionRange.speed.check(speed) }
        if speed != nil, offsets != nil { throw ValidationError("give --speed or --offsets, not both") }
        if offsets == nil, speed == 0, duration == nil {
            throw ValidationError("--speed 0 never reaches the end of the feed: give --duration")
        }
        _ = try script()  // a script that cannot be read or parsed is a usage error before any work
    }

    /// The simulated daemon's seed: `--rng-seed`, or `--seed` where a script gives that.
    var seed: UInt64 { seedAlias ?? rngSeed }

    /// The scroll script the options describe.
    func script() throws -> ScrollScript {
        guard let offsets else { return .speed(speed ?? 600) }
        var text = offsets
        if offsets.hasPrefix("@") {
            let path = String(offsets.dropFirst())
            guard let contents = try? String(contentsOfFile: path, encoding: .utf8) else {
                throw ValidationError("--offsets: cannot read \(path)")
            }
            text = contents
        }
        guard let script = ScrollScript.keyframes(parsing: text) else {
            throw ValidationError("--offsets takes seconds:points pairs in ascending time, as \"0:0,1.5:2000\"")
        }
        return script
    }

    public func run() throws {
        let output = CommandOutput.current
        let script = try script()
        try CommandFailure.reporting(database: store.databaseName) {
            let measurer = try fonts.measurer()
            let feedStore = try store.openAnyStore(ifMissing: .refuse)
            let configuration = FeedSessionConfiguration(
                width: width, height: height, scale: scale, script: script, stepsPerSecond: stepsPerSecond,
                duration: duration, seed: seed, prefetchLayouts: prefetchLayouts)
            let report = try FeedSession.run(configuration: configuration) {
                try StoreSessionSource(store: feedStore, width: width, scale: scale, measurer: measurer)
            }
            if let html {
                try OutputFileWriter.write(SessionTimelineRenderer().render(report).utf8, to: html, shown: html)
            }
            switch format {
            case .json: try output.json(report, keys: .sorted)
            case .text: SessionReportText.lines(report).forEach(output.standardOutput)
            }
        }
    }
}

extension OptionRange<Double> {
    /// `--height` of a session's viewport.
    static let viewportHeight = OptionRange(name: "--height", bounds: 1 ... 10_000, unit: "points")
    /// `--speed`: from standing still to 100 screens a second.
    static let speed = OptionRange(name: "--speed", bounds: 0 ... 1_000_000, unit: "points per second")
    /// `--duration` of a session: up to a day of virtual time.
    static let sessionDuration = OptionRange(name: "--duration", bounds: 0.001 ... 86_400, unit: "seconds")
}

extension OptionRange<Int> {
    /// `--steps-per-second`: one a second up to a 1000 Hz display.
    static let stepsPerSecond = OptionRange(name: "--steps-per-second", bounds: 1 ... 1_000)
}
