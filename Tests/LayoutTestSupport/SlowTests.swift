import Foundation
import Testing

extension Tag {
    /// A test that takes seconds: the headless browser, child processes on the real clock, the
    /// exhaustive comparisons with libunibreak, the fuzz rounds. Each such test also carries
    /// ``Testing/Trait/notInQuickRuns``.
    @Tag public static var slow: Self
}

extension Trait where Self == ConditionTrait {
    /// Skips a slow test when `PHOTOFEED_QUICK` is `1`, as `bin/test --quick` sets it (`swift
    /// test` has no option that leaves out tests by tag).
    public static var notInQuickRuns: Self {
        .disabled(if: ProcessInfo.processInfo.environment["PHOTOFEED_QUICK"] == "1",
                  "slow: bin/test --quick leaves it out")
    }
}
