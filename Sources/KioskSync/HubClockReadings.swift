import KioskCore
import Synchronization

/// The measurements of the gate's clock against the hub's that answers carrying `Hub-Time` gave since they were last
/// taken: the one with the smallest error (the shortest round trip) is kept.
final class HubClockReadings: Sendable {
    private let best = Mutex<ClockMeasurement?>(nil)

    func keep(_ measurement: ClockMeasurement) {
        best.withLock { kept in
            if let current = kept, current.error <= measurement.error { return }
            kept = measurement
        }
    }

    func take() -> ClockMeasurement? {
        best.withLock { kept in
            defer { kept = nil }
            return kept
        }
    }
}
