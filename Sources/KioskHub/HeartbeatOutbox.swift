import KioskHubStorage
import Synchronization

/// The gates' heartbeats this hub process received and has not yet written, the latest of each gate only. A heartbeat
/// is telemetry that the next one replaces, so the hub writes those received meanwhile in one transaction about once a
/// second (`HeartbeatWriter`), before any read of the gates, and when it stops, instead of committing one per request:
/// a chain's thousand gates cost the hub a write a second, not thirty (P16).
final class HeartbeatOutbox: Sendable {
    private let waiting = Mutex<[String: ReceivedHeartbeat]>([:])

    /// Keeps `heartbeat` to write, replacing an earlier one of its gate.
    func put(_ heartbeat: ReceivedHeartbeat) {
        waiting.withLock { waiting in
            if let held = waiting[heartbeat.kioskID], held.receivedAt > heartbeat.receivedAt { return }
            waiting[heartbeat.kioskID] = heartbeat
        }
    }

    /// Every heartbeat waiting, taken out.
    func take() -> [ReceivedHeartbeat] {
        waiting.withLock { waiting in
            defer { waiting = [:] }
            return Array(waiting.values)
        }
    }

    /// Puts back heartbeats taken that could not be written, unless a later one of their gate came meanwhile.
    func putBack(_ heartbeats: [ReceivedHeartbeat]) {
        for heartbeat in heartbeats { put(heartbeat) }
    }
}
