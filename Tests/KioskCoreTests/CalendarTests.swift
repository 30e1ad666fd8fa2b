import Foundation
import KioskCore
import Testing

@Suite("Attendance calendar (Asia/Kolkata, day starts 04:00, curfew 22:30)")
struct CalendarTests {
    let policy = Core.policy()
    let day = Core.date("2026-11-21")

    @Test("day D is [D 04:00, D+1 04:00) in the zone")
    func bounds() {
        #expect(policy.start(of: day) == Core.at("2026-11-21", "04:00"))
        #expect(policy.end(of: day) == Core.at("2026-11-22", "04:00"))
        #expect(policy.end(of: day) == policy.start(of: day.next))
        #expect(policy.end(of: day).timeIntervalSince(policy.start(of: day)) == 86_400)
        // 04:00 IST is 22:30 UTC the evening before.
        #expect(policy.start(of: day) == Date(timeIntervalSince1970: 1_795_213_800))
    }

    @Test("a tap at exactly D+1 04:00 belongs to D+1; 03:59:59 belongs to D")
    func halfOpen() {
        #expect(policy.attendanceDay(containing: Core.at("2026-11-22", "04:00")) == day.next)
        #expect(policy.attendanceDay(containing: Core.at("2026-11-22", "03:59:59")) == day)
        #expect(policy.attendanceDay(containing: Core.at("2026-11-22", "03:59:59", ms: 999)) == day)
        #expect(policy.attendanceDay(containing: Core.at("2026-11-21", "04:00")) == day)
        #expect(policy.attendanceDay(containing: Core.at("2026-11-21", "03:59:59")) == day.previous)
    }

    @Test("times after midnight belong to the previous attendance day")
    func afterMidnight() {
        #expect(policy.attendanceDay(containing: Core.at("2026-11-22", "00:00")) == day)
        #expect(policy.attendanceDay(containing: Core.at("2026-11-22", "02:30")) == day)
        #expect(policy.attendanceDay(containing: Core.at("2026-11-21", "23:59:59")) == day)
        #expect(policy.attendanceDay(containing: Core.at("2026-11-21", "12:00")) == day)
    }

    @Test("the attendance day crosses month and year ends")
    func acrossYear() {
        #expect(policy.attendanceDay(containing: Core.at("2027-01-01", "02:00")) == Core.date("2026-12-31"))
        #expect(policy.attendanceDay(containing: Core.at("2027-01-01", "04:00")) == Core.date("2027-01-01"))
        #expect(policy.attendanceDay(containing: Core.at("2026-03-01", "03:00")) == Core.date("2026-02-28"))
        #expect(policy.end(of: Core.date("2026-12-31")) == Core.at("2027-01-01", "04:00"))
    }

    @Test("every instant of a day maps back to that day, at minute steps")
    func everyMinute() {
        let start = policy.start(of: day)
        for minute in stride(from: 0, to: 24 * 60, by: 7) {
            #expect(policy.attendanceDay(containing: start.addingTimeInterval(Double(minute * 60))) == day)
        }
    }

    @Test("curfew at or after the day start is on D itself")
    func curfewSameDay() {
        #expect(policy.curfew(of: day) == Core.at("2026-11-21", "22:30"))
        #expect(Core.policy(curfew: "04:00").curfew(of: day) == policy.start(of: day))
        #expect(Core.policy(curfew: "23:59").curfew(of: day) == Core.at("2026-11-21", "23:59"))
    }

    @Test("curfew before the day start is the next calendar day: curfew 01:00 gives C(D) = D+1 01:00")
    func curfewAfterMidnight() {
        let late = Core.policy(curfew: "01:00")
        #expect(late.curfew(of: day) == Core.at("2026-11-22", "01:00"))
        #expect(late.attendanceDay(containing: late.curfew(of: day)) == day)
        #expect(Core.policy(curfew: "03:59").curfew(of: day) == Core.at("2026-11-22", "03:59"))
        #expect(Core.policy(curfew: "00:00").curfew(of: Core.date("2026-12-31")) == Core.at("2027-01-01", "00:00"))
    }

    @Test("curfew always lies inside its own day", arguments: ["00:00", "01:00", "03:59", "04:00", "12:00", "22:30", "23:59"])
    func curfewInsideDay(curfew: String) {
        let policy = Core.policy(curfew: curfew)
        let instant = policy.curfew(of: day)
        #expect(instant >= policy.start(of: day))
        #expect(instant < policy.end(of: day))
    }

    @Test("evaluationInstant is min(now, end of the day)")
    func evaluationInstant() {
        let end = policy.end(of: day)
        let early = Core.at("2026-11-21", "21:03")
        #expect(policy.evaluationInstant(of: day, now: early) == early)
        #expect(policy.evaluationInstant(of: day, now: end.addingTimeInterval(-0.001)) == end.addingTimeInterval(-0.001))
        #expect(policy.evaluationInstant(of: day, now: end) == end)
        #expect(policy.evaluationInstant(of: day, now: end.addingTimeInterval(3_600)) == end)
        #expect(policy.evaluationInstant(of: day, now: Core.at("2027-05-01", "10:00")) == end)
        // A day that has not started yet is evaluated at now.
        let before = Core.at("2026-11-20", "10:00")
        #expect(policy.evaluationInstant(of: day, now: before) == before)
    }

    @Test("timeOfDay shows HH:MM in the configured zone")
    func timeOfDay() {
        #expect(policy.timeOfDay(of: Core.at("2026-11-21", "21:03:59")) == "21:03")
        #expect(policy.timeOfDay(of: Core.at("2026-11-22", "00:05")) == "00:05")
        #expect(Core.policy(zone: TimeZone(identifier: "UTC")!).timeOfDay(of: Core.at("2026-11-21", "21:03")) == "15:33")
    }

    @Test("the policy calendar is Gregorian in the configured zone")
    func calendar() {
        #expect(policy.calendar.timeZone.identifier == "Asia/Kolkata")
        #expect(policy.calendar.identifier == .gregorian)
    }
}
