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
            // The clock moves on; reads recorded by then are applied (one of them twice, as a reload racing a tap
            // would), the rest later. A read older than the reads tallied cannot be applied: the day is read again.
            let instants = offsets.sorted().map { scenario.start.addingTimeInterval(Double($0 - 3_600)) }
            var live = LiveAttendance(facts, on: scenario.day, evaluatedAt: scenario.start, rules: scenario.rules)
            var evaluated = live.evaluatedAt
            var applied = Array(known)
            var pending = Array(recorded[cut...])
            for instant in instants {
                let due = pending.prefix { $0.tap.occurredAt <= instant || pending.count % 3 == 0 }
                pending.removeFirst(due.count)
                applied += due
                var complete = true
                for read in due + due.prefix(1) where !live.apply(read.tap) {
                    #expect(read.tap.occurredAt < evaluated.addingTimeInterval(-LiveAttendance.tallyDelay), "a recent read refused")
                    complete = false
                }
                if complete {
                    // Only the first instant can lie before the day's first evaluation (drawn from before the day).
                    let advanced = live.advance(to: instant)
                    #expect(
                        advanced || instant < evaluated.addingTimeInterval(-LiveAttendance.tallyDelay),
                        "the clock went back less than the tally delay"
                    )
                    complete = advanced
                }
                if !complete {
                    live = LiveAttendance(
                        Self.facts(applied, of: scenario, passes: passes),
                        on: scenario.day,
                        evaluatedAt: instant,
                        rules: scenario.rules
                    )
                }
                evaluated = live.evaluatedAt
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

    @Test("reads older than the tally delay before the evaluation instant are tallied: one of them, or the clock back there, asks for a reload")
    func tallyingLeavesNoWayBack() {
        let rules = Core.rules()
        let day = Core.date("2026-11-21")
        let student = Core.student("S01")
        let facts = AttendanceFacts(students: [student], taps: [], unknownReads: [], passes: [], unsynchronisedClockReads: 0)
        var live = LiveAttendance(facts, on: day, evaluatedAt: Core.at("2026-11-21", "09:00"), rules: rules)
        let taps = (0..<10).map { minute in
            RecordedTap(
                eventID: Core.eventID(minute + 1),
                outcome: minute.isMultiple(of: 2) ? .out : .in,
                uid: nil,
                student: student,
                occurredAt: Core.at("2026-11-21", "09:00").addingTimeInterval(Double(minute * 60)),
                previous: nil
            )
        }
        for tap in taps {
            let applied = live.apply(tap)
            let advanced = live.advance(to: tap.occurredAt.addingTimeInterval(1))
            #expect(applied && advanced)
        }
        let late = live.apply(taps[2])
        #expect(!late, "a read tallied minutes ago cannot be told from a new one")
        let slightlyBack = live.advance(to: Core.at("2026-11-21", "09:09"))
        #expect(slightlyBack, "the clock going back within the tally delay changes nothing")
        #expect(live.attendance.students.first?.taps == 9)
        let farBack = live.advance(to: Core.at("2026-11-21", "09:03"))
        #expect(!farBack)
        #expect(live.attendance.students.first?.taps == 9, "a refused move changes nothing")
        let fresh = LiveAttendance(Self.facts(taps, student: student), on: day, evaluatedAt: Core.at("2026-11-21", "09:20"), rules: rules)
        #expect(fresh.attendance.students.first?.taps == 10)
        #expect(fresh.attendance.students.first?.lastOut == Core.at("2026-11-21", "09:08"))
        #expect(fresh.attendance.students.first?.firstIn == Core.at("2026-11-21", "09:01"))
        #expect(fresh.attendance.students.first?.status == .in)
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

    /// The facts of the reads `applied`, as a reload reads them from the journal.
    private static func facts(_ applied: [Recorded], of scenario: PropertyScenario, passes: [LeavePass]) -> AttendanceFacts {
        AttendanceFacts(
            students: scenario.students,
            taps: applied.compactMap(\.accepted),
            unknownReads: applied.compactMap(\.unknown),
            passes: passes,
            unsynchronisedClockReads: 0
        )
    }

    /// The facts of one student's recorded taps.
    private static func facts(_ taps: [RecordedTap], student: Student) -> AttendanceFacts {
        let accepted = taps.map {
            AcceptedTap(studentID: student.id, occurredAt: $0.occurredAt, direction: $0.outcome == .in ? .in : .out, eventID: $0.eventID)
        }
        return AttendanceFacts(students: [student], taps: accepted, unknownReads: [], passes: [], unsynchronisedClockReads: 0)
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
