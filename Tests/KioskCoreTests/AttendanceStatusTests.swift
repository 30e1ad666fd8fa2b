import Foundation
import KioskCore
import Testing

/// Statuses on 2026-11-21 in Asia/Kolkata (day 04:00-04:00, curfew 22:30).
@Suite("attendance(): statuses")
struct AttendanceStatusTests {
    let day = Core.date("2026-11-21")

    func status(
        _ log: TapLog,
        at evaluatedAt: Date,
        rules: AttendanceRules = Core.rules(),
        student: String = "S001"
    ) -> AttendanceStatus? {
        rules.attendance(on: day, evaluatedAt: evaluatedAt, students: [Core.student(student)], taps: log.taps, unknownReads: [])
            .row(student)?.status
    }

    @Test("no taps at all: initial_state in gives in, initial_state out gives absent")
    func noTaps() {
        let now = Core.at("2026-11-21", "12:00")
        #expect(status(TapLog(), at: now, rules: Core.rules(initial: .in)) == .in)
        #expect(status(TapLog(), at: now, rules: Core.rules(initial: .out)) == .absent)
    }

    @Test("in: the latest accepted tap before E is in")
    func checkedIn() {
        var log = TapLog()
        log.add("S001", Core.at("2026-11-21", "08:00"), .out)
        log.add("S001", Core.at("2026-11-21", "18:00"), .in)
        #expect(status(log, at: Core.at("2026-11-21", "23:00")) == .in)
    }

    @Test("out: went out today, evaluated before curfew")
    func out() {
        var log = TapLog()
        log.add("S001", Core.at("2026-11-21", "18:00"), .out)
        #expect(status(log, at: Core.at("2026-11-21", "22:29:59")) == .out)
    }

    @Test("notReturned: went out today and E is at or after curfew")
    func notReturned() {
        var log = TapLog()
        log.add("S001", Core.at("2026-11-21", "18:00"), .out)
        #expect(status(log, at: Core.at("2026-11-21", "22:30")) == .notReturned)
        #expect(status(log, at: Core.at("2026-11-21", "22:29:59", ms: 999)) == .out)
        #expect(status(log, at: Core.rules().policy.end(of: day)) == .notReturned)
    }

    @Test("notReturned only when E >= C(D), also with a curfew after midnight")
    func curfewAfterMidnight() {
        let rules = Core.rules(curfew: "01:00")
        var log = TapLog()
        log.add("S001", Core.at("2026-11-21", "23:00"), .out)
        #expect(status(log, at: Core.at("2026-11-21", "23:30"), rules: rules) == .out)
        #expect(status(log, at: Core.at("2026-11-22", "00:59:59"), rules: rules) == .out)
        #expect(status(log, at: Core.at("2026-11-22", "01:00"), rules: rules) == .notReturned)
    }

    @Test("absent: out since yesterday, no tap today")
    func absentSinceYesterday() {
        var log = TapLog()
        log.add("S001", Core.at("2026-11-20", "19:00"), .out)
        #expect(status(log, at: Core.at("2026-11-21", "12:00")) == .absent)
        #expect(status(log, at: Core.at("2026-11-21", "23:00")) == .absent)
        #expect(status(log, at: Core.rules().policy.end(of: day)) == .absent)
    }

    @Test("an out tap just before the day start (03:59:59) still means absent today")
    func outJustBeforeStart() {
        var log = TapLog()
        log.add("S001", Core.at("2026-11-21", "03:59:59"), .out)
        #expect(status(log, at: Core.at("2026-11-21", "23:00")) == .absent)
    }

    @Test("an out tap at exactly the day start counts today")
    func outAtStart() {
        var log = TapLog()
        log.add("S001", Core.at("2026-11-21", "04:00"), .out)
        #expect(status(log, at: Core.at("2026-11-21", "23:00")) == .notReturned)
        #expect(status(log, at: Core.at("2026-11-21", "10:00")) == .out)
    }

    @Test("a tap at E or later is not counted: state is the latest tap strictly before E")
    func tapAtEvaluationInstant() {
        var log = TapLog()
        log.add("S001", Core.at("2026-11-21", "09:00"), .out)
        log.add("S001", Core.at("2026-11-21", "20:00"), .in)
        #expect(status(log, at: Core.at("2026-11-21", "20:00")) == .out)
        #expect(status(log, at: Core.at("2026-11-21", "20:00", ms: 1)) == .in)
    }

    @Test("in after being out since yesterday")
    func backToday() {
        var log = TapLog()
        log.add("S001", Core.at("2026-11-20", "19:00"), .out)
        log.add("S001", Core.at("2026-11-21", "23:10"), .in)
        #expect(status(log, at: Core.at("2026-11-21", "23:00")) == .absent)
        #expect(status(log, at: Core.at("2026-11-21", "23:20")) == .in)
    }

    @Test("in without any tap today when yesterday's last tap was in")
    func inSinceYesterday() {
        var log = TapLog()
        log.add("S001", Core.at("2026-11-20", "21:00"), .in)
        #expect(status(log, at: Core.at("2026-11-21", "23:00"), rules: Core.rules(initial: .out)) == .in)
    }

    @Test("taps of later days do not leak into a past day evaluated at its end")
    func laterDaysIgnored() {
        var log = TapLog()
        log.add("S001", Core.at("2026-11-21", "18:00"), .out)
        log.add("S001", Core.at("2026-11-22", "04:00"), .in)
        log.add("S001", Core.at("2026-11-23", "09:00"), .in)
        let end = Core.rules().policy.evaluationInstant(of: day, now: Core.at("2026-11-25", "10:00"))
        #expect(status(log, at: end) == .notReturned)
    }

    @Test("same-instant taps are ordered by event id: the later-recorded one decides the state")
    func tieBreak() {
        let instant = Core.at("2026-11-21", "10:00")
        let first = AcceptedTap(studentID: "S001", occurredAt: instant, direction: .in, eventID: Core.eventID(5))
        let second = AcceptedTap(studentID: "S001", occurredAt: instant, direction: .out, eventID: Core.eventID(6))
        for taps in [[first, second], [second, first]] {
            let result = Core.rules().attendance(
                on: day,
                evaluatedAt: Core.at("2026-11-21", "12:00"),
                students: [Core.student("S001")],
                taps: taps,
                unknownReads: []
            )
            #expect(result.row("S001")?.status == .out)
        }
    }
}
