import KioskCore
import Synchronization

/// The measurements of the gate's clock against the hub's that answers carrying `Hub-Time` gave since they were last
/// taken: the one with the smallest error (the shortest round trip) is kept.
final class HubClockReadings: Sendable {
    private let best = Mutex<ClockMeasurement?>(nil)
    private let newest = Mutex<ClockMeasurement?>(nil)

    /// The latest measurement, whether taken or not; nil before the first answer with `Hub-Time`.
    var latest: ClockMeasurement? { newest.withLock { $0 } }

    func keep(_ measurement: ClockMeasurement) {
        newest.withLock { $0 = measurement }
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
