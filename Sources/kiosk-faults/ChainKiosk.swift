import Foundation
import KioskJournal
import KioskTesting

/// One of R7's kiosks: a journal holding a backlog of its own students' taps, its token, and the fault script of
/// the proxy its pushes go through.
struct ChainKiosk: Sendable {
    let id: String
    let journalPath: String
    let journal: Journal
    /// The students whose taps this kiosk alone records.
    let students: Range<Int>
    let token: String
    let script: FaultScript

    /// Kiosk `gate-(index+1)` in `directory`: `events` taps of its students, a token from `hub`, and `faults`.
    init(index: Int, events: Int, students: Range<Int>, in directory: URL, hub: HubCommands, faults: [Fault]) async throws {
        id = "gate-\(index + 1)"
        let kioskDirectory = directory.appendingPathComponent(id)
        try FileManager.default.createDirectory(at: kioskDirectory, withIntermediateDirectories: true)
        journalPath = kioskDirectory.appendingPathComponent("journal.sqlite").path
        try await Backlog.journal(at: journalPath, kioskID: id, events: events, students: students)
        journal = try Journal.open(path: journalPath, kioskID: id)
        self.students = students
        token = try await hub.createToken(kioskID: id)
        script = FaultScript(faults)
    }
}
