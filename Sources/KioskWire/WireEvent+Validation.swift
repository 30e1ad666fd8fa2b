import Foundation
import KioskCore

extension WireEvent {
    /// The first thing wrong with this event, naming the field, or nil when the hub can store it.
    /// Types were checked by decoding; this checks values and how the fields fit together.
    public func problem() -> WireProblem? {
        problem(occurred: WireTime.parse(occurredAt), recorded: WireTime.parse(recordedAt))
    }

    /// `problem()` with the event's instants already parsed (nil: unreadable), so each is parsed once.
    func problem(occurred: Date?, recorded: Date?) -> WireProblem? {
        if !Self.isUUID(id) { return WireProblem(error: "not a UUID: '\(id)'", field: "id") }
        if let problem = Self.identifierProblem(kioskId, field: "kioskId") { return problem }
        if seq < 1 { return WireProblem(error: "must be 1 or more, got \(seq)", field: "seq") }
        if reader.isEmpty || Self.isLonger(reader, than: RecordLimits.identifier) {
            return WireProblem(error: "must be 1 to \(RecordLimits.identifier) characters", field: "reader")
        }
        if let uid, (try? TagUID(parsing: uid))?.hex != uid {
            return WireProblem(error: "not an uppercase hex UID of 4, 7 or 10 bytes: '\(uid)'", field: "uid")
        }
        if let studentId, studentId.isEmpty || Self.isLonger(studentId, than: RecordLimits.identifier) {
            return WireProblem(error: "must be 1 to \(RecordLimits.identifier) characters", field: "studentId")
        }
        if let problem = kindProblem() ?? cardProblem() { return problem }
        if occurred == nil { return WireProblem(error: "not an ISO 8601 instant with an offset", field: "occurredAt") }
        if recorded == nil { return WireProblem(error: "not an ISO 8601 instant with an offset", field: "recordedAt") }
        if monotonicNs < 0 { return WireProblem(error: "must be 0 or more, got \(monotonicNs)", field: "monotonicNs") }
        if bootId.isEmpty || Self.isLonger(bootId, than: RecordLimits.identifier) {
            return WireProblem(error: "must be 1 to \(RecordLimits.identifier) characters", field: "bootId")
        }
        if let reason, Self.isLonger(reason, than: RecordLimits.reason) {
            return WireProblem(error: "must be at most \(RecordLimits.reason) characters", field: "reason")
        }
        return controlCharacterProblem()
    }

    private func controlCharacterProblem() -> WireProblem? {
        for (field, value) in [("reader", reader), ("studentId", studentId ?? ""), ("bootId", bootId), ("reason", reason ?? "")] {
            if let control = RecordLimits.controlCharacter(in: value) {
                return WireProblem(error: "contains the control character \(control)", field: field)
            }
        }
        return nil
    }

    /// Whether `text` has more than `limit` characters; a text of at most `limit` bytes has no more characters.
    private static func isLonger(_ text: String, than limit: Int) -> Bool {
        text.utf8.count > limit && text.count > limit
    }

    /// Whether `text` is a UUID as `UUID(uuidString:)` reads one: 8-4-4-4-12 hex digits in either case.
    private static func isUUID(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { utf8 in
            utf8.count == 36
                && utf8.indices.allSatisfy { index in
                    switch index {
                    case 8, 13, 18, 23: utf8[index] == UInt8(ascii: "-")
                    default: utf8[index].isHexDigit
                    }
                }
        }
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
            if outcome != .unknown && outcome != .refused {
                return WireProblem(error: "an unknown event has outcome unknown or refused", field: "outcome")
            }
        }
        if (outcome == .accepted) != (direction != nil) {
            return WireProblem(error: "given exactly when the outcome is accepted", field: "direction")
        }
        return nil
    }

    /// Whether a refusal and a SUN counter fit the event: a refused read names its `CardRefusal` as its reason; only a
    /// card read that went on as a tap carries a counter.
    private func cardProblem() -> WireProblem? {
        if outcome == .refused, CardRefusal(rawValue: reason ?? "") == nil {
            let reasons = CardRefusal.allCases.map(\.rawValue).joined(separator: ", ")
            return WireProblem(error: "a refused read's reason is one of \(reasons), got '\(reason ?? "")'", field: "reason")
        }
        guard let sunCounter else { return nil }
        if kind != .tap || (outcome != .accepted && outcome != .ignored) {
            return WireProblem(error: "only an accepted or ignored tap carries a SUN counter", field: "sunCounter")
        }
        if sunCounter < 0 || sunCounter > 0xFF_FFFF {
            return WireProblem(error: "must be 0 to 16777215 (a 24-bit read counter), got \(sunCounter)", field: "sunCounter")
        }
        return nil
    }

    /// A kiosk id: 1 to 64 ASCII letters, digits, `-`, `_` or `.`.
    public static func identifierProblem(_ text: String, field: String) -> WireProblem? {
        let allowed = text.utf8.allSatisfy { byte in
            byte.isHexDigit || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: ".")
        }
        guard !text.isEmpty, text.utf8.count <= RecordLimits.identifier, allowed else {
            return WireProblem(error: "must be 1 to \(RecordLimits.identifier) letters, digits, '-', '_' or '.'", field: field)
        }
        return nil
    }
}

extension UInt8 {
    /// Whether the byte is an ASCII hex digit, in either case.
    fileprivate var isHexDigit: Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self | 0x20)
    }
}
