import PhotoFeed

/// Lays out on the calling thread: a command has its process to itself.
struct CommandLayoutExecutor: LayoutExecuting {
    func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try work()
    }
}
