import Foundation
import KioskCore
import Testing

@Suite("Attendance calendar across daylight-saving changes (Europe/London)")
struct DSTCalendarTests {
    let london = Core.policy(zone: Core.london)

    @Test("the spring-forward day is 23 hours long")
    func springForward() {
        // Clocks go from 01:00 GMT to 02:00 BST on 2026-03-29.
        let day = Core.date("2026-03-28")
        #expect(london.start(of: day) == Core.at("2026-03-28", "04:00", in: Core.london))
        #expect(london.end(of: day).timeIntervalSince(london.start(of: day)) == 23 * 3_600)
        #expect(london.end(of: day.next).timeIntervalSince(london.start(of: day.next)) == 24 * 3_600)
        #expect(london.attendanceDay(containing: london.end(of: day).addingTimeInterval(-1)) == day)
        #expect(london.attendanceDay(containing: london.end(of: day)) == day.next)
    }

    @Test("the fall-back day is 25 hours long")
    func fallBack() {
        // Clocks go from 02:00 BST to 01:00 GMT on 2026-10-25.
        let day = Core.date("2026-10-24")
        #expect(london.end(of: day).timeIntervalSince(london.start(of: day)) == 25 * 3_600)
        #expect(london.attendanceDay(containing: london.end(of: day).addingTimeInterval(-1)) == day)
        #expect(london.attendanceDay(containing: london.end(of: day)) == day.next)
        // Both 01:30s of the repeated hour belong to the 24th.
        let firstOneThirty = Core.at("2026-10-25", "00:30", in: TimeZone(identifier: "UTC")!)
        #expect(london.attendanceDay(containing: firstOneThirty) == day)
        #expect(london.attendanceDay(containing: firstOneThirty.addingTimeInterval(3_600)) == day)
    }

    @Test(
        "day starts inside the skipped or repeated hour still give ordered days",
        arguments: ["00:00", "00:30", "01:00", "01:30", "02:00", "02:30", "04:00", "23:30"]
    )
    func awkwardDayStarts(dayStartsAt: String) {
        let policy = Core.policy(zone: Core.london, dayStartsAt: dayStartsAt, curfew: "01:30")
        for anchor in ["2026-03-24", "2026-10-20"] {
            var day = Core.date(anchor)
            for _ in 0..<10 {
                let start = policy.start(of: day)
                let end = policy.end(of: day)
                let hours = end.timeIntervalSince(start) / 3_600
                #expect(hours >= 23 && hours <= 25, "\(day) at \(dayStartsAt): \(hours) h")
                #expect(policy.attendanceDay(containing: start) == day, "\(day) at \(dayStartsAt)")
                #expect(policy.attendanceDay(containing: end.addingTimeInterval(-1)) == day, "\(day) at \(dayStartsAt)")
                #expect(policy.attendanceDay(containing: policy.curfew(of: day)) == day || day == Core.date("2026-03-28"))
                day = day.next
            }
        }
    }

    @Test("a whole year of London days tiles time without gaps or overlaps")
    func wholeYear() {
        var day = Core.date("2026-01-01")
        var total = 0.0
        var lengths: [Double: Int] = [:]
        while day < Core.date("2027-01-01") {
            let length = london.end(of: day).timeIntervalSince(london.start(of: day))
            lengths[length, default: 0] += 1
            total += length
            #expect(london.attendanceDay(containing: london.start(of: day)) == day)
            #expect(london.attendanceDay(containing: london.start(of: day).addingTimeInterval(-0.5)) == day.previous)
            day = day.next
        }
        #expect(total == 365 * 86_400)
        #expect(lengths == [86_400: 363, 82_800: 1, 90_000: 1])
    }

    @Test("C(D) lies inside day D even when the curfew wall time is skipped by the spring-forward change")
    func curfewInSkippedHour() {
        // Day starts 02:00, curfew 01:30, so C(2026-03-28) is 2026-03-29 01:30, a wall time London skips
        // (01:00 GMT -> 02:00 BST). The day ends at 2026-03-29 02:00 BST = 01:00 UTC.
        let policy = Core.policy(zone: Core.london, dayStartsAt: "02:00", curfew: "01:30")
        let day = Core.date("2026-03-28")
        let curfew = policy.curfew(of: day)
        #expect(curfew >= policy.start(of: day))
        #expect(curfew <= policy.end(of: day), "C(D) = \(curfew), end of D = \(policy.end(of: day))")
        // A student who went out at 23:00 and never came back must be notReturned in D's final report.
        var log = TapLog()
        log.add("S001", Core.at("2026-03-28", "23:00", in: Core.london), .out)
        let result = AttendanceRules(policy: policy).attendance(
            on: day,
            evaluatedAt: policy.end(of: day),
            students: [Core.student("S001")],
            taps: log.taps,
            unknownReads: []
        )
        #expect(result.row("S001")?.status == .notReturned)
    }
}
