import Hummingbird

/// Counts and times every request in ``ServiceMetrics`` by route template, method and status;
/// a request that throws (a route that does not exist: 404) counts with the error's status.
struct MetricsRecordingMiddleware<Context: RequestContext>: RouterMiddleware {
    let metrics: ServiceMetrics

    func handle(_ request: Request, context: Context,
                next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let route = context.endpointPath ?? "unmatched"
        do {
            let response = try await next(request, context)
            record(route: route, request: request, status: response.status.code, since: start)
            return response
        } catch {
            let status = (error as? any HTTPResponseError)?.status.code ?? 500
            record(route: route, request: request, status: status, since: start)
            throw error
        }
    }

    private func record(route: String, request: Request, status: Int, since start: ContinuousClock.Instant) {
        let elapsed = ContinuousClock.now - start
        let nanoseconds = elapsed.components.seconds * 1_000_000_000 + elapsed.components.attoseconds / 1_000_000_000
        metrics.recordRequest(route: route, method: request.method.rawValue, status: status,
                              nanoseconds: nanoseconds)
    }
}
