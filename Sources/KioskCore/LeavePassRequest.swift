public import Foundation

/// What a warden asks for when making a pass, checked the same way on a kiosk and on the hub; errors name the
/// command-line flag at fault.
public struct LeavePassRequest: Sendable, Hashable {
    public let studentID: String
    public let from: Date
    public let until: Date
    public let reason: String

    /// Checks the request: a student id, `from` not after `until`, a reason of one line of plain text. A problem
    /// is a usage error (64) naming its flag and value.
    public init(studentID: String, from: Date, until: Date, reason: String) throws(KioskError) {
        guard !studentID.isEmpty, studentID.count <= RecordLimits.identifier, RecordLimits.controlCharacter(in: studentID) == nil else {
            throw KioskError(.usage, "--student must be a student id of 1-\(RecordLimits.identifier) characters, not '\(studentID)'")
        }
        guard from <= until else {
            throw KioskError(
                .usage,
                "--until \(Timestamp.format(until, in: .gmt)) is before --from \(Timestamp.format(from, in: .gmt)); a pass ends after it starts"
            )
        }
        if reason.trimmingCharacters(in: .whitespaces).isEmpty { throw KioskError(.usage, "--reason must not be empty") }
        if let control = RecordLimits.controlCharacter(in: reason) {
            throw KioskError(.usage, "--reason contains the control character \(control); give one line of plain text")
        }
        if reason.count > RecordLimits.reason {
            throw KioskError(.usage, "--reason has \(reason.count) characters; give at most \(RecordLimits.reason)")
        }
        self.studentID = studentID
        self.from = from
        self.until = until
        self.reason = reason
    }

    /// The pass this request makes, with a new id.
    public func pass(id: String = LeavePass.newID()) -> LeavePass {
        LeavePass(id: id, studentID: studentID, from: from, until: until, reason: reason)
    }
}

extension LeavePass {
    /// A new pass id, short enough to type (`lp-` and 10 characters of a 31-letter alphabet with no look-alikes).
    public static func newID() -> String {
        var generator = SystemRandomNumberGenerator()
        let letters = Array("23456789abcdefghjkmnpqrstuvwxyz")
        return "lp-" + String((0..<10).map { _ in letters.randomElement(using: &generator)! })
    }
}
