import Foundation
import KioskCore
import PropertyBased
import Testing

@Suite("attendance(): properties over random rosters and read histories")
struct AttendancePropertyTests {
    @Test("the four statuses partition the active roster, and each row follows the contract")
    func partition() async {
        await propertyCheck(
            count: 300,
            input: PropertyScenario.rosterGen,
            PropertyScenario.settingsGen,
            PropertyScenario.readsGen,
            Gen.int(in: 0...(27 * 3_600))
        ) { active, settings, raw, nowOffset in
            let scenario = PropertyScenario(active: active, settings: settings)
            var simulator = ReadSimulator(rules: scenario.rules, activeIDs: scenario.activeIDs)
            simulator.feed(all: scenario.reads(raw))
            let curfew = scenario.policy.curfew(of: scenario.day)
            let instants = [
                scenario.policy.evaluationInstant(of: scenario.day, now: scenario.start.addingTimeInterval(Double(nowOffset))),
                curfew, curfew.addingTimeInterval(-0.001), scenario.end,
            ]
            for evaluatedAt in instants {
                check(scenario, simulator, at: evaluatedAt)
            }
        }
    }

    private func check(_ scenario: PropertyScenario, _ simulator: ReadSimulator, at evaluatedAt: Date) {
        let result = scenario.attendance(simulator, at: evaluatedAt)

        let summary = result.summary
        #expect(summary.checkedIn + summary.checkedOut + summary.notReturned + summary.absent == summary.total)
        #expect(summary.total == scenario.activeIDs.count)
        #expect(result.students.count == summary.total)
        #expect(result.students.map(\.student.id) == scenario.activeIDs.sorted())
        #expect(summary.checkedIn == result.students.count { $0.status == .in })
        #expect(summary.checkedOut == result.students.count { $0.status == .out })
        #expect(summary.notReturned == result.students.count { $0.status == .notReturned })
        #expect(summary.absent == result.students.count { $0.status == .absent })
        #expect(summary.late == result.students.count(where: \.late))
        for row in result.students {
            let expected = ExpectedRow(
                id: row.student.id,
                taps: simulator.accepted,
                policy: scenario.policy,
                day: scenario.day,
                evaluatedAt: evaluatedAt
            )
            #expect(ExpectedRow(row) == expected, "\(row.student.id)")
            if row.status == .notReturned { #expect(evaluatedAt >= scenario.policy.curfew(of: scenario.day)) }
            if row.status == .out { #expect(evaluatedAt < scenario.policy.curfew(of: scenario.day)) }
        }
    }

    @Test("histories built by decide() obey the debounce and toggle rules of the contract")
    func decidedHistoriesObeyTheRules() async {
        await propertyCheck(
            count: 300,
            input: PropertyScenario.rosterGen,
            PropertyScenario.settingsGen,
            PropertyScenario.readsGen
        ) { active, settings, raw in
            let scenario = PropertyScenario(active: active, settings: settings)
            var simulator = ReadSimulator(rules: scenario.rules, activeIDs: scenario.activeIDs)
            simulator.feed(all: scenario.reads(raw))
            let window = Double(scenario.policy.debounceSeconds)
            func withinWindow(of instant: Date, _ id: String) -> Bool {
                simulator.accepted.contains {
                    $0.studentID == id && $0.occurredAt <= instant && $0.occurredAt > instant.addingTimeInterval(-window)
                }
            }
            for read in simulator.ignored {
                guard case .student(let id) = read.subject else { continue }
                #expect(withinWindow(of: read.occurredAt, id), "ignored read of \(id) at \(read.occurredAt)")
            }
            for (index, tap) in simulator.accepted.enumerated() {
                let earlier = simulator.accepted[..<index].filter { $0.studentID == tap.studentID }
                #expect(!earlier.contains { $0.occurredAt > tap.occurredAt.addingTimeInterval(-window) }, "\(tap)")
                switch simulator.acceptedReaders[index] {
                case .toggle: #expect(tap.direction == (earlier.last?.direction ?? scenario.policy.initialState).opposite)
                case .in: #expect(tap.direction == .in)
                case .out: #expect(tap.direction == .out)
                }
            }
            let reads = scenario.reads(raw).filter { if case .student(let id) = $0.subject { scenario.activeIDs.contains(id) } else { false } }
            #expect(simulator.accepted.count + simulator.ignored.count == reads.count)
        }
    }

    @Test("an ignored read never changes state: adding reads that decide() ignores changes nothing")
    func ignoredReadsChangeNothing() async {
        await propertyCheck(
            count: 300,
            input: PropertyScenario.rosterGen,
            PropertyScenario.settingsGen,
            PropertyScenario.readsGen,
            zip(Gen.int(in: 0...1_000), Gen.int(in: 0...999), Gen.int(in: 0...4)).array(of: 1...20)
        ) { active, settings, raw, extrasRaw in
            let scenario = PropertyScenario(active: active, settings: settings)
            let reads = scenario.reads(raw)
            var plain = ReadSimulator(rules: scenario.rules, activeIDs: scenario.activeIDs)
            plain.feed(all: reads)
            guard !plain.accepted.isEmpty else { return }

            // Each extra read hits a student at t' + f * debounce (0 <= f < 1) after one of their accepted taps t'.
            let debounce = Double(scenario.policy.debounceSeconds)
            let extras = extrasRaw.map { pick, fraction, reader in
                let tap = plain.accepted[pick % plain.accepted.count]
                return SimulatedRead(
                    subject: .student(tap.studentID),
                    occurredAt: tap.occurredAt.addingTimeInterval(debounce * Double(fraction) / 1_000),
                    reader: PropertyScenario.readers[reader % PropertyScenario.readers.count]
                )
            }
            var padded = ReadSimulator(rules: scenario.rules, activeIDs: scenario.activeIDs)
            padded.feed(all: reads + extras)

            #expect(padded.ignored.count == plain.ignored.count + extras.count)
            #expect(facts(padded.accepted) == facts(plain.accepted))
            for evaluatedAt in [scenario.policy.curfew(of: scenario.day), scenario.end, scenario.start.addingTimeInterval(43_200)] {
                #expect(scenario.attendance(padded, at: evaluatedAt) == scenario.attendance(plain, at: evaluatedAt))
            }
        }
    }

    @Test("a past day's report does not change when later days get taps")
    func pastDayIsStable() async {
        await propertyCheck(
            count: 300,
            input: PropertyScenario.rosterGen,
            PropertyScenario.settingsGen,
            PropertyScenario.readsGen,
            zip(Gen.int(in: 0...9), Gen.int(in: 48...100), Gen.int(in: 0...100), Gen.int(in: 0...4)).array(of: 1...40)
        ) { active, settings, raw, laterRaw in
            let scenario = PropertyScenario(active: active, settings: settings)
            var simulator = ReadSimulator(rules: scenario.rules, activeIDs: scenario.activeIDs)
            simulator.feed(all: scenario.reads(raw))
            let atEnd = scenario.policy.evaluationInstant(of: scenario.day, now: scenario.end)
            let before = scenario.attendance(simulator, at: atEnd)

            // One read exactly at the end of D, then random reads on the following days.
            let later = scenario.reads(laterRaw) + [SimulatedRead(subject: .student("S00"), occurredAt: scenario.end, reader: .toggle)]
            let acceptedBefore = simulator.accepted.count
            simulator.feed(all: later)
            #expect(simulator.accepted.allSatisfy { $0.occurredAt < scenario.end } == (simulator.accepted.count == acceptedBefore))

            let now = scenario.end.addingTimeInterval(3 * 86_400)
            let afterwards = scenario.attendance(simulator, at: scenario.policy.evaluationInstant(of: scenario.day, now: now))
            #expect(afterwards == before)
        }
    }

    @Test("unknown reads per UID follow the fixed-window rule")
    func unknownReadCounts() async {
        await propertyCheck(
            count: 300,
            input: PropertyScenario.settingsGen,
            zip(Gen.int(in: 0...2), Gen.int(in: -1...47), Gen.int(in: 0...160)).array(of: 0...50),
            Gen.int(in: 0...(25 * 3_600))
        ) { settings, raw, nowOffset in
            let scenario = PropertyScenario(active: [true], settings: settings)
            let reads = raw.map { tag, slot, jitter in
                UnknownRead(
                    uid: try! TagUID(bytes: [0xAB, 0xCD, 0xEF, UInt8(tag)]),
                    occurredAt: scenario.start.addingTimeInterval(Double(slot) * 1_800 + Double(jitter) / 4)
                )
            }
            let evaluatedAt = scenario.policy.evaluationInstant(of: scenario.day, now: scenario.start.addingTimeInterval(Double(nowOffset)))
            let result = scenario.rules.attendance(
                on: scenario.day,
                evaluatedAt: evaluatedAt,
                students: scenario.students,
                taps: [],
                unknownReads: reads.shuffled()
            )

            var expected: [TagUID: (reads: Int, lastSeen: Date)] = [:]
            var counted: [TagUID: Date] = [:]
            let window = Double(scenario.policy.debounceSeconds)
            for read in reads.sorted(by: { $0.occurredAt < $1.occurredAt }) where read.occurredAt < evaluatedAt {
                let isCounted = counted[read.uid].map { !($0 > read.occurredAt.addingTimeInterval(-window)) } ?? true
                if isCounted { counted[read.uid] = read.occurredAt }
                guard read.occurredAt >= scenario.start else { continue }
                expected[read.uid] = ((expected[read.uid]?.reads ?? 0) + (isCounted ? 1 : 0), read.occurredAt)
            }
            #expect(result.unknownTags.map(\.uid) == expected.keys.sorted())
            for tag in result.unknownTags {
                #expect(tag.reads == expected[tag.uid]?.reads)
                #expect(tag.lastSeen == expected[tag.uid]?.lastSeen)
                #expect(tag.reads >= 0)
            }
            #expect(result.summary.total == 1)
        }
    }
}
