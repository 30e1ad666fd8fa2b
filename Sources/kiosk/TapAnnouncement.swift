import KioskCore

/// The one line the kiosk prints for a recorded read or manual entry, outcome first.
struct TapAnnouncement {
    let line: String

    init(_ tap: RecordedTap, policy: AttendancePolicy) {
        let who = tap.student.map { "\($0.id) \($0.name)" + ($0.room.isEmpty ? "" : " (room \($0.room))") }
        switch tap.outcome {
        case .in, .out:
            line = "\(tap.outcome.rawValue) \(who ?? "")"
        case .ignored:
            let since = tap.previous.map { "already \($0.direction.label) since \(policy.timeOfDay(of: $0.occurredAt))" } ?? "already recorded"
            line = "IGNORED \(who ?? ""): \(since)"
        case .unknown:
            line = "UNKNOWN \(tap.uid?.hex ?? ""): card not registered, see the warden"
        }
    }
}
