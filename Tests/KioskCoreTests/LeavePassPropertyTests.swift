import Foundation
import KioskCore
import PropertyBased
import Testing

@Suite("attendance() with leave passes: properties over random rosters, reads and passes")
struct LeavePassPropertyTests {
    @Test("the five statuses partition the active roster, and each row follows the contract")
    func partition() async {
        await propertyCheck(count: 300, input: PropertyScenario.withPassesGen, Gen.int(in: 0...(27 * 3_600))) { drawn, nowOffset in
            let (scenario, simulator, passes) = PropertyScenario.withPasses(drawn)
            let curfew = scenario.policy.curfew(of: scenario.day)
            let now = scenario.policy.evaluationInstant(of: scenario.day, now: scenario.start.addingTimeInterval(Double(nowOffset)))
            for evaluatedAt in [now, curfew, scenario.end] + passes.flatMap({ [$0.from, $0.until] }) where evaluatedAt <= scenario.end {
                let result = scenario.attendance(simulator, at: evaluatedAt, passes: passes)
                let summary = result.summary
                #expect(summary.checkedIn + summary.checkedOut + summary.notReturned + summary.absent + summary.onLeave == summary.total)
                #expect(summary.total == scenario.activeIDs.count)
                #expect(summary.onLeave == result.students.count { $0.status == .onLeave })
                #expect(summary.late == result.students.count(where: \.late))
                for row in result.students {
                    let expected = ExpectedRow(
                        id: row.student.id,
                        taps: simulator.accepted,
                        passes: passes,
                        policy: scenario.policy,
                        day: scenario.day,
                        evaluatedAt: evaluatedAt
                    )
                    #expect(ExpectedRow(row) == expected, "\(row.student.id) at \(evaluatedAt)")
                }
            }
        }
    }

    @Test("a pass changes only the student it is for, and only when it covers E or a late return")
    func aPassChangesOnlyWhatItCovers() async {
        let newPass = zip(Gen.int(in: 0...9), Gen.int(in: 0...120), Gen.int(in: 0...300))
        await propertyCheck(count: 300, input: PropertyScenario.withPassesGen, newPass, Gen.int(in: 0...(24 * 3_600))) { drawn, rawPass, nowOffset in
            let (scenario, simulator, others) = PropertyScenario.withPasses(drawn)
            let drawn = scenario.passes([rawPass])[0]
            let pass = LeavePass(id: "lp-new", studentID: drawn.studentID, from: drawn.from, until: drawn.until, reason: "new")
            let evaluatedAt = scenario.start.addingTimeInterval(Double(nowOffset))
            let before = scenario.attendance(simulator, at: evaluatedAt, passes: others)
            let after = scenario.attendance(simulator, at: evaluatedAt, passes: others + [pass])
            let curfew = scenario.policy.curfew(of: scenario.day)
            let coversLateReturn = simulator.accepted.contains { tap in
                tap.studentID == pass.studentID && tap.direction == .in && tap.occurredAt >= curfew && tap.occurredAt < evaluatedAt
                    && pass.covers(tap.occurredAt)
            }
            for (old, new) in zip(before.students, after.students) {
                #expect(old.student == new.student)
                #expect((old.taps, old.firstIn, old.lastOut) == (new.taps, new.firstIn, new.lastOut))
                if old.student.id != pass.studentID || (!pass.covers(evaluatedAt) && !coversLateReturn) {
                    #expect(old == new, "\(old.student.id)")
                    continue
                }
                #expect(new.late == old.late || (old.late && !new.late && coversLateReturn))
                if pass.covers(evaluatedAt) {
                    #expect(new.status == (old.status == .in ? .in : .onLeave))
                    #expect(new.pass != nil)
                } else {
                    #expect(new.status == old.status && new.pass == old.pass)
                }
            }
            #expect(before.unknownTags == after.unknownTags)
        }
    }
}
