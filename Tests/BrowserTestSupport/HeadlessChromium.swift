import Foundation

/// Runs Debian's chromium headless for the browser tests: finds it, runs it with a private
/// profile and a time limit, and returns what it printed.
package struct HeadlessChromium {
    package struct Failure: Error, CustomStringConvertible {
        package var description: String

        package init(description: String) {
            self.description = description
        }
    }

    package let executable: URL

    /// `$PHOTOFEED_CHROMIUM` when set, else the chromium on `PATH` (or at /usr/bin/chromium), or a
    /// failure saying how to install it.
    package static func locate() throws -> HeadlessChromium {
        let environment = ProcessInfo.processInfo.environment
        let path = environment["PATH"] ?? "/usr/bin:/bin"
        let candidates = environment["PHOTOFEED_CHROMIUM"].map { [$0] }
            ?? (path.split(separator: ":").map { "\($0)/chromium" } + ["/usr/bin/chromium"])
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw Failure(description: "chromium is not installed (looked for \(candidates.joined(separator: ", "))), "
                + "so the browser test cannot run: bin/test installs it (bin/lib/ensure-system-deps.sh), "
                + "or run `apt-get install -y chromium`")
        }
        return HeadlessChromium(executable: URL(fileURLWithPath: found))
    }

    /// Runs chromium headless on `page` with `arguments` added, in `workDirectory` (which also
    /// holds its profile), with `environment`'s variables added to the test's, and returns its
    /// standard output. Fails when it exits with an error or takes longer than `timeout` seconds.
    package func run(_ arguments: [String], page: URL, workDirectory: URL, timeout: Double = 30,
                     environment: [String: String] = [:]) throws -> String {
        let stdoutURL = workDirectory.appendingPathComponent("chromium-stdout-\(UUID().uuidString).txt")
        let stderrURL = workDirectory.appendingPathComponent("chromium-stderr-\(UUID().uuidString).txt")
        _ = FileManager.default.createFile(atPath: stdoutURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
        let stdout = try FileHandle(forWritingTo: stdoutURL)
        let stderr = try FileHandle(forWritingTo: stderrURL)
        defer {
            try? stdout.close()
            try? stderr.close()
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
            "--disable-extensions", "--hide-scrollbars", "--mute-audio",
            "--user-data-dir=\(workDirectory.appendingPathComponent("profile").path)",
        ] + arguments + [page.absoluteString]
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, added in added }
        }
        process.standardOutput = stdout
        process.standardError = stderr
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            _ = finished.wait(timeout: .now() + 5)
            throw Failure(description: "chromium took longer than \(timeout) s on \(page.path)")
        }
        let output = (try? String(contentsOf: stdoutURL, encoding: .utf8)) ?? ""
        guard process.terminationStatus == 0 else {
            let errors = (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? ""
            throw Failure(description: "chromium exited with status \(process.terminationStatus) on \(page.path): "
                + errors.suffix(2000))
        }
        return output
    }
}
