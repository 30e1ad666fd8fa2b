public import KioskCore

/// The one line the kiosk prints or logs for a recorded read or manual entry, outcome first.
public struct TapLine: Sendable {
    public let text: String

    public init(_ tap: RecordedTap, policy: AttendancePolicy) {
        let who = tap.student.map { "\($0.id) \($0.name)" + ($0.room.isEmpty ? "" : " (room \($0.room))") }
        switch tap.outcome {
        case .in, .out:
            text = "\(tap.outcome.rawValue) \(who ?? "")" + (tap.pass.map { ": " + $0.leaveNote(policy) } ?? "")
        case .ignored:
            let since = tap.previous.map { "already \($0.direction.label) since \(policy.timeOfDay(of: $0.occurredAt))" } ?? "already recorded"
            text = "IGNORED \(who ?? ""): \(since)"
        case .unknown:
            text = "UNKNOWN \(tap.uid?.hex ?? ""): card not registered, see the warden"
        case .refused:
            text = "REFUSED \(tap.uid?.hex ?? ""): card could not be verified, see the warden"
        }
    }
}
