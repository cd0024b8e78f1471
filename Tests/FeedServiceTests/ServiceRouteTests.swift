import FeedRendering
import FeedService
import FeedStore
import Foundation
import GRDB
import Hummingbird
import HummingbirdTesting
import NIOCore
import NIOFoundationCompat
import StoreTestSupport
import LayoutTestSupport
import Testing

/// The other routes in-process: the layout report, the HTML page and its fonts, health,
/// metrics, the OpenAPI document, unknown paths, and a busy database.
@Suite struct ServiceRouteTests {
    @Test func theReportCountsThePagesServed() async throws {
        let app = try ServiceFixture.service().service.application()
        try await app.test(.router) { client in
            _ = try await client.execute(uri: "/v1/feed?width=375", method: .get)
            _ = try await client.execute(uri: "/v1/feed?width=375", method: .get)
            try await client.execute(uri: "/v1/layouts/report", method: .get) { response in
                #expect(response.status == .ok)
                let report = ServiceFixture.object(response)
                #expect(report["entries"] as? Int == 4)
                #expect(report["hits"] as? Int == 4 && report["misses"] as? Int == 4)
                #expect(report["stale"] as? Int == 0)
                let ranges = report["sizeRanges"] as? [[String: Any]] ?? []
                #expect(ranges.count == 1)
                #expect(ranges.first?["min"] as? [Double] == [375, 0])
                #expect((ranges.first?["max"] as? [Any])?.last as? String == "inf")
                #expect(ranges.first?["scale"] as? Double == 2)
            }
        }
    }

    @Test func theHTMLPageIsPagedAndLoadsItsFontsFromTheService() async throws {
        let app = try ServiceFixture.service().service.application()
        try await app.test(.router) { client in
            let page = try await client.execute(uri: "/?limit=3", method: .get)
            #expect(page.status == .ok)
            #expect(page.headers[.contentType] == "text/html; charset=utf-8")
            let html = ServiceFixture.text(page)
            #expect(html.components(separatedBy: "<section class=\"cell\"").count == 4)
            #expect(html.contains("<main class=\"feed\" style=\"width: 375px\">"))
            #expect(!html.contains("file://"))
            #expect(html.contains("url(\"fonts/DejaVuSans.ttf\")"))
            #expect(html.contains("href=\"/?width=375&amp;scale=2&amp;limit=3&amp;after=djE6MTc0OTY0MzIwMDAwMDoz\""))
            let last = try await client.execute(uri: "/?width=320&limit=3&after=djE6MTc0OTY0MzIwMDAwMDoz",
                                                method: .get)
            let lastHTML = ServiceFixture.text(last)
            #expect(lastHTML.components(separatedBy: "<section class=\"cell\"").count == 2)
            #expect(lastHTML.contains("End of the feed.") && !lastHTML.contains("rel=\"next\""))

            let font = try await client.execute(uri: "/fonts/DejaVuSans.ttf", method: .get)
            #expect(font.status == .ok)
            #expect(font.headers[.contentType] == "font/ttf")
            let file = try Data(contentsOf: URL(fileURLWithPath: HTMLFeedRenderer.defaultRegularFont))
            #expect(Data(buffer: font.body) == file)
            let traversal = try await client.execute(uri: "/fonts/..%2Fpasswd", method: .get)
            ServiceFixture.expectProblem(traversal, status: 404)
        }
    }

    @Test func healthMetricsAndTheOpenAPIDocument() async throws {
        let app = try ServiceFixture.service().service.application()
        try await app.test(.router) { client in
            let health = try await client.execute(uri: "/healthz", method: .get)
            #expect(health.status == .ok && ServiceFixture.text(health) == "{\"status\":\"ok\"}\n")
            _ = try await client.execute(uri: "/v1/feed?width=375", method: .get)
            _ = try await client.execute(uri: "/v1/feed?width=375", method: .get)
            _ = try await client.execute(uri: "/v1/feed?width=0", method: .get)
            _ = try await client.execute(uri: "/v1/photos/7?width=375", method: .get)
            let metricsResponse = try await client.execute(uri: "/metrics", method: .get)
            let metrics = ServiceFixture.text(metricsResponse)
            let lines = Set(metrics.split(separator: "\n").map(String.init))
            #expect(lines.contains(#"photofeed_http_requests_total{route="/v1/feed",method="GET",status="200"} 2"#))
            #expect(lines.contains(#"photofeed_http_requests_total{route="/v1/feed",method="GET",status="400"} 1"#))
            #expect(lines.contains(
                #"photofeed_http_requests_total{route="/v1/photos/{id}",method="GET",status="404"} 1"#))
            #expect(lines.contains("photofeed_layout_cache_hits_total 4"))
            #expect(lines.contains("photofeed_layout_cache_misses_total 4"))
            #expect(lines.contains("photofeed_layouts_computed_total 4"))
            #expect(metrics.contains(#"photofeed_http_request_duration_seconds_bucket{route="/v1/feed""#))
            // Every metric is explained: a # HELP line right before each # TYPE line.
            let ordered = metrics.split(separator: "\n").map(String.init)
            for (index, line) in ordered.enumerated() where line.hasPrefix("# TYPE ") {
                let name = line.split(separator: " ")[2]
                #expect(index > 0 && ordered[index - 1].hasPrefix("# HELP \(name) "), "\(name)")
            }
            // The process's own metrics and the build's.
            let resident = ordered.first { $0.hasPrefix("process_resident_memory_bytes ") }
            #expect((resident?.split(separator: " ").last).flatMap { Double($0) } ?? 0 > 1_000_000)
            #expect(ordered.contains { $0.hasPrefix("process_open_fds ") })
            #expect(ordered.contains { $0.hasPrefix("process_cpu_seconds_total ") })
            #expect(lines.contains(#"photofeed_build_info{engine="3",swift="6.3",version="0.1.0"} 1"#))

            let yaml = try await client.execute(uri: "/openapi.yaml", method: .get)
            #expect(yaml.status == .ok && yaml.headers[.contentType] == "application/yaml")
            let file = try Data(contentsOf: FeedTestStore.projectRoot.appendingPathComponent("docs/openapi.yaml"))
            #expect(Data(buffer: yaml.body) == file)
        }
    }

    /// Monitors ask with HEAD: every route answers as GET does, without the body.
    @Test func headAnswersAsGetWithoutTheBody() async throws {
        let app = try ServiceFixture.service().service.application()
        try await app.test(.router) { client in
            for uri in ["/v1/feed?width=375&limit=2", "/v1/photos/1?width=375", "/healthz", "/metrics",
                        "/openapi.yaml", "/?limit=1", "/v1/layouts/report", "/fonts/DejaVuSans.ttf"] {
                let get = try await client.execute(uri: uri, method: .get)
                let head = try await client.execute(uri: uri, method: .head)
                #expect(head.status == .ok, "\(uri)")
                #expect(head.body.readableBytes == 0, "\(uri)")
                #expect(head.headers[.contentType] == get.headers[.contentType], "\(uri)")
                #expect(head.headers[.eTag] == get.headers[.eTag], "\(uri)")
            }
            let bad = try await client.execute(uri: "/v1/feed?width=0", method: .head)
            #expect(bad.status == .badRequest && bad.body.readableBytes == 0)
        }
    }

    @Test func unknownPathsAndMethodsAreProblems() async throws {
        let app = try ServiceFixture.service().service.application()
        try await app.test(.router) { client in
            let unknown = try await client.execute(uri: "/v2/feed", method: .get)
            ServiceFixture.expectProblem(unknown, status: 404)
            let post = try await client.execute(uri: "/v1/feed?width=375", method: .post)
            ServiceFixture.expectProblem(post, status: 405)
            #expect(post.headers[.allow] == "GET, HEAD")
            let delete = try await client.execute(uri: "/v1/photos/1", method: .delete)
            ServiceFixture.expectProblem(delete, status: 405)
        }
    }

    /// A page whose layouts must be stored while another connection holds the write lock past
    /// the busy timeout: 503 with Retry-After, and the next request, once the lock is gone, 200.
    @Test func aDatabaseBusyPastItsTimeoutIs503WithRetryAfter() async throws {
        let (service, path) = try ServiceFixture.service(busyTimeout: 0.05)
        let app = service.application()
        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true  // the lock must outlive one database access
        let holder = try DatabasePool(path: path, configuration: configuration)
        try await app.test(.router) { client in
            try await holder.writeWithoutTransaction { try $0.execute(sql: "BEGIN IMMEDIATE") }
            let busy = try await client.execute(uri: "/v1/feed?width=375", method: .get)
            try await holder.writeWithoutTransaction { try $0.execute(sql: "ROLLBACK") }
            ServiceFixture.expectProblem(busy, status: 503)
            #expect(busy.headers[.retryAfter] == "1")
            let after = try await client.execute(uri: "/v1/feed?width=375", method: .get)
            #expect(after.status == .ok)
        }
    }
}

/// The access log: one line per completed request, with what an operator looks for.
@Suite struct AccessLogTests {
    @Test func eachRequestLogsOneLineWithMethodRouteStatusDurationAndBytes() async throws {
        let recorder = LogRecorder()
        let store = try FeedStore(path: try FeedTestStore.seededFile(), migrationsDirectory: FeedTestStore.migrationsDirectory,
                                  clock: FeedTestStore.clock)
        let service = try FeedHTTPService(store: store, port: 0, logger: recorder.logger(),
                                          storeDeadline: ServiceFixture.storeDeadline)
        try await service.application().test(.router) { client in
            _ = try await client.execute(uri: "/v1/photos/1?width=375", method: .get)
            _ = try await client.execute(uri: "/nowhere", method: .get)
        }

        let lines = recorder.records.filter { $0.message == "request" }
        #expect(lines.map(\.level) == [.info, .info])
        #expect(lines.map { $0.metadata["route"] } == ["/v1/photos/{id}", "NotFound"])
        #expect(lines.map { $0.metadata["path"] } == ["/v1/photos/1", "/nowhere"])
        #expect(lines.map { $0.metadata["status"] } == ["200", "404"])
        #expect(lines.allSatisfy { $0.metadata["method"] == "GET" && Double($0.metadata["duration_ms"] ?? "") != nil })
        #expect(Int(lines[0].metadata["bytes"] ?? "") ?? 0 > 1_000)
    }
}
