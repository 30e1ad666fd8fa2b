import Foundation
import KioskCore
import KioskJournal
import KioskTesting

/// A journal in a fresh temporary directory, with a small roster.
struct JournalFixture {
    /// Removed with everything in it when the last copy of the fixture goes away.
    private let scratch: ScratchDirectory
    var directory: URL { scratch.url }
    let journal: Journal
    let rules = AttendanceRules(
        policy: AttendancePolicy(
            timeZone: TimeZone(identifier: "Asia/Kolkata")!,
            dayStartsAt: TimeOfDay(hour: 4, minute: 0)!,
            curfew: TimeOfDay(hour: 22, minute: 30)!,
            debounceSeconds: 10,
            initialState: .in
        )
    )

    var path: String { directory.appendingPathComponent("journal.sqlite").path }

    init() throws {
        scratch = try ScratchDirectory("journal")
        journal = try Journal.open(path: scratch.url.appendingPathComponent("journal.sqlite").path, kioskID: "gate-1")
    }

    /// Imports S001 (two cards), S002, and inactive S003.
    func withRoster() async throws -> JournalFixture {
        let csv = """
            student_id,name,room,tag_uid,status
            S001,Asha Verma,101,04A1B2C3,active
            S001,Asha Verma,101,04A1B2C3D4E5F6,active
            S002,राहुल शर्मा,102,11223344,
            S003,Old Resident,103,55667788,inactive
            """
        _ = try await journal.importRoster(try RosterCSV.parse(csv, file: "roster.csv"), file: "roster.csv", replace: false)
        return self
    }

    func tap(_ uid: String, at time: String, reader: ReaderDirection = .toggle) async throws -> RecordedTap {
        try await journal.record(
            TagRead(uid: try TagUID(parsing: uid), reader: "test", readerDirection: reader, occurredAt: try Timestamp.parse(time)),
            rules: rules
        )
    }
}
