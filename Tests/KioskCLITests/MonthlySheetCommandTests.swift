import Foundation
import Testing

/// `kiosk report --month` and `kiosk-hub report --month` on the built binaries: each day's status as that day's
/// report gives it, late days counted, days after the current one left out.
@Suite struct MonthlySheetCommandTests {
    /// Asha (S001) goes out on 3 Oct and comes back after curfew; Rahul (S002) goes out on 5 Oct and stays out.
    private static func octoberKiosk() throws -> KioskSandbox {
        let kiosk = try KioskSandbox(exitReader: false).withRoster()
        for (uid, at) in [
            ("04A1B2C3", "2026-10-03T10:00:00+05:30"), ("04A1B2C3", "2026-10-03T23:00:00+05:30"), ("11223344", "2026-10-05T09:00:00+05:30"),
        ] {
            let tap = try kiosk.kiosk("tap", "--uid", uid, "--at", at)
            guard tap.status == 0 else { throw CLIError(run: tap) }
        }
        return kiosk
    }

    @Test func theKiosksSheetGivesEachDaysStatusAndCountsLateDays() throws {
        let kiosk = try Self.octoberKiosk()
        let run = try kiosk.kiosk("report", "--month", "2026-10", "--as-of", "2026-11-02T12:00:00+05:30", "--format", "json")
        #expect(run.status == 0)
        let sheet = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(sheet["month"] as? String == "2026-10")
        let students = try #require(sheet["students"] as? [[String: Any]])
        #expect(students.map { $0["studentId"] as? String } == ["S001", "S002"])
        let asha = try #require(students[0]["days"] as? [String: String])
        #expect(asha.count == 31)
        #expect(asha["2026-10-02"] == "in" && asha["2026-10-03"] == "in" && asha["2026-10-04"] == "in")
        #expect(students[0]["late"] as? Int == 1)
        let rahul = try #require(students[1]["days"] as? [String: String])
        #expect(rahul["2026-10-04"] == "in" && rahul["2026-10-05"] == "notReturned" && rahul["2026-10-06"] == "absent")
        #expect(students[1]["late"] as? Int == 0)
    }

    @Test func daysAfterTodayAreLeftOutAndEveryFormatRenders() throws {
        let kiosk = try Self.octoberKiosk()
        let partial = try kiosk.kiosk("report", "--month", "2026-10", "--as-of", "2026-10-05T12:00:00+05:30", "--format", "json")
        let sheet = try #require(try JSONSerialization.jsonObject(with: Data(partial.stdout.utf8)) as? [String: Any])
        let days = try #require((sheet["students"] as? [[String: Any]])?.first?["days"] as? [String: String])
        #expect(days.keys.sorted() == (1...5).map { "2026-10-0\($0)" })
        #expect(days["2026-10-05"] == "in")
        let text = try kiosk.kiosk("report", "--month", "2026-10", "--as-of", "2026-11-02T12:00:00+05:30")
        #expect(text.stdout.contains("MONTHLY SHEET 2026-10 gate-1") && text.stdout.contains(" L ") && text.stdout.contains(" N "))
        let csv = try kiosk.kiosk("report", "--month", "2026-10", "--as-of", "2026-11-02T12:00:00+05:30", "--format", "csv")
        #expect(csv.stdout.hasPrefix("\u{FEFF}student_id,name,room,2026-10-01,"))
        #expect(csv.stdout.contains("S002,") && csv.stdout.contains(",notReturned,absent,"))
        let html = try kiosk.kiosk("report", "--month", "2026-10", "--as-of", "2026-11-02T12:00:00+05:30", "--format", "html")
        #expect(html.stdout.hasPrefix("<!DOCTYPE html>") && html.stdout.contains("<td class=\"notReturned\">N</td>"))
        #expect(try kiosk.kiosk("report", "--month", "2026-13").status == 64)
        #expect(try kiosk.kiosk("report", "--month", "2026-10", "--date", "2026-10-01").status == 64)
    }

    @Test func theHubsSheetCoversEveryGateOfTheProperty() throws {
        let hub = try HubSandbox()
        let roster = try hub.write("roster.csv", "student_id,name,room,tag_uid\nS001,Asha,101,04A1B2C3\n")
        #expect(try hub.hub("roster", "import", roster).status == 0)
        let run = try hub.hub("report", "--month", "2026-10", "--format", "json")
        #expect(run.status == 0)
        let sheet = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let days = try #require((sheet["students"] as? [[String: Any]])?.first?["days"] as? [String: String])
        #expect(days.count == 31)
        #expect(Set(days.values) == ["in"])
        #expect(try hub.hub("report", "--month", "2026-10", "--all").status == 64)
    }
}
