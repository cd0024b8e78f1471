import FeedModel
import FeedService
import FeedStore
import Foundation
import HTTPTestSupport
import HummingbirdTesting
import StoreTestSupport
import LayoutTestSupport
import Testing

/// `GET /v1/changes` on a SQLite file: another connection's commit reaches a subscriber as the
/// photo's item; a client that resumes gets what it missed, once, in order; a position the log
/// no longer holds gets a reset; idle streams get heartbeats.
@Suite(.timeLimit(minutes: 10)) struct ChangeStreamTests {
    static let settings = ChangeStreamSettings(pollInterval: .milliseconds(5), fallbackRead: .milliseconds(200),
                                               heartbeat: .seconds(3_600))
    static let path = "/v1/changes?width=375&scale=3"

    /// The service on the four-photo feed, a second connection that writes to its file, the
    /// change log's head before the test (seeding the fixture changed cells), and the port of the
    /// live server `body` runs against.
    static func withServer(settings: ChangeStreamSettings = Self.settings,
                           _ body: @escaping @Sendable (_ port: Int, _ writer: FeedStore, _ base: Int64,
                                                        _ client: any TestClientProtocol) async throws -> Void)
        async throws {
        let (service, path) = try ServiceFixture.service(changeStream: settings)
        let writer = try Self.writer(path)
        let base = try await writer.changes(after: .max, limit: 1).head
        try await service.application().test(.live) { client in
            try await body(try #require(client.port), writer, base, client)
        }
    }

    /// A second connection to the service's database file.
    static func writer(_ path: String) throws -> FeedStore {
        try FeedStore(path: path, migrationsDirectory: FeedTestStore.migrationsDirectory, clock: FeedTestStore.clock)
    }

    /// The ids `base + offsets`, as the stream writes them.
    static func ids(_ base: Int64, _ offsets: Int64...) -> [String?] {
        offsets.map { String(base + $0) }
    }

    /// The next `count` events that are not comments, or fewer when the stream ends first.
    static func events(_ stream: EventStreamTestClient, count: Int) async throws -> [EventStreamTestClient.Event] {
        var events: [EventStreamTestClient.Event] = []
        for try await event in stream.events where event.comment == nil {
            events.append(event)
            if events.count == count { break }
        }
        return events
    }

    /// The body of `GET /v1/photos/{id}` at the stream's width and scale, without its newline.
    static func item(_ client: any TestClientProtocol, _ id: Int) async throws -> String {
        let response = try await client.execute(uri: "/v1/photos/\(id)?width=375&scale=3", method: .get)
        return String(buffer: response.body).trimmingCharacters(in: .newlines)
    }

    @Test func aCommitReachesASubscriberAsThePhotosItem() async throws {
        try await Self.withServer { port, writer, base, client in
            let stream = try await EventStreamTestClient.open(port: port, path: Self.path)
            #expect(stream.status == 200)
            #expect(stream.headers["Content-Type"] == ["text/event-stream"])
            let opening = try await Self.events(stream, count: 1)
            #expect(opening == [.init(id: String(base), retry: "1000")])

            let before = try await Self.item(client, 4)
            try writer.like(photoID: 4)
            let events = try await Self.events(stream, count: 1)
            stream.close()

            #expect(events.map(\.id) == Self.ids(base, 1) && events.map(\.event) == ["cell"])
            let item = try await Self.item(client, 4)
            #expect(events.first?.data == item)
            #expect(item != before && item.contains("\"likes\":13"))
        }
    }

    @Test func aClientThatResumesGetsWhatItMissedOnceInOrder() async throws {
        try await Self.withServer { port, writer, base, client in
            for photo in [1, 2, 1] { try writer.like(photoID: Int64(photo)) }

            // Missed changes base+1…base+3: photo 2 at +2, photo 1 once, at its latest change, +3
            let resumed = try await EventStreamTestClient.open(port: port, path: Self.path,
                                                               headers: [("Last-Event-ID", String(base))])
            let replayed = try await Self.events(resumed, count: 3)
            // Then it follows live
            try writer.like(photoID: 4)
            let live = try await Self.events(resumed, count: 1)
            resumed.close()
            // `since` when no Last-Event-ID is sent; the header wins over it
            let since = try await EventStreamTestClient.open(port: port, path: Self.path + "&since=\(base + 2)")
            let fromTwo = try await Self.events(since, count: 2)
            since.close()
            let header = try await EventStreamTestClient.open(port: port, path: Self.path + "&since=0",
                                                              headers: [("Last-Event-ID", String(base + 3))])
            let fromThree = try await Self.events(header, count: 2)
            header.close()

            #expect(replayed.map(\.id) == Self.ids(base, 0, 2, 3))
            let items = [try await Self.item(client, 1), try await Self.item(client, 2), try await Self.item(client, 4)]
            #expect(replayed.dropFirst().map(\.data) == [items[1], items[0]])
            #expect(live.map(\.id) == Self.ids(base, 4) && live.first?.data == items[2])
            #expect(fromTwo.map(\.id) == Self.ids(base, 2, 3) && fromTwo.last?.data == items[0])
            #expect(fromThree.map(\.id) == Self.ids(base, 3, 4))
        }
    }

    @Test func aPositionTheLogNoLongerHoldsGetsAReset() async throws {
        try await Self.withServer { port, writer, base, _ in
            for photo in [1, 2, 3, 4] { try writer.like(photoID: Int64(photo)) }
            let head = base + 4
            #expect(try writer.pruneChangeLog(ChangeRetention(count: 2, maxAge: 86_400_000)) == Int(base) + 2)

            // The log holds head-1 and head: a client at head-3 missed head-2 for good
            let behind = try await EventStreamTestClient.open(port: port, path: Self.path + "&since=\(head - 3)")
            let reset = try await Self.events(behind, count: 2)
            behind.close()
            let elsewhere = try await EventStreamTestClient.open(port: port, path: Self.path + "&since=\(head + 50)")
            let ahead = try await Self.events(elsewhere, count: 2)
            elsewhere.close()
            let kept = try await EventStreamTestClient.open(port: port, path: Self.path + "&since=\(head - 2)")
            let replay = try await Self.events(kept, count: 3)
            kept.close()

            #expect(reset.last == .init(id: String(head), event: "reset", data: "{\"id\":\(head)}"))
            #expect(ahead.map(\.id) == [String(head + 50), String(head)] && ahead.last?.event == "reset")
            #expect(replay.map(\.id) == Self.ids(base, 2, 3, 4) && replay.dropFirst().allSatisfy { $0.event == "cell" })
        }
    }

    @Test func aClientThatNamesPhotosGetsTheirChangesOnly() async throws {
        try await Self.withServer { port, writer, base, client in
            try writer.like(photoID: 1)
            try writer.like(photoID: 2)
            let replayed = try await EventStreamTestClient.open(
                port: port, path: Self.path + "&photos=2,3&since=\(base)")
            let replay = try await Self.events(replayed, count: 2)
            try writer.like(photoID: 1)
            try writer.like(photoID: 3)
            let live = try await Self.events(replayed, count: 1)
            replayed.close()

            let (two, three) = (try await Self.item(client, 2), try await Self.item(client, 3))
            #expect(replay.map(\.id) == Self.ids(base, 0, 2))
            #expect(replay.last?.data == two)
            #expect(live.map(\.id) == Self.ids(base, 4) && live.first?.data == three)
        }
    }

    @Test func anIdleStreamGetsHeartbeats() async throws {
        var settings = Self.settings
        settings.heartbeat = .milliseconds(50)
        try await Self.withServer(settings: settings) { port, _, _, _ in
            let stream = try await EventStreamTestClient.open(port: port, path: Self.path)
            var heartbeats = 0
            for try await event in stream.events where event.comment == "heartbeat" {
                heartbeats += 1
                if heartbeats == 2 { break }
            }
            stream.close()
            #expect(heartbeats == 2)
        }
    }

    @Test func thePageFollowsTheStreamAndACellIsItsSection() async throws {
        try await Self.withServer { _, _, _, client in
            let page = String(buffer: try await client.execute(uri: "/?width=375&scale=3", method: .get).body)
            let cell = try await client.execute(uri: "/cells/4?width=375&scale=3", method: .get)
            let section = String(buffer: cell.body)

            #expect(page.contains("new EventSource(`/v1/changes?${query}`)"))
            #expect(page.contains("const query = \"width=375&scale=3&photos=4,1,3,2\";"))
            #expect(cell.status == .ok && cell.headers[.contentType] == "text/html; charset=utf-8")
            #expect(section.hasPrefix("<section class=\"cell\" data-photo-id=\"4\"") && section.hasSuffix("</section>\n"))
            #expect(page.contains(section))
            let unknown = try await client.execute(uri: "/cells/99?width=375", method: .get)
            ServiceFixture.expectProblem(unknown, status: 404)
        }
    }

    @Test func badPositionsAndSizesAreProblems() async throws {
        try await Self.withServer { _, _, _, client in
            for (query, parameter) in [("width=375&since=-1", "since"), ("width=375&since=1x", "since"),
                                       ("width=375&photos=", "photos"), ("width=375&photos=1,,2", "photos"),
                                       ("width=375&photos=0", "photos"),
                                       ("scale=3", "width"), ("width=0", "width")] {
                let response = try await client.execute(uri: "/v1/changes?\(query)", method: .get)
                ServiceFixture.expectProblem(response, status: 400, parameter: parameter)
            }
            let header = try await client.execute(uri: "/v1/changes?width=375", method: .get,
                                                  headers: [.init("Last-Event-ID")!: "abc"])
            ServiceFixture.expectProblem(header, status: 400, parameter: "Last-Event-ID")
        }
    }
}
