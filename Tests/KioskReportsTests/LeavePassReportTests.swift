import Foundation
import KioskCore
import KioskReports
import Testing

/// A student on leave in every report format: S001 went out at 18:00 with a pass until Sunday 18:00.
@Suite struct LeavePassReportTests {
    let report: AttendanceReport

    init() throws {
        report = try ReportFixture.report(passes: [try ReportFixture.pass()])
    }

    @Test func jsonGivesTheStatusTheCountAndThePass() throws {
        let text = ReportRenderer().render(report, as: .json)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let summary = try #require(json["summary"] as? [String: Int])
        #expect(summary["onLeave"] == 1 && summary["notReturned"] == 0)
        let students = try #require(json["students"] as? [[String: Any]])
        #expect(students[0]["status"] as? String == "onLeave")
        let pass = try #require(students[0]["pass"] as? [String: String])
        #expect(
            pass == [
                "id": "lp-weekend", "from": "2026-11-21T17:00:00+05:30", "until": "2026-11-22T18:00:00+05:30", "reason": "home, sister's wedding",
            ]
        )
        #expect(students.dropFirst().allSatisfy { $0["pass"] is NSNull })
        #expect(text.range(of: "\"late\": false,\n      \"pass\"") != nil, "pass comes last in a student's row")
    }

    @Test(arguments: [80, 32])
    func textCountsAndNamesThePass(width: Int) throws {
        let text = ReportRenderer(width: width).render(report, as: .text)
        #expect(text.contains("On leave 1"))
        #expect(text.contains("S001 on leave until Sun 18:00"))
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= width })
    }

    @Test func csvAndHTMLShowThePass() throws {
        let csv = ReportRenderer().render(report, as: .csv)
        #expect(csv.contains("S001,\"Rao, \"\"Ravi\"\"\",101,onLeave,"))
        #expect(csv.contains(",lp-weekend,2026-11-22T18:00:00+05:30,\"home, sister's wedding\"\r\n"))
        #expect(csv.contains("on_leave,1\r\n"))
        let html = ReportRenderer().render(report, as: .html)
        #expect(html.contains("<li>On leave <strong>1</strong></li>"))
        #expect(html.contains("on leave until Sun 18:00 (home, sister&#39;s wedding)"))
    }

    @Test func aStudentInUnderAPassIsNotCalledOnLeave() throws {
        let pass = try ReportFixture.pass()
        let inside = LeavePass(id: "lp-in", studentID: "S002", from: pass.from, until: pass.until, reason: "home")
        let report = try ReportFixture.report(passes: [inside])
        #expect(report.attendance.students.first { $0.student.id == "S002" }?.status == .in)
        #expect(!ReportRenderer().render(report, as: .text).contains("on leave until"))
        #expect(!ReportRenderer().render(report, as: .html).contains("on leave until"))
    }
}
