public import Hummingbird
import ServiceLifecycle

/// Runs a Hummingbird application on a loopback port until `body` returns. `make` builds the application
/// with the callback that reports the port it listens on.
public func withRunning<App: ApplicationProtocol, Value: Sendable>(
    _ make: (@escaping @Sendable (Int) async -> Void) -> App,
    _ body: (Int) async throws -> Value
) async throws -> Value {
    let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
    let application = make { port in continuation.yield(port) }
    return try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask { try await application.runService(gracefulShutdownSignals: []) }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else { throw CancellationError() }
        do {
            let value = try await body(port)
            group.cancelAll()
            return value
        } catch {
            group.cancelAll()
            throw error
        }
    }
}
