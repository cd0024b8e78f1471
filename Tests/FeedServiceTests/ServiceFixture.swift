import FeedModel
import FeedService
import FeedStore
import Foundation
import Hummingbird
import HummingbirdTesting
import LayoutTestSupport
import Logging
import NIOCore
import NIOFoundationCompat
import StoreTestSupport
import Testing

/// The service on the four-photo test feed (FeedTestStore) in a temporary database file, and
/// helpers that read responses.
enum ServiceFixture {
    /// A service on a fresh seeded database file (its path too, for a second connection).
    /// The test servers' idle timeout and store deadline: far beyond what a request takes, so a
    /// suite whose tasks wait for threads (the whole test run shares two cores) is never cut
    /// short (both scaled in a sanitized run); the tests of the timeout and the deadline set their own.
    static let idleTimeout = TimeAmount(TestTimeScale.scaled(.seconds(300)))
    static let storeDeadline = TestTimeScale.scaled(.seconds(120))

    static func service(busyTimeout: TimeInterval = 5, htmlProbe: HTMLTestProbe = .none,
                        idleTimeout: TimeAmount = ServiceFixture.idleTimeout,
                        changeStream: ChangeStreamSettings = ChangeStreamSettings()) throws
        -> (service: FeedHTTPService, path: String) {
        let path = try FeedTestStore.seededFile()
        let store = try FeedStore(path: path, migrationsDirectory: FeedTestStore.migrationsDirectory,
                                  clock: FeedTestStore.clock, busyTimeout: busyTimeout)
        var logger = Logger(label: "photofeed.serve.tests")
        logger.logLevel = .warning
        return (try FeedHTTPService(store: store, port: 0, logger: logger, htmlProbe: htmlProbe,
                                    storeDeadline: storeDeadline, idleTimeout: idleTimeout,
                                    changeStream: changeStream), path)
    }

    /// The `Server-Timing` field's name.
    static let serverTiming = HTTPFields.Element.Name("Server-Timing")!

    static func text(_ response: TestResponse) -> String {
        String(buffer: response.body)
    }

    /// The body as a JSON object (a failed expectation, and an empty one, when it is not).
    static func object(_ response: TestResponse) -> [String: Any] {
        let value = try? JSONSerialization.jsonObject(with: Data(buffer: response.body))
        let object = value as? [String: Any]
        #expect(object != nil, "not a JSON object: \(text(response))")
        return object ?? [:]
    }

    /// Expects a problem document with `status` naming `parameter`; returns its detail.
    @discardableResult
    static func expectProblem(_ response: TestResponse, status: Int, parameter: String? = nil) -> String {
        #expect(response.status.code == status)
        #expect(response.headers[.contentType] == "application/problem+json")
        let problem = object(response)
        #expect(problem["status"] as? Int == status)
        #expect(problem["type"] as? String == "about:blank")
        if let parameter { #expect(problem["parameter"] as? String == parameter) }
        return problem["detail"] as? String ?? ""
    }

    /// Starts `service`'s whole `run()` (the server and, with `withSync`, the daemon in one service
    /// group) in a task, and returns the task and the port it listens on once it listens.
    static func running(_ service: FeedHTTPService) async throws -> (task: Task<Void, any Error>, port: Int) {
        let listening = AsyncStream<Int>.makeStream()
        let task = Task { try await service.run { port in listening.continuation.yield(port) } }
        var ports = listening.stream.makeAsyncIterator()
        guard let port = await ports.next() else {
            task.cancel()
            throw ServiceDidNotListen()
        }
        return (task, port)
    }

    struct ServiceDidNotListen: Error {}
}
