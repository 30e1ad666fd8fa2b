import Foundation
import KioskCore

extension WireEvent {
    /// The first thing wrong with this event, naming the field, or nil when the hub can store it.
    /// Types were checked by decoding; this checks values and how the fields fit together.
    public func problem() -> WireProblem? {
        if UUID(uuidString: id) == nil { return WireProblem(error: "not a UUID: '\(id)'", field: "id") }
        if let problem = Self.identifierProblem(kioskId, field: "kioskId") { return problem }
        if seq < 1 { return WireProblem(error: "must be 1 or more, got \(seq)", field: "seq") }
        if reader.isEmpty || reader.count > RecordLimits.identifier {
            return WireProblem(error: "must be 1 to \(RecordLimits.identifier) characters", field: "reader")
        }
        if let uid, (try? TagUID(parsing: uid))?.hex != uid {
            return WireProblem(error: "not an uppercase hex UID of 4, 7 or 10 bytes: '\(uid)'", field: "uid")
        }
        if let studentId, studentId.isEmpty || studentId.count > RecordLimits.identifier {
            return WireProblem(error: "must be 1 to \(RecordLimits.identifier) characters", field: "studentId")
        }
        if let problem = kindProblem() { return problem }
        if WireTime.parse(occurredAt) == nil { return WireProblem(error: "not an ISO 8601 instant with an offset", field: "occurredAt") }
        if WireTime.parse(recordedAt) == nil { return WireProblem(error: "not an ISO 8601 instant with an offset", field: "recordedAt") }
        if monotonicNs < 0 { return WireProblem(error: "must be 0 or more, got \(monotonicNs)", field: "monotonicNs") }
        if bootId.isEmpty || bootId.count > RecordLimits.identifier {
            return WireProblem(error: "must be 1 to \(RecordLimits.identifier) characters", field: "bootId")
        }
        if let reason, reason.count > RecordLimits.reason {
            return WireProblem(error: "must be at most \(RecordLimits.reason) characters", field: "reason")
        }
        for (field, value) in [("reader", reader), ("studentId", studentId ?? ""), ("bootId", bootId), ("reason", reason ?? "")] {
            if let control = RecordLimits.controlCharacter(in: value) {
                return WireProblem(error: "contains the control character \(control)", field: field)
            }
        }
        return nil
    }

    /// Whether kind, outcome, direction, uid and student fit together as the kiosk records them.
    private func kindProblem() -> WireProblem? {
        switch kind {
        case .tap, .manual:
            if studentId == nil { return WireProblem(error: "required for a \(kind.rawValue) event", field: "studentId") }
            if kind == .tap && uid == nil { return WireProblem(error: "required for a tap event", field: "uid") }
            if kind == .manual && outcome != .accepted { return WireProblem(error: "a manual entry is always accepted", field: "outcome") }
            if outcome == .unknown { return WireProblem(error: "only an unknown event has outcome unknown", field: "outcome") }
        case .unknown:
            if uid == nil { return WireProblem(error: "required for an unknown event", field: "uid") }
            if studentId != nil { return WireProblem(error: "an unknown event has no student", field: "studentId") }
            if outcome != .unknown { return WireProblem(error: "an unknown event has outcome unknown", field: "outcome") }
        }
        if (outcome == .accepted) != (direction != nil) {
            return WireProblem(error: "given exactly when the outcome is accepted", field: "direction")
        }
        return nil
    }

    /// A kiosk id: 1 to 64 letters, digits, `-`, `_` or `.`.
    public static func identifierProblem(_ text: String, field: String) -> WireProblem? {
        let allowed = text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }
        guard !text.isEmpty, text.count <= RecordLimits.identifier, allowed else {
            return WireProblem(error: "must be 1 to \(RecordLimits.identifier) letters, digits, '-', '_' or '.'", field: field)
        }
        return nil
    }
}
