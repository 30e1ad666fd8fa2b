import Foundation
import KioskCore
import PropertyBased

/// A random roster and policy on 2026-11-21 (Asia/Kolkata, day start 04:00), and random reads around that day.
struct PropertyScenario {
    static let curfews = ["22:30", "01:00", "04:00", "12:00", "03:59"]
    static let readers: [ReaderDirection] = [.toggle, .toggle, .toggle, .in, .out]

    let day = Core.date("2026-11-21")
    let rules: AttendanceRules
    let students: [Student]

    var policy: AttendancePolicy { rules.policy }
    var start: Date { policy.start(of: day) }
    var end: Date { policy.end(of: day) }
    var activeIDs: Set<String> { Set(students.filter { $0.status == .active }.map(\.id)) }

    /// `active` gives one student per element; `settings` is (debounce seconds, initial state is in, curfew index).
    init(active: [Bool], settings: (Int, Bool, Int)) {
        students = active.enumerated().map { index, isActive in
            Core.student("S0\(index)", isActive ? .active : .inactive)
        }
        rules = AttendanceRules(
            policy: Core.policy(curfew: Self.curfews[settings.2 % Self.curfews.count], debounce: settings.0, initial: settings.1 ? .in : .out)
        )
    }

    /// Raw read (who, half-hour slot, jitter in quarter seconds, reader) to a read at start + slot * 30 min + jitter.
    /// Quarter seconds add exactly, so reads exactly one debounce window apart do occur.
    /// `who` beyond the roster is one of a few unknown tags.
    func reads(_ raw: [(Int, Int, Int, Int)]) -> [SimulatedRead] {
        raw.map { who, slot, jitter, reader in
            let subject: SimulatedRead.Subject =
                who < students.count ? .student(students[who].id) : .unknown(try! TagUID(bytes: [0x04, 0, 0, UInt8(who)]))
            let instant = start.addingTimeInterval(Double(slot) * 1_800 + Double(jitter) / 4)
            return SimulatedRead(subject: subject, occurredAt: instant, reader: Self.readers[reader % Self.readers.count])
        }
    }

    func attendance(_ simulator: ReadSimulator, at evaluatedAt: Date, passes: [LeavePass] = []) -> DailyAttendance {
        rules.attendance(
            on: day,
            evaluatedAt: evaluatedAt,
            students: students,
            taps: simulator.accepted,
            unknownReads: simulator.unknownReads,
            passes: passes
        )
    }

    /// Raw pass (who, start in quarter hours from 4 h before the day, length in quarter hours) to a pass; quarter
    /// hours fall on the half-hour read slots, so reads exactly at a pass's ends do occur.
    func passes(_ raw: [(Int, Int, Int)]) -> [LeavePass] {
        raw.enumerated().map { index, pass in
            let (who, start, length) = pass
            let from = self.start.addingTimeInterval(Double(start - 16) * 900)
            return LeavePass(
                id: "lp-\(index)",
                studentID: students[who % students.count].id,
                from: from,
                until: from.addingTimeInterval(Double(length) * 900),
                reason: "leave"
            )
        }
    }

    /// Generators shared by the properties.
    static let rosterGen = Gen.bool(0.8).array(of: 1...8)
    static let settingsGen = zip(Gen.int(in: 1...15), Gen.bool, Gen.int(in: 0...4))
    /// Reads of the day before (from 4 h before the start) up to the end of day D.
    static let readsGen = zip(Gen.int(in: 0...9), Gen.int(in: -8...47), Gen.int(in: 0...100), Gen.int(in: 0...4)).array(of: 0...60)
    /// Passes of a few hours to a few days over the day.
    static let passesGen = zip(Gen.int(in: 0...9), Gen.int(in: 0...120), Gen.int(in: 0...300)).array(of: 0...6)
    /// A roster, settings, reads and passes, as `withPasses` takes them.
    static let withPassesGen = zip(rosterGen, settingsGen, readsGen, passesGen)

    /// The scenario, its reads fed through `decide()`, and its passes, from what `withPassesGen` drew.
    static func withPasses(
        _ drawn: ([Bool], (Int, Bool, Int), [(Int, Int, Int, Int)], [(Int, Int, Int)])
    ) -> (scenario: PropertyScenario, simulator: ReadSimulator, passes: [LeavePass]) {
        let scenario = PropertyScenario(active: drawn.0, settings: drawn.1)
        var simulator = ReadSimulator(rules: scenario.rules, activeIDs: scenario.activeIDs)
        simulator.feed(all: scenario.reads(drawn.2))
        return (scenario, simulator, scenario.passes(drawn.3))
    }
}

/// What the contract says a student's row must be, computed directly from the accepted taps.
struct ExpectedRow: Equatable {
    let status: AttendanceStatus
    let taps: Int
    let late: Bool
    let firstIn: Date?
    let lastOut: Date?
    let pass: LeavePass?

    init(id: String, taps all: [AcceptedTap], passes: [LeavePass] = [], policy: AttendancePolicy, day: AttendanceDate, evaluatedAt: Date) {
        let start = policy.start(of: day)
        let curfew = policy.curfew(of: day)
        let before = all.filter { $0.studentID == id && $0.occurredAt < evaluatedAt }.sorted { $0.precedes($1) }
        let today = before.filter { $0.occurredAt >= start }
        let state = before.last?.direction ?? policy.initialState
        let own = passes.filter { $0.studentID == id }
        let covering = own.filter { $0.from <= evaluatedAt && evaluatedAt <= $0.until }
        // Of several covering E, the contract's row names one: the longest-lasting, then the first made.
        pass = covering.sorted { $0.until != $1.until ? $0.until > $1.until : $0.id < $1.id }.first
        status =
            if state == .in { .in } else if !covering.isEmpty { .onLeave } else if today.isEmpty { .absent } else if evaluatedAt >= curfew {
                .notReturned
            } else { .out }
        taps = today.count
        late = today.contains { tap in
            tap.direction == .in && tap.occurredAt >= curfew && !own.contains { $0.from <= tap.occurredAt && tap.occurredAt <= $0.until }
        }
        firstIn = today.first { $0.direction == .in }?.occurredAt
        lastOut = today.last { $0.direction == .out }?.occurredAt
    }

    init(_ row: StudentAttendance) {
        status = row.status
        taps = row.taps
        late = row.late
        firstIn = row.firstIn
        lastOut = row.lastOut
        pass = row.pass
    }
}
