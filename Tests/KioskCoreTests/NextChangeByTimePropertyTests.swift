import Foundation
import KioskCore
import PropertyBased
import Testing

@Suite("AttendanceFacts.nextChangeByTime: properties over random rosters, reads and passes")
struct NextChangeByTimePropertyTests {
    @Test("nothing of the day changes before the instant it names, with no new fact")
    func nothingChangesBefore() async {
        let offsets = zip(Gen.int(in: 0...(25 * 3_600)), Gen.int(in: 1...999))
        await propertyCheck(count: 300, input: PropertyScenario.withPassesGen, offsets) { drawn, offsets in
            let (scenario, simulator, passes) = PropertyScenario.withPasses(drawn)
            let now = scenario.start.addingTimeInterval(Double(offsets.0))
            // What a page computed at `now` holds: the reads before it.
            let facts = AttendanceFacts(
                students: scenario.students,
                taps: simulator.accepted.filter { $0.occurredAt < now },
                unknownReads: simulator.unknownReads.filter { $0.occurredAt < now },
                passes: passes,
                unsynchronisedClockReads: 0
            )
            guard let next = facts.nextChangeByTime(of: scenario.day, after: now, policy: scenario.policy) else {
                #expect(now >= scenario.end)
                return
            }
            #expect(next > now && next <= scenario.end)
            // An instant strictly between `now` and `next`, drawn in thousandths of the interval.
            let between = now.addingTimeInterval(next.timeIntervalSince(now) * Double(offsets.1) / 1000)
            guard between > now, between < next else { return }
            let atNow = facts.attendance(on: scenario.day, evaluatedAt: now, rules: scenario.rules)
            let later = facts.attendance(on: scenario.day, evaluatedAt: between, rules: scenario.rules)
            #expect(atNow.summary == later.summary)
            #expect(atNow.students == later.students)
            #expect(atNow.unknownTags == later.unknownTags)
        }
    }

    @Test("the curfew and a pass's end are such instants")
    func curfewAndPassEnd() throws {
        let policy = AttendancePolicy(timeZone: .gmt)
        let day = policy.attendanceDay(containing: Date(timeIntervalSince1970: 1_763_700_000))
        let start = policy.start(of: day)
        let (from, until) = (start.addingTimeInterval(3600), start.addingTimeInterval(7200))
        let pass = LeavePass(id: "lp-1", studentID: "S001", from: from, until: until, reason: "home")
        let facts = AttendanceFacts(students: [], taps: [], unknownReads: [], passes: [pass], unsynchronisedClockReads: 0)
        #expect(facts.nextChangeByTime(of: day, after: start, policy: policy) == pass.from)
        // The pass covers its end; the instant named after it is the first one it no longer covers, whatever the
        // precision of the instant evaluated (a run found a page evaluated exactly at the end, and a student absent a
        // microsecond later, before the instant then named: a millisecond after the end).
        let justAfterPass = Date(timeIntervalSinceReferenceDate: pass.until.timeIntervalSinceReferenceDate.nextUp)
        #expect(pass.covers(pass.until) && !pass.covers(justAfterPass))
        #expect(facts.nextChangeByTime(of: day, after: pass.from, policy: policy) == justAfterPass)
        #expect(facts.nextChangeByTime(of: day, after: pass.until, policy: policy) == justAfterPass)
        let afterPass = pass.until.addingTimeInterval(1)
        #expect(facts.nextChangeByTime(of: day, after: afterPass, policy: policy) == policy.curfew(of: day))
        #expect(facts.nextChangeByTime(of: day, after: policy.curfew(of: day), policy: policy) == policy.end(of: day))
        #expect(facts.nextChangeByTime(of: day, after: policy.end(of: day), policy: policy) == nil)
    }
}
