import Foundation
import KioskCore
import Testing

@Suite("attendance(): taps, late, firstIn/lastOut, roster and summary")
struct AttendanceCountsTests {
    let day = Core.date("2026-11-21")
    let rules = Core.rules()

    func attendance(_ log: TapLog, at evaluatedAt: Date, students: [Student], rules: AttendanceRules? = nil) -> DailyAttendance {
        (rules ?? self.rules).attendance(on: day, evaluatedAt: evaluatedAt, students: students, taps: log.taps, unknownReads: [])
    }

    @Test("taps counts accepted taps in [start, E), with firstIn and lastOut")
    func severalTaps() throws {
        var log = TapLog()
        log.add("S001", Core.at("2026-11-21", "03:59:59"), .in)  // yesterday
        log.add("S001", Core.at("2026-11-21", "04:00"), .out)
        log.add("S001", Core.at("2026-11-21", "09:00"), .in)
        log.add("S001", Core.at("2026-11-21", "13:00"), .out)
        log.add("S001", Core.at("2026-11-21", "17:00"), .in)
        log.add("S001", Core.at("2026-11-21", "21:00"), .out)
        log.add("S001", Core.at("2026-11-21", "23:00"), .in)  // at E: excluded
        log.add("S001", Core.at("2026-11-22", "05:00"), .out)  // tomorrow
        let row = try #require(attendance(log, at: Core.at("2026-11-21", "23:00"), students: [Core.student("S001")]).row("S001"))
        #expect(row.taps == 5)
        #expect(row.firstIn == Core.at("2026-11-21", "09:00"))
        #expect(row.lastOut == Core.at("2026-11-21", "21:00"))
        #expect(row.status == .notReturned)
        #expect(!row.late)
    }

    @Test("firstIn and lastOut are nil when there is no such tap today")
    func nilFirstInLastOut() throws {
        var log = TapLog()
        log.add("S001", Core.at("2026-11-20", "09:00"), .in)
        log.add("S001", Core.at("2026-11-20", "20:00"), .out)
        log.add("S002", Core.at("2026-11-21", "10:00"), .out)
        log.add("S003", Core.at("2026-11-21", "10:00"), .in)
        let result = attendance(log, at: Core.at("2026-11-21", "12:00"), students: ["S001", "S002", "S003"].map { Core.student($0) })
        let s1 = try #require(result.row("S001"))
        #expect(s1.firstIn == nil && s1.lastOut == nil && s1.taps == 0)
        let s2 = try #require(result.row("S002"))
        #expect(s2.firstIn == nil && s2.lastOut == Core.at("2026-11-21", "10:00") && s2.taps == 1)
        let s3 = try #require(result.row("S003"))
        #expect(s3.firstIn == Core.at("2026-11-21", "10:00") && s3.lastOut == nil && s3.taps == 1)
    }

    @Test("late only for in taps in [C(D), E)")
    func late() throws {
        var log = TapLog()
        log.add("S001", Core.at("2026-11-21", "22:29:59"), .in)  // before curfew: not late
        log.add("S002", Core.at("2026-11-21", "22:30"), .in)  // at curfew: late
        log.add("S003", Core.at("2026-11-21", "23:00"), .out)  // an out tap after curfew is not late
        log.add("S004", Core.at("2026-11-22", "02:00"), .in)  // late, but evaluated before it
        let students = ["S001", "S002", "S003", "S004"].map { Core.student($0) }
        let midnight = attendance(log, at: Core.at("2026-11-22", "00:00"), students: students)
        #expect(midnight.row("S001")?.late == false)
        #expect(midnight.row("S002")?.late == true)
        #expect(midnight.row("S003")?.late == false)
        #expect(midnight.row("S004")?.late == false)
        #expect(midnight.summary.late == 1)
        let end = attendance(log, at: rules.policy.end(of: day), students: students)
        #expect(end.row("S004")?.late == true)
        #expect(end.summary.late == 2)
    }

    @Test("late stays true after going out again, and is false for an in tap after curfew of yesterday")
    func lateDetails() {
        var log = TapLog()
        log.add("S001", Core.at("2026-11-21", "23:00"), .in)
        log.add("S001", Core.at("2026-11-21", "23:30"), .out)
        log.add("S002", Core.at("2026-11-21", "01:00"), .in)  // yesterday's attendance day
        let result = attendance(log, at: Core.at("2026-11-22", "01:00"), students: [Core.student("S001"), Core.student("S002")])
        #expect(result.row("S001")?.late == true)
        #expect(result.row("S001")?.status == .notReturned)
        #expect(result.row("S002")?.late == false)
    }

    @Test("with curfew 01:00 an in tap at 23:00 is not late but one at 01:30 is")
    func lateAfterMidnightCurfew() {
        let rules = Core.rules(curfew: "01:00")
        var log = TapLog()
        log.add("S001", Core.at("2026-11-21", "23:00"), .in)
        log.add("S002", Core.at("2026-11-22", "01:30"), .in)
        let result = attendance(log, at: rules.policy.end(of: day), students: [Core.student("S001"), Core.student("S002")], rules: rules)
        #expect(result.row("S001")?.late == false)
        #expect(result.row("S002")?.late == true)
    }

    @Test("inactive students are left out of the rows and every count")
    func inactiveExcluded() {
        var log = TapLog()
        log.add("S002", Core.at("2026-11-21", "10:00"), .out)
        let students = [Core.student("S001"), Core.student("S002", .inactive), Core.student("S003")]
        let result = attendance(log, at: Core.at("2026-11-21", "23:00"), students: students)
        #expect(result.students.map(\.student.id) == ["S001", "S003"])
        #expect(result.summary.total == 2)
        #expect(result.summary.checkedIn == 2)
        #expect(result.summary.notReturned == 0)
    }

    @Test("students are sorted by id whatever the roster order")
    func sorted() {
        let ids = ["S010", "S002", "A100", "S001", "S0011"]
        let result = attendance(TapLog(), at: Core.at("2026-11-21", "12:00"), students: ids.map { Core.student($0) })
        #expect(result.students.map(\.student.id) == ids.sorted())
        #expect(result.students.first?.student.name == "Name A100")
    }

    @Test("summary counts each status, and the result carries date, policy and E")
    func summary() {
        var log = TapLog()
        log.add("S002", Core.at("2026-11-21", "09:00"), .out)  // notReturned at 23:00
        log.add("S003", Core.at("2026-11-20", "20:00"), .out)  // absent
        log.add("S004", Core.at("2026-11-21", "09:00"), .out)
        log.add("S004", Core.at("2026-11-21", "22:45"), .in)  // in, late
        log.add("S005", Core.at("2026-11-20", "20:00"), .out)  // absent
        let students = (1...6).map { Core.student("S00\($0)") }
        let evaluatedAt = Core.at("2026-11-21", "23:00")
        let result = attendance(log, at: evaluatedAt, students: students)
        #expect(result.summary.total == 6)
        #expect(result.summary.checkedIn == 3)  // S001, S004, S006
        #expect(result.summary.checkedOut == 0)
        #expect(result.summary.notReturned == 1)
        #expect(result.summary.absent == 2)
        #expect(result.summary.late == 1)
        #expect(result.date == day)
        #expect(result.evaluatedAt == evaluatedAt)
        #expect(result.policy == rules.policy)
        #expect(result.unknownTags.isEmpty)
    }

    @Test("checkedOut counts out students before curfew")
    func checkedOutCount() {
        var log = TapLog()
        log.add("S001", Core.at("2026-11-21", "09:00"), .out)
        log.add("S002", Core.at("2026-11-21", "10:00"), .out)
        let result = attendance(log, at: Core.at("2026-11-21", "12:00"), students: [Core.student("S001"), Core.student("S002")])
        #expect(result.summary.checkedOut == 2)
        #expect(result.summary.checkedIn == 0)
    }

    @Test("taps of students not on the roster change nothing")
    func strangersIgnored() {
        var log = TapLog()
        log.add("S999", Core.at("2026-11-21", "09:00"), .out)
        let result = attendance(log, at: Core.at("2026-11-21", "12:00"), students: [Core.student("S001")])
        #expect(result.students.count == 1)
        #expect(result.summary.checkedIn == 1)
    }

    @Test("an empty roster gives an empty, all-zero report")
    func emptyRoster() {
        let result = attendance(TapLog(), at: Core.at("2026-11-21", "12:00"), students: [])
        #expect(result.students.isEmpty)
        #expect(result.summary.total == 0 && result.summary.checkedIn == 0 && result.summary.absent == 0)
    }
}
