import Foundation
import GRDB
import KioskCore
import Testing

@testable import KioskJournal

/// A journal closed cleanly and untouched since opens without reading the whole file again; any change to the file
/// after the close, and any stop that was not clean, means the whole check at the next open.
@Suite struct JournalCleanCloseTests {
    @Test func aCleanCloseIsRecordedAndTakenAwayByTheNextOpen() async throws {
        let fixture = try await JournalFixture().withRoster()
        _ = try await fixture.tap("04A1B2C3", at: "2026-11-21T20:00:00+05:30")
        try fixture.journal.close()
        #expect(FileManager.default.fileExists(atPath: fixture.path + "-closed"))
        #expect(!FileManager.default.fileExists(atPath: fixture.path + "-wal"))
        let reopened = try Journal.open(path: fixture.path, kioskID: "gate-1")
        #expect(!FileManager.default.fileExists(atPath: fixture.path + "-closed"))
        #expect(try await reopened.roster().count == 3)
    }

    @Test func aFileDamagedAfterItsCleanCloseIsStillRefused() async throws {
        let fixture = try await JournalFixture().withRoster()
        let offset = try await fixture.fiveTapsAndTheirIndexPage()
        try fixture.journal.close()
        try fixture.damage(at: offset)
        #expect {
            try Journal.open(path: fixture.path, kioskID: "gate-1")
        } throws: { error in
            (error as? KioskError)?.message.contains("is damaged") == true
        }
    }

    @Test func onlyAFileExactlyAsItsCleanCloseLeftItSkipsTheWholeCheck() async throws {
        let fixture = try await JournalFixture().withRoster()
        let offset = try await fixture.fiveTapsAndTheirIndexPage()
        try fixture.journal.close()
        // Damage an index page and put the modification time back: to the record, the file is as it was closed.
        let modified = try #require(try FileManager.default.attributesOfItem(atPath: fixture.path)[.modificationDate] as? Date)
        var times = try Self.timespecs(fixture.path)
        try fixture.damage(at: offset)
        #expect(utimensat(AT_FDCWD, fixture.path, &times, 0) == 0)
        #expect(try FileManager.default.attributesOfItem(atPath: fixture.path)[.modificationDate] as? Date == modified)
        _ = try Journal.open(path: fixture.path, kioskID: "gate-1")
        // The record was taken away: the next open checks the whole file and finds the damage.
        #expect {
            try Journal.open(path: fixture.path, kioskID: "gate-1")
        } throws: { error in
            (error as? KioskError)?.message.contains("is damaged") == true
        }
    }

    private static func timespecs(_ path: String) throws -> [timespec] {
        var status = stat()
        guard stat(path, &status) == 0 else { throw KioskError(.ioError, "cannot stat \(path)") }
        return [status.st_atim, status.st_mtim]
    }
}
