public import KioskCore
public import Logging
public import ServiceLifecycle

/// Signs a checkpoint of each property's audit log that has grown, every `interval`, so that a checkpoint covers
/// every entry within a minute of it (CONTRACT.md "Signed logs"). Each round is one query when nothing grew; a
/// failure is logged and tried again at the next round. Hub processes sharing a database may each sign: checkpoints
/// of one size are the same tree, and only a larger one replaces the stored one.
public struct AuditCheckpointService: Service {
    let store: HubStore
    let keys: HubLogKeySource
    let clock: WallClock
    let interval: Duration
    let readiness: HubReadiness
    let logger: Logger

    public init(
        store: HubStore,
        keys: HubLogKeySource,
        clock: WallClock = .system,
        interval: Duration = .seconds(30),
        readiness: HubReadiness = HubReadiness(),
        logger: Logger
    ) {
        self.store = store
        self.keys = keys
        self.clock = clock
        self.interval = interval
        self.readiness = readiness
        self.logger = logger
    }

    public func run() async throws {
        await cancelWhenGracefulShutdown {
            repeat {
                guard readiness.reasonNotReady == nil else { continue }
                do throws(KioskError) {
                    try await store.signGrownAuditLogs(keys: try await keys.current(), now: clock.now())
                } catch {
                    if Task.isCancelled { break }
                    logger.warning("cannot sign the audit logs' checkpoints; trying again", metadata: ["error": "\(error.message)"])
                }
            } while (try? await Task.sleep(for: interval)) != nil
        }
    }
}
