import Foundation
import NIOCore
import NIOPosix
import StoreTestSupport
import LayoutTestSupport
import Testing

/// SIGTERM in the middle of a burst: every connection the server has accepted or holds in its
/// listen backlog gets an answer to the request it sends right after (200, or 503 while the
/// server drains), none is reset or closed without one, and the server then exits 0. (Closing
/// the listening socket at once reset the backlog, and closed the accepted connections whose
/// request had not been read.)
@Suite(.serialized, .timeLimit(minutes: 10)) struct ShutdownDrainTests {
    /// Collects what the server sends on one connection until it closes; a reset fails it.
    final class Collector: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer
        let done: EventLoopPromise<String>
        private var received = ""

        init(done: EventLoopPromise<String>) {
            self.done = done
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            received += String(buffer: unwrapInboundIn(data))
        }

        func channelInactive(context: ChannelHandlerContext) {
            done.succeed(received)
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            done.fail(error)
            context.close(promise: nil)
        }
    }

    @Test func aBurstCutBySIGTERMIsAnsweredWhole() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: ServeProcessTests.executable.path),
                     "build photofeed-server first (swift build --build-tests builds it)")
        // (An idle timeout far longer than the test: a run short of threads may take more than the
        // default 10 s to send the requests.)
        let (process, output, _) = try ServeProcessTests.start(["--db", try FeedTestStore.seededFile(),
                                                                "--idle-timeout", "300"])
        defer { if process.isRunning { process.interrupt() } }
        let line = try #require(await ServeProcessTests.firstLine(output))
        let port = try #require(line.split(separator: ":").last.flatMap { Int($0) })

        // Given 150 connections open, accepted or in the listen backlog
        let group = MultiThreadedEventLoopGroup.singleton
        // (All connects start before any is awaited: a test run short of threads would otherwise
        // take longer than the server's idle timeout to open them one after another.)
        var answers: [EventLoopFuture<String>] = []
        var connecting: [EventLoopFuture<any Channel>] = []
        for _ in 0 ..< 150 {
            let loop = group.next()
            let done = loop.makePromise(of: String.self)
            connecting.append(ClientBootstrap(group: loop).connectTimeout(.seconds(10))
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(Collector(done: done))
                    }
                }
                .connect(host: "127.0.0.1", port: port))
            answers.append(done.futureResult)
        }
        var channels: [any Channel] = []
        for future in connecting { channels.append(try await future.get()) }

        let open = channels.indices.filter { channels[$0].isActive }
        try #require(open.count == 150, "only \(open.count) connections still open")

        // When SIGTERM comes, and then a request on each
        kill(process.processIdentifier, SIGTERM)
        for index in open {
            channels[index].writeAndFlush(
                ByteBuffer(string: "GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"), promise: nil)
        }

        // Then every connection got a whole answer, 200 or 503, before the server closed it
        var statuses: [String: Int] = [:]
        for index in open {
            let text = (try? await answers[index].get()) ?? "reset"
            statuses[String(text.prefix(12)), default: 0] += 1
        }
        #expect(Set(statuses.keys).isSubset(of: ["HTTP/1.1 200", "HTTP/1.1 503"]), "\(statuses)")
        #expect(try await ServeProcessTests.wait(process))
        #expect(process.terminationReason == .exit && process.terminationStatus == 0)
    }
}
