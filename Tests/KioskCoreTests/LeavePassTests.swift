import Foundation
import KioskCore
import Testing

/// Leave passes on 2026-11-21 in Asia/Kolkata (day 04:00-04:00, curfew 22:30).
@Suite("leave passes: covers, onLeave and late")
struct LeavePassTests {
    let day = Core.date("2026-11-21")
    let rules = Core.rules(initial: .in)

    func pass(_ student: String = "S001", from: Date, until: Date, id: String = "lp-1") -> LeavePass {
        LeavePass(id: id, studentID: student, from: from, until: until, reason: "home")
    }

    func row(_ log: TapLog, at evaluatedAt: Date, passes: [LeavePass], rules: AttendanceRules? = nil, student: String = "S001") -> StudentAttendance?
    {
        (rules ?? self.rules).attendance(
            on: day,
            evaluatedAt: evaluatedAt,
            students: [Core.student("S001"), Core.student("S002")],
            taps: log.taps,
            unknownReads: [],
            passes: passes
        ).students.first { $0.student.id == student }
    }

    @Test("a pass covers both of its ends and nothing outside them")
    func coversIsClosed() {
        let from = Core.at("2026-11-21", "17:00")
        let until = Core.at("2026-11-22", "18:00")
        let pass = pass(from: from, until: until)
        #expect(pass.covers(from) && pass.covers(until) && pass.covers(Core.at("2026-11-22", "03:00")))
        #expect(!pass.covers(from.addingTimeInterval(-0.001)) && !pass.covers(until.addingTimeInterval(0.001)))
        #expect([pass].covering(until, studentID: "S001") == pass)
        #expect([pass].covering(until, studentID: "S002") == nil)
    }

    @Test("onLeave takes precedence over notReturned, out and absent, never over in")
    func onLeavePrecedence() {
        let leave = [pass(from: Core.at("2026-11-21", "17:00"), until: Core.at("2026-11-22", "18:00"))]
        var log = TapLog()
        log.add("S001", Core.at("2026-11-21", "18:00"), .out)
        #expect(row(log, at: Core.at("2026-11-21", "23:00"), passes: leave)?.status == .onLeave)
        #expect(row(log, at: Core.at("2026-11-21", "20:00"), passes: leave)?.status == .onLeave)
        #expect(row(log, at: Core.at("2026-11-21", "23:00"), passes: [])?.status == .notReturned)
        var absent = TapLog()
        absent.add("S001", Core.at("2026-11-20", "18:00"), .out)
        #expect(row(absent, at: Core.at("2026-11-21", "23:00"), passes: leave)?.status == .onLeave)
        #expect(row(absent, at: Core.at("2026-11-21", "12:00"), passes: leave)?.status == .absent, "the pass starts at 17:00")
        #expect(row(TapLog(), at: Core.at("2026-11-21", "23:00"), passes: leave)?.status == .in)
        #expect(row(log, at: Core.at("2026-11-21", "23:00"), passes: leave, student: "S002")?.status == .in)
    }

    @Test("the report row carries the pass covering E, and only that one")
    func rowCarriesThePass() {
        let early = pass(from: Core.at("2026-11-21", "06:00"), until: Core.at("2026-11-21", "09:00"), id: "lp-early")
        let late = pass(from: Core.at("2026-11-21", "17:00"), until: Core.at("2026-11-22", "18:00"), id: "lp-late")
        var log = TapLog()
        log.add("S001", Core.at("2026-11-21", "07:00"), .out)
        #expect(row(log, at: Core.at("2026-11-21", "08:00"), passes: [early, late])?.pass == early)
        #expect(row(log, at: Core.at("2026-11-21", "12:00"), passes: [early, late])?.pass == nil)
        #expect(row(log, at: Core.at("2026-11-21", "12:00"), passes: [early, late])?.status == .out)
        #expect(row(log, at: Core.at("2026-11-21", "23:00"), passes: [early, late])?.pass == late)
    }

    @Test("coming back exactly at until is on time; a millisecond later is late")
    func returningAtUntilIsOnTime() {
        let until = Core.at("2026-11-21", "23:00")
        let leave = [pass(from: Core.at("2026-11-21", "17:00"), until: until)]
        for (back, late) in [(until, false), (until.addingTimeInterval(0.001), true), (Core.at("2026-11-21", "22:45"), false)] {
            var log = TapLog()
            log.add("S001", Core.at("2026-11-21", "18:00"), .out)
            log.add("S001", back, .in)
            let result = row(log, at: Core.at("2026-11-21", "23:30"), passes: leave)
            #expect(result?.late == late, "back at \(back)")
            #expect(result?.status == .in && result?.pass == nil)
        }
    }

    @Test("a pass that covers the in tap but not E still excuses the lateness")
    func lateOnlyForUncoveredInTaps() {
        var log = TapLog()
        log.add("S001", Core.at("2026-11-21", "18:00"), .out)
        log.add("S001", Core.at("2026-11-21", "23:00"), .in)
        log.add("S001", Core.at("2026-11-21", "23:30"), .out)
        log.add("S001", Core.at("2026-11-22", "01:00"), .in)
        let first = [pass(from: Core.at("2026-11-21", "17:00"), until: Core.at("2026-11-21", "23:00"))]
        #expect(row(log, at: Core.at("2026-11-22", "02:00"), passes: first)?.late == true, "the 01:00 return is not covered")
        let both = first + [pass(from: Core.at("2026-11-21", "23:15"), until: Core.at("2026-11-22", "01:00"), id: "lp-2")]
        #expect(row(log, at: Core.at("2026-11-22", "02:00"), passes: both)?.late == false)
    }

    @Test("the summary counts onLeave and the five statuses add up to the total")
    func summaryCounts() {
        var log = TapLog()
        log.add("S001", Core.at("2026-11-21", "18:00"), .out)
        log.add("S002", Core.at("2026-11-21", "18:00"), .out)
        let leave = [pass(from: Core.at("2026-11-21", "17:00"), until: Core.at("2026-11-22", "18:00"))]
        let summary = rules.attendance(
            on: day,
            evaluatedAt: Core.at("2026-11-21", "23:00"),
            students: [Core.student("S001"), Core.student("S002")],
            taps: log.taps,
            unknownReads: [],
            passes: leave
        ).summary
        #expect(summary.onLeave == 1 && summary.notReturned == 1 && summary.total == 2)
        #expect(summary.checkedIn + summary.checkedOut + summary.notReturned + summary.absent + summary.onLeave == summary.total)
    }

    @Test("a request refuses a pass ending before it starts and an empty reason, naming the flag")
    func requestValidation() {
        let from = Core.at("2026-11-21", "17:00")
        let backwards = #expect(throws: KioskError.self) {
            try LeavePassRequest(studentID: "S001", from: from, until: from.addingTimeInterval(-1), reason: "x")
        }
        #expect(backwards?.category == .usage && backwards?.message.contains("--until") == true)
        let empty = #expect(throws: KioskError.self) { try LeavePassRequest(studentID: "S001", from: from, until: from, reason: "  ") }
        #expect(empty?.category == .usage && empty?.message.contains("--reason") == true)
        #expect((try? LeavePassRequest(studentID: "S001", from: from, until: from, reason: "a day trip"))?.pass().id.hasPrefix("lp-") == true)
    }

    @Test("the kiosk's leave note names the weekday and time of until in the configured zone")
    func leaveNote() {
        let leave = pass(from: Core.at("2026-11-21", "17:00"), until: Core.at("2026-11-22", "18:00"))
        #expect(leave.leaveNote(rules.policy) == "on leave until Sun 18:00")
    }
}
