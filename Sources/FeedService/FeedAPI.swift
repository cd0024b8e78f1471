import FeedAPIModel
import FeedModel
import FeedRendering
import FeedStore
import Foundation
import Hummingbird
import Logging
import PhotoFeed
import TextLayout

/// What the routes answer (docs/openapi.yaml), apart from HTTP plumbing: each method returns
/// the response of one route, never throws, and turns every failure into a problem document:
/// a bad parameter 400, an unknown photo 404, a database busy past its timeout 503 with
/// `Retry-After`, anything else 500 (which no input causes).
///
/// Feed pages come from one ``FeedController``, so cells stay in its cell cache between
/// requests and layouts come from the store's layout cache or are computed and stored. Every
/// read is one awaited read of the store (``FeedServing``), and cold cells are laid out on
/// ``WorkerThreads``: no handler holds a thread while the database answers or text is measured. With a
/// ``ChangeWatching`` watcher (a database file, a PostgreSQL server), feed, photo and HTML
/// responses are kept in a ``ResponseCache`` until the database changes.
final class FeedAPI: Sendable {
    let controller: FeedController
    let store: any FeedServing
    let layoutThreads: WorkerThreads
    let metrics: ServiceMetrics
    let documents: ServiceDocuments
    let watcher: (any ChangeWatching)?
    let htmlProbe: HTMLTestProbe
    let fonts: ServiceFonts
    let responses = ResponseCache()
    let outages: OutageLog
    let healthCheck: HealthCheck
    /// The change stream's hub, when the store keeps a change log.
    let changeHub: ChangeHub?

    init(controller: FeedController, store: DeadlineServing, metrics: ServiceMetrics, watcher: (any ChangeWatching)? = nil,
         changes: (log: any ChangeLogReading, watcher: (any ChangeWatching)?, settings: ChangeStreamSettings)? = nil,
         htmlProbe: HTMLTestProbe = .none, documents: ServiceDocuments = ServiceDocuments(), fonts: FontCollection,
         logger: Logger) {
        let layoutThreads = WorkerThreads()
        self.layoutThreads = layoutThreads
        changeHub = changes.map { changes in
            ChangeHub(log: changes.log, serving: store, controller: controller, executor: layoutThreads,
                      watcher: changes.watcher, settings: changes.settings, metrics: metrics, logger: logger)
        }
        outages = OutageLog(logger: logger)
        healthCheck = HealthCheck(store: store, answers: store.answers)
        self.htmlProbe = htmlProbe
        self.fonts = ServiceFonts(fonts: fonts)
        self.controller = controller
        self.store = store
        self.metrics = metrics
        self.watcher = watcher
        self.documents = documents
    }

    /// `GET /v1/feed`: a page of items (``FeedPageJSON``, the CLI's `feed --format json`).
    func feed(_ request: Request) async -> Response {
        await answer(request) {
            let query = try Self.query(request, paging: true)
            return try await cached(.feed(query), request: request, contentType: "application/json") {
                let page = try await page(query)
                return (try Self.jsonBody(FeedPageJSON(page, reportsCache: false)),
                        LayoutLookups(hits: page.hits, misses: page.misses))
            }
        }
    }

    /// `GET /v1/photos/{id}`: one item (``FeedItemJSON``).
    func photo(_ request: Request, id: String) async -> Response {
        await answer(request) {
            let photoID = try Self.photoID(id)
            let query = try Self.query(request, paging: false)
            return try await cached(.photo(photoID, query), request: request, contentType: "application/json") {
                let entry = try await self.entry(photoID, query)
                return (try Self.jsonBody(FeedItemJSON(entry, reportsCache: false)),
                        LayoutLookups(hits: entry.cache == .hit ? 1 : 0, misses: entry.cache == .miss ? 1 : 0))
            }
        }
    }

    /// `GET /v1/layouts/report`: the layout cache report (the CLI's `layouts report --format json`),
    /// after writing the hits and misses counted so far.
    func layoutsReport(_ request: Request) async -> Response {
        await answer(request) {
            let report = try await store.servedLayoutCacheReport(engineVersion: EngineVersion.layoutEngine)
            return conditional(try Self.jsonBody(LayoutCacheReportJSON(report), keys: .sorted),
                               contentType: "application/json", request: request)
        }
    }

    /// `GET /`: the feed page as HTML (``HTMLFeedRenderer``), 375 points wide unless `width`
    /// says otherwise, its fonts from `/fonts/…`, with a link to the next page; it follows the
    /// change stream, so its cells change as the store's do.
    func htmlFeed(_ request: Request) async -> Response {
        await answer(request) {
            let query = try Self.query(request, paging: true, defaultWidth: 375)
            return try await cached(.html(query), request: request, contentType: "text/html; charset=utf-8") {
                let page = try await page(query)
                var renderer = fonts.renderer(width: query.width)
                // The position probe's page is a snapshot: a page that follows changes keeps a
                // request open, and a browser's virtual time would wait for it for ever.
                if htmlProbe == .positions {
                    renderer.includesPositionProbe = true
                } else if changeHub != nil, !page.entries.isEmpty {
                    renderer.followedChanges = "width=\(ServiceNumber.text(query.width))&scale=\(ServiceNumber.text(query.scale))"
                        + "&photos=" + page.entries.map { String($0.photoID) }.joined(separator: ",")
                    renderer.holdsLoadEvent = htmlProbe == .liveUpdates
                }
                let html = try await layoutThreads.run { [controller, renderer] in
                    renderer.render(controller.snapshots(of: page))
                }
                return (Data(html.replacingOccurrences(of: "</main>\n",
                                                       with: "</main>\n" + Self.navigation(query, page: page)).utf8),
                        LayoutLookups(hits: page.hits, misses: page.misses))
            }
        }
    }

    /// `GET /cells/{id}`: one cell's HTML `<section>`, as the page at `/` has it (the page puts it
    /// in place of the cell when the change stream says the cell changed).
    func cellHTML(_ request: Request, id: String) async -> Response {
        await answer(request) {
            let photoID = try Self.photoID(id)
            let query = try Self.query(request, paging: false)
            let entry = try await self.entry(photoID, query)
            let renderer = fonts.renderer(width: query.width)
            let html = try await layoutThreads.run { [controller] in
                renderer.section(for: controller.snapshot(of: entry, scale: query.scale))
            }
            return conditional(Data(html.utf8), contentType: "text/html; charset=utf-8", request: request)
        }
    }

    /// `GET /healthz`: 200 `{"status":"ok"}` when the database has answered a call within the
    /// last 250 ms (``HealthCheck``).
    func health(_ request: Request) async -> Response {
        await answer(request) {
            try await healthCheck.check()
            return Self.response(.ok, body: Data("{\"status\":\"ok\"}\n".utf8), contentType: "application/json",
                                 cacheControl: "no-store")
        }
    }

    /// `GET /metrics`. The job counts and the sync workers' totals are read from the database at
    /// each scrape; one the database does not answer within the store's deadline keeps the last
    /// values (the rest of the metrics, the process's own, are what an operator needs during an
    /// outage).
    func metricsText(_ request: Request) async -> Response {
        async let jobCounts = try? store.servedJobCounts()
        async let workerCounts = try? store.servedWorkerCounts()
        if let counts = await jobCounts { metrics.recordJobCounts(counts) }
        if let workers = await workerCounts { metrics.recordWorkerCounts(workers) }
        return Self.response(.ok, body: Data(metrics.exposition()), contentType: "text/plain; version=0.0.4",
                             cacheControl: "no-store")
    }

    /// `GET /openapi.yaml`.
    func openAPI(_ request: Request) async -> Response {
        await answer(request) {
            guard let yaml = documents.openAPI else {
                throw ProblemDocument.notFound("docs/openapi.yaml is not where this build looks for it "
                                               + "(set PHOTOFEED_HOME to the checkout)")
            }
            return conditional(yaml, contentType: "application/yaml", request: request,
                               cacheControl: "public, max-age=300")
        }
    }

    /// `GET /fonts/{name}`: one of the HTML page's fonts (``ServiceFonts``).
    func font(_ request: Request, name: String) async -> Response {
        await answer(request) {
            guard let path = fonts.path(named: name) else {
                throw ProblemDocument.notFound("no font is named \"\(name)\"")
            }
            guard let data = FileManager.default.contents(atPath: path) else {
                throw ProblemDocument.notFound("the font \(name) cannot be read")
            }
            return conditional(data, contentType: ServiceFonts.contentType(of: name), request: request,
                               cacheControl: "public, max-age=86400")
        }
    }

    // MARK: - Parts

    private func page(_ query: FeedQuery) async throws -> FeedPageResult {
        let page = try await controller.servedPage(from: store, width: query.width, scale: query.scale,
                                                   limit: query.limit, after: query.after, executor: layoutThreads)
        count(hits: page.hits, misses: page.misses)
        return page
    }

    /// The photo `photoID` laid out at the query's width and scale, its layout lookup counted; an
    /// unknown photo is 404.
    private func entry(_ photoID: Int64, _ query: FeedQuery) async throws -> FeedPageEntry {
        guard let entry = try await controller.servedEntry(from: store, photoID: photoID, width: query.width,
                                                           scale: query.scale, executor: layoutThreads)
        else { throw ProblemDocument.notFound("no photo has the id \(photoID)") }
        count(hits: entry.cache == .hit ? 1 : 0, misses: entry.cache == .miss ? 1 : 0)
        return entry
    }

    /// A path's photo id; anything else is 400.
    private static func photoID(_ text: String) throws -> Int64 {
        guard let photoID = Int64(text) else {
            throw ProblemDocument.badParameter("id", "id must be a photo id (a whole number), not \"\(text)\"")
        }
        return photoID
    }

    private func count(hits: Int, misses: Int) {
        metrics.cacheHits.increment(by: hits)
        metrics.cacheMisses.increment(by: misses)
        metrics.layoutsComputed.increment(by: misses)
    }

    static func query(_ request: Request, paging: Bool, defaultWidth: Double? = nil) throws -> FeedQuery {
        let parameters = request.uri.queryParameters
        return try FeedQuery(paging: paging) { name in
            if name == "width", parameters["width"] == nil, let defaultWidth { return Substring(ServiceNumber.text(defaultWidth)) }
            return parameters[Substring(name)]
        }
    }

    /// A JSON line and a newline.
    private static func jsonBody(_ value: some Encodable, keys: JSONLine.KeyOrder = .encoded) throws -> Data {
        Data((try JSONLine.encode(value, keys: keys) + "\n").utf8)
    }

    /// The response whose body `make` gives, kept in ``responses`` under `key` while the database
    /// does not change (without a watcher, made every time). `make` also says how its layouts
    /// were found: a body with misses stored layouts, so its making changed the database; it is
    /// not kept, and the next request makes the body from the stored layouts. `Server-Timing`
    /// says how the layouts were found, or that the response came from memory.
    private func cached(_ key: ResponseCache.Key, request: Request, contentType: String,
                        make: () async throws -> (body: Data, lookups: LayoutLookups)) async throws -> Response {
        let version = try watcher?.version()
        if let version, let entry = responses.entry(key, version: version) {
            metrics.responseCacheHits.increment()
            var response = entry.response(to: request)
            response.headers[.serverTiming] = LayoutLookups.fromMemory
            return response
        }
        let (body, lookups) = try await make()
        let entry = ResponseCache.Entry(version: version ?? 0, body: ByteBuffer(bytes: body),
                                        tag: EntityTag(body: body, engineVersion: EngineVersion.layoutEngine),
                                        contentType: contentType, cacheControl: "no-cache")
        if version != nil, lookups.misses == 0 { responses.store(entry, for: key) }
        var response = entry.response(to: request)
        response.headers[.serverTiming] = lookups.serverTiming
        return response
    }

    /// 200 with `body`, or 304 without it when the request's `If-None-Match` names its tag.
    /// Feed responses say `no-cache`: a client keeps them and asks again with the tag.
    private func conditional(_ body: Data, contentType: String, request: Request,
                             cacheControl: String = "no-cache") -> Response {
        let tag = EntityTag(body: body, engineVersion: EngineVersion.layoutEngine)
        if let field = request.headers[.ifNoneMatch], tag.matches(ifNoneMatch: field) {
            return Response(status: .notModified, headers: [.eTag: tag.value, .cacheControl: cacheControl])
        }
        var response = Self.response(.ok, body: body, contentType: contentType, cacheControl: cacheControl)
        response.headers[.eTag] = tag.value
        return response
    }

    static func response(_ status: HTTPResponse.Status, body: Data, contentType: String, cacheControl: String)
        -> Response {
        Response(status: status, headers: [.contentType: contentType, .cacheControl: cacheControl],
                 body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }

    /// Runs `body`, mapping what it throws to a problem document's response.
    func answer(_ request: Request, _ body: () async throws -> Response) async -> Response {
        do {
            let response = try await body()
            outages.recordSuccess()
            return response
        } catch let problem as ProblemDocument {
            return problem.response
        } catch {
            let problem = Self.problem(for: error)
            outages.record(error)
            return problem.response
        }
    }

    /// A store error as a problem: a SQLite file replaced while served → 503 (``DatabaseFileService``
    /// stops the server); busy or locked past the busy timeout → 503 (SQLite's message);
    /// a database that does not answer → 503 with a generic detail (the store's message, which may
    /// name the server, goes to the log); anything else 500.
    static func problem(for error: any Error) -> ProblemDocument {
        // The line a command would print for it (CommandFailure), without the CLI: FeedModel's.
        if error is DatabaseFileReplaced { return .busy(Self.replaced) }
        guard let failure = StoreFailure(error) else { return .internalError("\(error)") }
        switch failure {
        case .busy: return .busy(failure.message())
        case .unreachable: return .busy(Self.unavailable)
        case .notADatabase, .missing, .other: return .internalError(failure.message())
        }
    }

    /// The detail of a 503 for a database that does not answer.
    static let unavailable = "the database is not answering; try again shortly"
    /// The detail of a 503 for a SQLite file replaced or removed while served (the server stops).
    static let replaced = "the database file was replaced; the server is stopping to serve the new one"

    /// The link to the next page, or a note that this is the last.
    private static func navigation(_ query: FeedQuery, page: FeedPageResult) -> String {
        guard let next = page.next else { return "<nav class=\"pager\"><p>End of the feed.</p></nav>\n" }
        let href = "/?width=\(ServiceNumber.text(query.width))&amp;scale=\(ServiceNumber.text(query.scale))&amp;limit=\(query.limit)"
            + "&amp;after=\(next.encoded)"
        return "<nav class=\"pager\"><a rel=\"next\" href=\"\(href)\">Next page</a></nav>\n"
    }

}
