import Foundation
import KioskCore
import PropertyBased
import Testing

@Suite("LiveAttendance: reads applied one by one give the day's report at every instant")
struct LiveAttendancePropertyTests {
    @Test("built from part of the day, then every later read applied while the clock moves on")
    func appliedReadsMatchTheReport() async {
        await propertyCheck(
            count: 300,
            input: PropertyScenario.withPassesGen,
            Gen.int(in: 0...100),
            Gen.int(in: 0...(28 * 3_600)).array(of: 1...6)
        ) { drawn, cutPercent, offsets in
            let (scenario, simulator, passes) = PropertyScenario.withPasses(drawn)
            let recorded = recordedTaps(scenario, simulator)
            let cut = recorded.count * cutPercent / 100
            let known = recorded[..<cut]
            let facts = AttendanceFacts(
                students: scenario.students,
                taps: known.compactMap(\.accepted),
                unknownReads: known.compactMap(\.unknown),
                passes: passes,
                unsynchronisedClockReads: 0
            )
            let instants = offsets.map { scenario.start.addingTimeInterval(Double($0 - 3_600)) }
            var live = LiveAttendance(facts, on: scenario.day, evaluatedAt: scenario.start, rules: scenario.rules)
            var applied = Array(known)
            var pending = Array(recorded[cut...])
            for instant in instants {
                // Reads recorded by now are applied (one of them twice, as a reload racing a tap would), the rest later.
                let due = pending.prefix { $0.tap.occurredAt <= instant || pending.count % 3 == 0 }
                pending.removeFirst(due.count)
                for read in due + due.prefix(1) {
                    let applied = live.apply(read.tap)
                    #expect(applied)
                }
                applied += due
                live.advance(to: instant)
                let evaluatedAt = scenario.policy.evaluationInstant(of: scenario.day, now: instant)
                let expected = scenario.rules.attendance(
                    on: scenario.day,
                    evaluatedAt: evaluatedAt,
                    students: scenario.students,
                    taps: applied.compactMap(\.accepted),
                    unknownReads: applied.compactMap(\.unknown),
                    passes: passes
                )
                #expect(live.attendance == expected, "at \(evaluatedAt)")
            }
        }
    }

    @Test("a tap of a student the day was not read with asks for the day to be read again")
    func unknownStudentNeedsAReload() {
        let rules = Core.rules()
        let day = Core.date("2026-11-21")
        let facts = AttendanceFacts(students: [Core.student("S01")], taps: [], unknownReads: [], passes: [], unsynchronisedClockReads: 0)
        var live = LiveAttendance(facts, on: day, evaluatedAt: Core.at("2026-11-21", "09:00"), rules: rules)
        let tap = RecordedTap(
            eventID: Core.eventID(1),
            outcome: .in,
            uid: nil,
            student: Core.student("S02"),
            occurredAt: Core.at("2026-11-21", "09:00"),
            previous: nil
        )
        let applied = live.apply(tap)
        #expect(!applied)
        #expect(live.attendance.summary.total == 1)
    }

    /// The scenario's accepted taps and unknown reads as the journal records them, in recording (time) order.
    private func recordedTaps(_ scenario: PropertyScenario, _ simulator: ReadSimulator) -> [Recorded] {
        let students = Dictionary(uniqueKeysWithValues: scenario.students.map { ($0.id, $0) })
        let taps = simulator.accepted.map { tap in
            Recorded(
                tap: RecordedTap(
                    eventID: tap.eventID,
                    outcome: tap.direction == .in ? .in : .out,
                    uid: nil,
                    student: students[tap.studentID],
                    occurredAt: tap.occurredAt,
                    previous: nil
                ),
                accepted: tap,
                unknown: nil
            )
        }
        let unknown = simulator.unknownReads.enumerated().map { index, read in
            Recorded(
                tap: RecordedTap(
                    eventID: Core.eventID(10_000 + index),
                    outcome: .unknown,
                    uid: read.uid,
                    student: nil,
                    occurredAt: read.occurredAt,
                    previous: nil
                ),
                accepted: nil,
                unknown: read
            )
        }
        return (taps + unknown).sorted { $0.tap.occurredAt < $1.tap.occurredAt }
    }

    private struct Recorded {
        let tap: RecordedTap
        let accepted: AcceptedTap?
        let unknown: UnknownRead?
    }
}
