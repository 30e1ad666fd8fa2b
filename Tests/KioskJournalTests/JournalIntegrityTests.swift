import Foundation
import GRDB
import KioskCore
import Testing

@testable import KioskJournal

/// The journal is the only copy of unsynced taps: a damaged or truncated one is refused, never re-initialised or
/// repaired; commands that only read never write to it; and it is readable by its owner only.
@Suite struct JournalIntegrityTests {
    @Test func anEmptyJournalFileIsRefusedNotReinitialised() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("empty-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("journal.sqlite").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        #expect {
            try Journal.open(path: path, kioskID: "gate-1")
        } throws: { error in
            (error as? KioskError)?.category == .ioError && (error as? KioskError)?.message.contains("is empty") == true
        }
        #expect(FileManager.default.contents(atPath: path)?.isEmpty == true)
    }

    @Test func aJournalWithADamagedIndexIsRefusedAndLeftAsItWas() async throws {
        let fixture = try await JournalFixture().withRoster()
        try fixture.damage(at: try await fixture.fiveTapsAndTheirIndexPage())
        let damaged = FileManager.default.contents(atPath: fixture.path)
        #expect {
            try Journal.open(path: fixture.path, kioskID: "gate-1")
        } throws: { error in
            guard let error = error as? KioskError else { return false }
            return error.category == .ioError && error.message.contains("is damaged") && error.message.contains(".recover")
        }
        #expect(FileManager.default.contents(atPath: fixture.path) == damaged)
    }

    @Test func readingCommandsWriteNothingToTheJournal() async throws {
        let fixture = try await JournalFixture().withRoster()
        _ = try await fixture.tap("04A1B2C3", at: "2026-11-21T20:00:00+05:30")
        try await fixture.journal.writer.writeWithoutTransaction { try $0.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
        let before = FileManager.default.contents(atPath: fixture.path)
        let reader = try Journal.open(path: fixture.path, kioskID: "gate-1", for: .reading)
        let day = try #require(AttendanceDate(parsing: "2026-11-21"))
        let report = try await reader.report(on: day, evaluatedAt: fixture.rules.policy.end(of: day), rules: fixture.rules)
        #expect(report.attendance.summary.total == 2)
        #expect(try await reader.roster().count == 3)
        await #expect(throws: KioskError.self) { try await reader.enroll(uid: try TagUID(parsing: "0A0B0C0D"), studentID: "S002") }
        #expect(FileManager.default.contents(atPath: fixture.path) == before)
    }

    @Test func theJournalAndItsDirectoryAreTheOwnersOnly() async throws {
        let previous = umask(0o022)
        defer { umask(previous) }
        let fixture = try JournalFixture()
        let data = fixture.directory.appendingPathComponent("data").path
        let journal = try Journal.open(path: data + "/journal.sqlite", kioskID: "gate-1")
        _ = try await journal.importRoster(
            try RosterCSV.parse("student_id,name,room,tag_uid\nS1,A,1,04A1B2C3\n", file: "r.csv"),
            file: "r.csv",
            replace: false
        )
        let mode = { (path: String) in ((try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions]) as? Int).map { $0 & 0o777 } }
        #expect(mode(data) == 0o700)
        #expect(mode(data + "/journal.sqlite") == 0o600)
        #expect(mode(data + "/journal.sqlite-wal") == 0o600)
    }
}
