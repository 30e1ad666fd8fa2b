import Foundation
import KioskCore
import KioskDaemon
import KioskJournal
import KioskPrinting
import Synchronization
import Testing

@Suite struct DayCloseTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("dayclose-\(UUID().uuidString)")
    let rules = AttendanceRules(
        policy: AttendancePolicy(
            timeZone: TimeZone(identifier: "Asia/Kolkata")!,
            dayStartsAt: TimeOfDay(hour: 4, minute: 0)!,
            curfew: TimeOfDay(hour: 22, minute: 30)!
        )
    )
    var reports: String { directory.appendingPathComponent("reports").path }

    func journal() throws -> Journal {
        try Journal.open(path: directory.appendingPathComponent("journal.sqlite").path, kioskID: "gate-1")
    }

    func close(
        _ journal: Journal,
        formats: [ReportFormat] = [.json, .csv],
        printer: (@Sendable (PrintDocument, String) async throws(KioskError) -> Void)? = nil
    ) -> DayClose {
        DayClose(journal: journal, rules: rules, directory: reports, settings: ReportSettings(formats: formats), printer: printer)
    }

    @Test func writesEachFinishedDayOnceAndCatchesUpAfterBeingOff() async throws {
        let journal = try journal()
        let dayClose = close(journal)
        let firstStart = try Timestamp.parse("2026-11-20T10:00:00+05:30")
        #expect(try await dayClose.catchUp(now: firstStart).isEmpty)
        _ = try await journal.importRoster(
            try RosterCSV.parse("student_id,name,room,tag_uid\nS001,Asha,101,04A1B2C3\n", file: "r.csv"),
            file: "r.csv",
            replace: false
        )
        _ = try await journal.record(
            TagRead(uid: try TagUID(parsing: "04A1B2C3"), reader: "t", readerDirection: .toggle, occurredAt: firstStart),
            rules: rules
        )
        let beforeBoundary = try await dayClose.catchUp(now: try Timestamp.parse("2026-11-21T03:59:59+05:30"))
        #expect(beforeBoundary.isEmpty)

        let afterBoundary = try await dayClose.catchUp(now: try Timestamp.parse("2026-11-21T04:00:00+05:30"))
        #expect(afterBoundary.map(\.date.description) == ["2026-11-20"])
        let json = try #require(FileManager.default.contents(atPath: "\(reports)/attendance-2026-11-20.json"))
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        #expect(object["evaluatedAt"] as? String == "2026-11-21T04:00:00+05:30")
        #expect((object["summary"] as? [String: Int])?["notReturned"] == 1)
        #expect(FileManager.default.fileExists(atPath: "\(reports)/attendance-2026-11-20.csv"))
        // Every student's movements: owner-only whatever the umask.
        let mode = { (path: String) in ((try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions]) as? Int).map { $0 & 0o777 } }
        #expect(mode(reports) == 0o700)
        #expect(mode("\(reports)/attendance-2026-11-20.json") == 0o600)

        let restart = try await dayClose.catchUp(now: try Timestamp.parse("2026-11-21T09:00:00+05:30"))
        #expect(restart.isEmpty)

        let offForTwoDays = try await dayClose.catchUp(now: try Timestamp.parse("2026-11-23T12:00:00+05:30"))
        #expect(offForTwoDays.map(\.date.description) == ["2026-11-21", "2026-11-22"])
        #expect(dayClose.nextBoundary(after: try Timestamp.parse("2026-11-23T12:00:00+05:30")) == (try Timestamp.parse("2026-11-24T04:00:00+05:30")))
    }

    @Test func printsTheFinishedDayWhenAskedAndKeepsGoingWhenThePrinterFails() async throws {
        let journal = try journal()
        let printed = Mutex<[String]>([])
        let working = close(journal, formats: [.text]) { document, title throws(KioskError) in
            guard case .page(let html) = document, html.contains("@page") else { throw KioskError(.unavailable, "not an A4 page") }
            printed.withLock { $0.append(title) }
        }
        _ = try await working.catchUp(now: try Timestamp.parse("2026-11-20T10:00:00+05:30"))
        let days = try await working.catchUp(now: try Timestamp.parse("2026-11-21T10:00:00+05:30"))
        #expect(printed.withLock { $0 } == ["Attendance 2026-11-20 gate-1"])
        #expect(days.first?.printProblem == nil)

        let broken = close(journal, formats: [.text]) { _, _ throws(KioskError) in throw KioskError(.unavailable, "no printer configured") }
        let next = try await broken.catchUp(now: try Timestamp.parse("2026-11-22T10:00:00+05:30"))
        #expect(next.first?.printProblem == "no printer configured")
        #expect(FileManager.default.fileExists(atPath: "\(reports)/attendance-2026-11-21.txt"))
    }
}
