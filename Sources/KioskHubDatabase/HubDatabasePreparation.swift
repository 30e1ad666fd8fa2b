import KioskCore
import KioskHub
import KioskHubPostgres
import KioskHubStorage
import Logging
public import ServiceLifecycle

/// Makes a PostgreSQL hub database ready: connects (saying why it cannot), then brings the schema up to date. As a
/// `Service` of `kiosk-hub serve`, it retries an unreachable server with a growing delay (up to 10 s) while the hub
/// already listens and answers 503, marks `readiness` ready, and then waits for shutdown; a database that refuses
/// the hub (a bad login, another program's tables, a newer schema) ends `serve` with that error.
public struct HubDatabasePreparation: Service {
    let storage: PostgresHubStorage
    let password: String?
    let readiness: HubReadiness
    let logger: Logger

    /// Connects and migrates once; an unreachable server is an error at once (69).
    func prepareOnce() async throws(KioskError) {
        try await PostgresHubStorage.probe(url: storage.url, password: password, logger: quietLogger)
        try await storage.migrate()
    }

    /// Prepares once: nil when the database is ready, why it cannot be reached yet when it cannot; any other failure
    /// is thrown.
    private func unavailability() async throws(KioskError) -> String? {
        do {
            try await prepareOnce()
            return nil
        } catch {
            guard error.domain == .unavailable else { throw error }
            return error.message
        }
    }

    public func run() async throws {
        // SIGTERM while the database is still out of reach ends the wait, and `serve`, at once.
        do {
            try await cancelWhenGracefulShutdown { try await waitUntilReachable() }
        } catch is CancellationError {
            return
        }
        readiness.markReady()
        logger.info("hub database ready", metadata: ["hub.database": "\(storage.url)"])
        try? await gracefulShutdown()
    }

    /// Prepares the database, retrying while it cannot be reached, with a growing delay.
    private func waitUntilReachable() async throws {
        var delay = Duration.milliseconds(500)
        while let reason = try await unavailability() {
            readiness.wait(reason)
            logger.warning("waiting for the hub database", metadata: ["hub.database": "\(storage.url)", "hub.error": "\(reason)"])
            try await Task.sleep(for: delay)
            delay = min(delay * 2, .seconds(10))
        }
    }

    /// The pool's own chatter stays out of the hub's log.
    private var quietLogger: Logger {
        var quiet = logger
        quiet.logLevel = .error
        return quiet
    }
}
