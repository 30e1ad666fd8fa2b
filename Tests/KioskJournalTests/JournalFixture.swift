import Foundation
import GRDB
import KioskCore
import KioskTesting
import Testing

@testable import KioskJournal

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

    /// Five taps of S001, all checkpointed into the file; returns where the `event_time` index's root page starts.
    func fiveTapsAndTheirIndexPage() async throws -> Int {
        for minute in 0..<5 { _ = try await tap("04A1B2C3", at: "2026-11-21T20:0\(minute):30+05:30") }
        return try await journal.writer.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
            let page = try Int.fetchOne(db, sql: "SELECT rootpage FROM sqlite_master WHERE name = 'event_time'") ?? 0
            return (page - 1) * (try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 0)
        }
    }

    /// Overwrites 64 bytes of the journal file at `offset`.
    func damage(at offset: Int) throws {
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        try handle.seek(toOffset: UInt64(offset))
        try handle.write(contentsOf: Data(repeating: 0xFF, count: 64))
        try handle.close()
    }
}
