import ArgumentParser
import Foundation
import KioskCore
import KioskJournal
import KioskTesting

/// The child of R1: records taps through the journal as the kiosk does (`Journal.record`, one committed
/// transaction each) and acknowledges each on standard output only after its commit, until killed.
struct RecordTapsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record-taps",
        abstract: "Records taps in a journal and acknowledges each on stdout (the child that R1 kills).",
        shouldDisplay: false
    )

    @Option(help: "The journal file.")
    var journal: String

    @Option(help: "How many students' cards to tap in turn (the roster must hold them: FaultRoster).")
    var students: Int = 50

    func run() async throws {
        let journal = try Journal.open(path: journal, kioskID: KeyboardKiosk.kioskID)
        let rules = AttendanceRules(policy: AttendancePolicy(debounceSeconds: 0))
        let output = FileHandle.standardOutput
        output.write(Data("ready\n".utf8))
        var turn = Int.random(in: 0..<students)
        while true {
            turn += 1
            let read = TagRead(uid: try NumberedRoster.card(turn % students), reader: "gate", readerDirection: .toggle, occurredAt: Date())
            let tap = try await journal.record(read, rules: rules)
            output.write(Data("ack \(tap.eventID)\n".utf8))
        }
    }
}
