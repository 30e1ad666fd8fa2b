import Foundation
import GRDB
import KioskCore
import Testing

@testable import KioskJournal

@Suite struct JournalOpeningTests {
    @Test func createsAWALJournalWithFullSynchronous() async throws {
        let fixture = try JournalFixture()
        let mode = try await fixture.journal.writer.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") }
        let synchronous = try await fixture.journal.writer.write { try Int.fetchOne($0, sql: "PRAGMA synchronous") }
        #expect(mode == "wal")
        #expect(synchronous == 2)
        #expect(FileManager.default.fileExists(atPath: fixture.path))
    }

    @Test func keepsAGatesSmallPageCachesOnEveryConnection() async throws {
        let fixture = try JournalFixture()
        let writer = try await fixture.journal.writer.write { try Int.fetchOne($0, sql: "PRAGMA cache_size") }
        let reader = try await fixture.journal.writer.read { try Int.fetchOne($0, sql: "PRAGMA cache_size") }
        #expect(writer == -512)
        #expect(reader == -512)
        let pool = try #require(fixture.journal.writer as? DatabasePool)
        #expect(pool.configuration.maximumReaderCount == 2)
    }

    @Test func reopeningKeepsTheRecords() async throws {
        let fixture = try await JournalFixture().withRoster()
        _ = try await fixture.tap("04A1B2C3", at: "2026-11-21T20:00:00+05:30")
        let reopened = try Journal.open(path: fixture.path, kioskID: "gate-1")
        let roster = try await reopened.roster()
        #expect(roster.map(\.student.id) == ["S001", "S002", "S003"])
        let count = try await reopened.writer.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM event") }
        #expect(count == 1)
    }

    @Test func refusesAFileThatIsNotSQLiteAndLeavesItAlone() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("notdb-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("journal.sqlite").path
        let garbage = Data(repeating: 0x5A, count: 8192)
        try garbage.write(to: URL(fileURLWithPath: path))
        #expect {
            try Journal.open(path: path, kioskID: "gate-1")
        } throws: { error in
            (error as? KioskError)?.category == .ioError && "\(error)".contains(path)
        }
        #expect(FileManager.default.contents(atPath: path) == garbage)
    }

    @Test func refusesAnotherProgramsDatabase() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("other-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("journal.sqlite").path
        try DatabaseQueue(path: path).write { try $0.execute(sql: "CREATE TABLE invoices (id INTEGER)") }
        let before = FileManager.default.contents(atPath: path)
        #expect {
            try Journal.open(path: path, kioskID: "gate-1")
        } throws: { error in
            (error as? KioskError)?.message.contains("another program") == true
        }
        #expect(FileManager.default.contents(atPath: path) == before)
        let tables = try DatabaseQueue(path: path).read { try String.fetchAll($0, sql: "SELECT name FROM sqlite_master") }
        #expect(tables == ["invoices"])
    }

    @Test func refusesAJournalFromANewerSchema() async throws {
        let fixture = try JournalFixture()
        try await fixture.journal.writer.write { try $0.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99')") }
        #expect {
            try Journal.open(path: fixture.path, kioskID: "gate-1")
        } throws: { error in
            (error as? KioskError)?.message.contains("newer version") == true
        }
    }
}
