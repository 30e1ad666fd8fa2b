public import ArgumentParser
import Foundation
public import KioskCore

/// The options of `kiosk pass create` and `kiosk-hub pass create`, checked the same way by both: every problem is
/// one usage error (64) naming its flag and value.
public struct LeavePassOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The student id.", valueName: "id"))
    var student: String

    @Option(help: ArgumentHelp("When the leave starts (ISO 8601 with offset).", valueName: "time"))
    var from: String

    @Option(help: ArgumentHelp("When the leave ends (ISO 8601 with offset); coming back at this instant is on time.", valueName: "time"))
    var until: String

    @Option(help: ArgumentHelp("Why, e.g. \"home for the weekend\".", valueName: "text"))
    var reason: String

    public init() {}

    /// What a pass does, for the help of both `pass create` commands.
    public static let discussion = """
        A pass covers every instant from --from to --until, both included: the student is then on leave, not absent or \
        not returned, and coming in is not late. The student must be active (else exit 65).
        """

    public func validate() throws {
        do { _ = try request() } catch { throw ValidationError(error.message) }
    }

    /// The pass the options ask for.
    public func request() throws(KioskError) -> LeavePassRequest {
        try LeavePassRequest(studentID: student, from: try instant(from, flag: "--from"), until: try instant(until, flag: "--until"), reason: reason)
    }

    /// What `pass create` prints: a line about the pass, then its id alone on the last line.
    public static func created(_ pass: LeavePass, policy: AttendancePolicy) -> String {
        "leave pass for \(pass.studentID) from \(policy.weekdayAndTime(of: pass.from)) until \(policy.weekdayAndTime(of: pass.until))\n\(pass.id)"
    }

    private func instant(_ text: String, flag: String) throws(KioskError) -> Date {
        do { return try Timestamp.parse(text) } catch { throw KioskError(.usage, "\(flag): \(error.message)") }
    }
}
