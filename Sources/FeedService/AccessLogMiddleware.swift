import Foundation
import Hummingbird
import Logging

/// The access log: one `info` line per completed request, through the request's logger (which
/// carries Hummingbird's request id), with the method, path, matched route, status, duration in
/// milliseconds and body bytes. A request that throws (a route that does not exist) is logged
/// with the error's status.
///
/// ```
/// … info photofeed.serve: request bytes=48210 duration_ms=3.412 hb.request.id=… method=GET path=/v1/feed route=/v1/feed status=200
/// ```
struct AccessLogMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context,
                next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        do {
            let response = try await next(request, context)
            log(request, context: context, status: response.status.code, bytes: response.body.contentLength ?? 0,
                since: start)
            return response
        } catch {
            log(request, context: context, status: (error as? any HTTPResponseError)?.status.code ?? 500, bytes: 0,
                since: start)
            throw error
        }
    }

    private func log(_ request: Request, context: Context, status: Int, bytes: Int, since start: ContinuousClock.Instant) {
        let elapsed = ContinuousClock.now - start
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        context.logger.info("request", metadata: [
            "method": .string(request.method.rawValue),
            "path": .string(request.uri.path),
            "route": .string(context.endpointPath ?? "unmatched"),
            "status": .stringConvertible(status),
            "duration_ms": .string(String(format: "%.3f", milliseconds)),
            "bytes": .stringConvertible(bytes),
        ])
    }
}
