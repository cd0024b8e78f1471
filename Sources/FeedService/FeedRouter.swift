import Hummingbird

/// The service's routes (docs/openapi.yaml) on a Hummingbird router, behind the access log, the
/// metrics middleware and the shutdown drain's 503 (``ShutdownDrain``). Every route answers HEAD as it answers GET, without the body (the
/// router's generated HEAD endpoints). A path the router does not know answers 404 with a
/// problem document.
enum FeedRouter {
    static func make(api: FeedAPI, drain: ShutdownDrain) -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self, options: .autoGenerateHeadEndpoints)
        router.add(middleware: AccessLogMiddleware())
        router.add(middleware: MetricsRecordingMiddleware(metrics: api.metrics))
        router.add(middleware: ShutdownDrain.Middleware(drain: drain))
        router.add(middleware: NotFoundProblemMiddleware())
        router.get("/v1/feed") { request, _ in await api.feed(request) }
        router.get("/v1/photos/:id") { request, context in
            await api.photo(request, id: context.parameters.get("id") ?? "")
        }
        router.get("/v1/changes") { request, _ in await api.changes(request) }
        router.get("/v1/layouts/report") { request, _ in await api.layoutsReport(request) }
        router.get("/") { request, _ in await api.htmlFeed(request) }
        router.get("/cells/:id") { request, context in await api.cellHTML(request, id: context.parameters.get("id") ?? "") }
        router.get("/fonts/:name") { request, context in await api.font(request, name: context.parameters.get("name") ?? "") }
        router.get("/healthz") { request, _ in await api.health(request) }
        router.get("/metrics") { request, _ in await api.metricsText(request) }
        router.get("/openapi.yaml") { request, _ in await api.openAPI(request) }
        return router
    }
}

/// Turns Hummingbird's 404 for an unknown path (and 405 for a known path with another method)
/// into a problem document, as every other error response of the service is.
struct NotFoundProblemMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context,
                next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as any HTTPResponseError {
            switch error.status {
            case .notFound where ![.get, .head].contains(request.method) && Self.isRoute(request.uri.path):
                var response = ProblemDocument(title: "Method Not Allowed", status: 405,
                                               detail: "\(request.method.rawValue) is not allowed on \(request.uri.path)")
                    .response
                response.headers[.allow] = "GET, HEAD"
                return response
            case .notFound:
                return ProblemDocument.notFound("no route answers \(request.uri.path)").response
            case .methodNotAllowed:
                return ProblemDocument(title: "Method Not Allowed", status: 405,
                                       detail: "\(request.method.rawValue) is not allowed on \(request.uri.path)")
                    .response
            default:
                throw error
            }
        }
    }

    /// Whether `path` is one the router answers for GET and HEAD.
    static func isRoute(_ path: String) -> Bool {
        if ["/", "/v1/feed", "/v1/changes", "/v1/layouts/report", "/healthz", "/metrics", "/openapi.yaml"].contains(path) {
            return true
        }
        for prefix in ["/v1/photos/", "/cells/", "/fonts/"] where path.hasPrefix(prefix) {
            let rest = path.dropFirst(prefix.count)
            return !rest.isEmpty && !rest.contains("/")
        }
        return false
    }
}
