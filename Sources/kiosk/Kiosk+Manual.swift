import ArgumentParser
import Foundation
import KioskCore
import KioskDaemon
import KioskJournal

/// `kiosk manual`: a warden's manual entry.
struct ManualCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "manual",
        abstract: "Record a warden's manual check-in or check-out (never debounced).",
        discussion: "The student must be active in the roster (else exit 65). The reason is kept with the record."
    )

    @OptionGroup var options: ConfigOptions

    @Option(help: ArgumentHelp("The student id.", valueName: "id"))
    var student: String

    @Option(help: ArgumentHelp("in or out.", valueName: "direction"))
    var direction: Direction

    @Option(help: ArgumentHelp("When it happened (ISO 8601 with offset); default now.", valueName: "time"))
    var at: InstantArgument?

    @Option(help: ArgumentHelp("Why the entry is manual, e.g. \"forgot card\".", valueName: "text"))
    var reason: String

    func validate() throws {
        if reason.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError("--reason must not be empty") }
        if let control = RecordLimits.controlCharacter(in: reason) {
            throw ValidationError("--reason contains the control character \(control); give one line of plain text")
        }
        if reason.count > RecordLimits.reason {
            throw ValidationError("--reason has \(reason.count) characters; give at most \(RecordLimits.reason)")
        }
    }

    func run() async throws {
        let (configuration, journal) = try options.openJournal()
        let recorded = try await journal.recordManual(
            studentID: student,
            direction: direction,
            at: at?.date ?? WallClock.system.now(),
            reason: reason
        )
        print(TapLine(recorded, policy: configuration.attendance).text + " — manual: \(reason)")
    }
}
