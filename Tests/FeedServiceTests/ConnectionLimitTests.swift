import FeedStore
import Foundation
import HTTPTestSupport
import LayoutTestSupport
import NIOCore
import NIOPosix
import StoreTestSupport
import Testing

/// `serve` takes at most half its process's descriptor limit of connections at once
/// (`FeedHTTPService.connectionLimit`): here 64, under `ulimit -n 128`. Past it a new
/// connection waits in the listen backlog, unanswered, until one of those it serves closes; so
/// clients that open connections and send nothing cannot take every descriptor of the process.
@Suite(.serialized, .tags(.slow), .notInQuickRuns, .timeLimit(minutes: 10)) struct ConnectionLimitTests {
    @Test func pastHalfItsDescriptorLimitANewConnectionWaitsForOneToClose() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: ServeProcessTests.executable.path),
                     "build photofeed-server first (swift build --build-tests builds it)")
        let (process, output, _) = try ServeProcessTests.start(["--db", try FeedTestStore.seededFile()],
                                                               descriptorLimit: 128)
        defer { if process.isRunning { process.interrupt() } }
        let line = try #require(await ServeProcessTests.firstLine(output))
        let client = try HTTPTestClient(base: String(line.dropFirst("listening on ".count)))
        #expect(try await client.get("/healthz").status == 200)

        // 64 connections that send nothing: the server takes each (its idle timeout, 10 s,
        // would close them; the test is done long before).
        var held: [any Channel] = []
        defer { for channel in held { channel.close(promise: nil) } }
        for _ in 0 ..< 64 {
            held.append(try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .connectTimeout(.seconds(5)).connect(host: client.host, port: client.port).get())
        }

        // The 65th is not taken: its request goes unanswered.
        let waiting = HTTPTestClient(host: client.host, port: client.port, timeout: .seconds(1))
        await #expect(throws: HTTPTestClient.Timeout.self) { _ = try await waiting.get("/healthz") }

        // One closes: the next is taken and answered.
        try await held.removeFirst().close()
        #expect(try await client.get("/healthz").status == 200)
    }
}
