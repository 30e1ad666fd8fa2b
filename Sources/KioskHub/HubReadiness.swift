import KioskHubStorage
import Synchronization

/// Whether the hub's database is ready for requests. `kiosk-hub serve` listens at once; until its database answers
/// and is migrated, every request (`/healthz` included) gets 503 with `Retry-After` and the reason.
public final class HubReadiness: Sendable {
    private let waitingFor = Mutex<String?>(nil)

    public init() {}

    /// Requests are refused, saying `reason`.
    public func wait(_ reason: String) {
        waitingFor.withLock { $0 = reason }
    }

    /// Requests are served.
    public func markReady() {
        waitingFor.withLock { $0 = nil }
    }

    /// Why requests are refused now, or nil when the hub is ready.
    public var reasonNotReady: String? {
        waitingFor.withLock { $0 }
    }
}
