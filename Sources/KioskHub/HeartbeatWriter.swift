import KioskCore
public import Logging
public import ServiceLifecycle

/// Writes the heartbeats the hub received every `interval` (`HeartbeatOutbox`), and once more when it stops: it is
/// the first of the hub's services to start, so the last to stop, after the server answered its last request. A
/// failure is logged; the heartbeats wait for the next round.
public struct HeartbeatWriter: Service {
    let store: HubStore
    let interval: Duration
    let logger: Logger

    public init(store: HubStore, interval: Duration = .seconds(1), logger: Logger) {
        self.store = store
        self.interval = interval
        self.logger = logger
    }

    public func run() async throws {
        await cancelWhenGracefulShutdown {
            while (try? await Task.sleep(for: interval)) != nil { await write() }
        }
        await write()
    }

    private func write() async {
        do {
            try await store.writeHeartbeats()
        } catch {
            logger.warning("cannot write the gates' heartbeats; trying again", metadata: ["error": "\(error.message)"])
        }
    }
}
