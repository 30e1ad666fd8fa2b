import Foundation
import GRDB
import KioskCore
import KioskHubStorage
import KioskJournal
import KioskTesting
import Synchronization

/// R6: the wall clock jumps back and forth by an hour and by a day while taps are recorded (an injected clock,
/// used both as the readers' tap time and as the journal's "now"); the system clock's own synchronisation is
/// whatever the kernel reports. Events must keep their recording order by sequence and monotonic clock within
/// the boot, carry the kernel's synchronisation flag, and the daily reports must agree with what was recorded.
struct ClockJumpScenario: FaultScenario {
    let name = "R6"
    let title = "clock jumps of ±1 hour and ±1 day, unsynchronised clock"
    static let policy = AttendancePolicy(timeZone: .gmt)

    func run(_ run: ScratchRun) async throws -> ScenarioResult {
        let path = try run.directory("r6").appendingPathComponent("journal.sqlite").path
        let journal = try await NumberedRoster.journal(at: path, kioskID: KeyboardKiosk.kioskID, students: 4)
        let rules = AttendanceRules(policy: Self.policy)
        let day = Self.policy.attendanceDay(containing: Date()).previous
        let offset = Mutex(Self.policy.start(of: day).addingTimeInterval(8 * 3600).timeIntervalSinceNow)
        let clock = WallClock { Date().addingTimeInterval(offset.withLock { $0 }) }
        // (seconds the clock jumps before the tap, student tapping)
        let script: [(Double, Int)] = [
            (0, 0), (60, 1), (-3600, 2), (30, 0), (3600, 3), (86_400, 1), (-86_400, 2), (-3600, 3), (20, 1), (3600, 0),
        ]
        for (jump, student) in script {
            offset.withLock { $0 += jump }
            let read = TagRead(uid: try NumberedRoster.card(student), reader: "gate", readerDirection: .toggle, occurredAt: clock.now())
            _ = try await journal.record(read, rules: rules, clock: clock)
        }
        let events = try await Self.events(path: path)
        let synchronised = SystemClockStatus.isSynchronised
        let ordered = zip(events, events.dropFirst()).allSatisfy { $0.seq < $1.seq && ($0.bootID != $1.bootID || $0.monotonicNs < $1.monotonicNs) }
        let jumpedBack = zip(events, events.dropFirst()).contains { $1.occurredAt < $0.occurredAt }
        var reportsAgree = true
        var detail: [String] = []
        for reportDay in [day, day.next] {
            let report = try await journal.report(on: reportDay, evaluatedAt: Self.policy.end(of: reportDay), rules: rules)
            let start = Self.policy.start(of: reportDay).timeIntervalSince1970 * 1000
            let end = Self.policy.end(of: reportDay).timeIntervalSince1970 * 1000
            let ofDay = events.filter { Double($0.occurredAt) >= start && Double($0.occurredAt) < end }
            let unsynchronised = ofDay.filter { !$0.clockSynced }.count
            for entry in report.attendance.students {
                let accepted = ofDay.filter { $0.studentID == entry.student.id && $0.outcome == "accepted" }.count
                if entry.taps != accepted { reportsAgree = false }
            }
            if report.completeness.unsynchronisedClockReads != unsynchronised { reportsAgree = false }
            detail.append("\(reportDay): \(ofDay.count) events, \(unsynchronised) unsynchronised in the report")
        }
        return ScenarioResult(
            counts: [
                Count(label: "taps", value: Double(script.count)), Count(label: "clock jumps", value: Double(script.filter { $0.0 != 0 }.count)),
                Count(label: "events unsynchronised", value: Double(events.filter { !$0.clockSynced }.count)),
            ],
            invariants: [
                Invariant(
                    statement: "recording order follows the sequence and the monotonic clock, not wall time",
                    held: ordered && jumpedBack && events.count == script.count,
                    detail: "\(events.count) events in order; wall time went backwards between some: \(jumpedBack)"
                ),
                Invariant(
                    statement: "every event carries the kernel's clock synchronisation (\(synchronised ? "synchronised" : "unsynchronised") here)",
                    held: events.allSatisfy { $0.clockSynced == synchronised },
                    detail: synchronised
                        ? "the clock is synchronised on this machine: unsynchronised taps could not be produced"
                        : "\(events.count) of \(events.count) flagged unsynchronised"
                ),
                Invariant(
                    statement: "each day's report counts exactly the accepted taps and unsynchronised reads recorded in that day",
                    held: reportsAgree,
                    detail: detail.joined(separator: "; ")
                ),
            ]
        )
    }

    /// An event as the journal file holds it.
    struct StoredEvent {
        let seq: Int64
        let monotonicNs: Int64
        let bootID: String
        let occurredAt: Int64
        let studentID: String?
        let outcome: String
        let clockSynced: Bool
    }

    private static func events(path: String) async throws -> [StoredEvent] {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try await queue.read { db in
            try Row.fetchAll(db, sql: "SELECT seq, monotonic_ns, boot_id, occurred_at, student_id, outcome, clock_synced FROM event ORDER BY seq").map
            {
                StoredEvent(
                    seq: $0["seq"],
                    monotonicNs: $0["monotonic_ns"],
                    bootID: $0["boot_id"],
                    occurredAt: $0["occurred_at"],
                    studentID: $0["student_id"],
                    outcome: $0["outcome"],
                    clockSynced: $0["clock_synced"]
                )
            }
        }
    }
}
