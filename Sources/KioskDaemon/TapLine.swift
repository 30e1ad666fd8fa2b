public import KioskCore

/// The one line the kiosk prints or logs for a recorded read or manual entry, outcome first.
public struct TapLine: Sendable {
    public let text: String
    /// What the line says after the outcome and the student: the pass line, or why the read changed nothing.
    public let detail: String?

    public init(_ tap: RecordedTap, policy: AttendancePolicy) {
        let who = tap.student.map { "\($0.id) \($0.name)" + ($0.room.isEmpty ? "" : " (room \($0.room))") }
        switch tap.outcome {
        case .in, .out:
            detail = tap.pass.map { $0.leaveNote(policy) }
            text = "\(tap.outcome.rawValue) \(who ?? "")" + (detail.map { ": " + $0 } ?? "")
        case .ignored:
            let since = tap.previous.map { "already \($0.direction.label) since \(policy.timeOfDay(of: $0.occurredAt))" } ?? "already recorded"
            detail = since
            text = "IGNORED \(who ?? ""): \(since)"
        case .unknown:
            detail = "card not registered, see the warden"
            text = "UNKNOWN \(tap.uid?.hex ?? ""): card not registered, see the warden"
        case .refused:
            detail = "card could not be verified, see the warden"
            text = "REFUSED \(tap.uid?.hex ?? ""): card could not be verified, see the warden"
        }
    }
}
