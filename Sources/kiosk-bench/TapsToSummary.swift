import Foundation
import KioskCore
import KioskDaemon
import KioskDashboard
import KioskJournal
import KioskReaders
import KioskStore
import KioskTesting
import Logging

/// Taps recorded one after another in a fresh journal, each until the live summary's snapshot shows it, with the
/// journal's checkpoints off the tap path as `kiosk run` has them: what P1 and P1b time.
enum TapsToSummary {
    /// Records `taps` taps in a fresh journal in `directory` for each roster size in `rosters`, cycling over its
    /// students, taking the journals in turn tap by tap so that what the disk does at any moment falls on all of them
    /// alike; returns, per roster, the time of each tap to its snapshot and of its commit alone, in milliseconds.
    static func measure(taps: Int, rosters: [Int], in directory: URL) async throws -> [(tap: Samples, commit: Samples)] {
        var gates: [Gate] = []
        var checkpointing: [Task<Void, any Error>] = []
        defer { for task in checkpointing { task.cancel() } }
        for students in rosters {
            let gate = try await Gate(students: students, in: directory)
            gates.append(gate)
            checkpointing.append(Task { try await gate.checkpoints.run() })
        }
        var samples = [(tap: Samples, commit: Samples)](repeating: (Samples(), Samples()), count: gates.count)
        for n in 0..<taps {
            for (index, gate) in gates.enumerated() {
                let (tap, commit) = try await gate.tap(n)
                samples[index].tap.append(tap)
                samples[index].commit.append(commit)
            }
        }
        return samples
    }

    /// One journal with its live summary and checkpoint service.
    private struct Gate: Sendable {
        let students: Int
        let journal: Journal
        let summary: LiveSummary
        let checkpoints: CheckpointService
        // No debounce: every tap is an accepted IN or OUT, the most a tap writes.
        let rules = AttendanceRules(policy: AttendancePolicy(debounceSeconds: 0))

        init(students: Int, in directory: URL) async throws {
            self.students = students
            journal = try await NumberedRoster.journal(
                at: directory.appendingPathComponent("journal-\(students).sqlite").path,
                kioskID: BenchKiosk.kioskID,
                students: students
            )
            summary = LiveSummary(
                journal: journal,
                rules: rules,
                dataDirectory: directory.path,
                readerNames: ["entrance"],
                readerStates: ReaderStates(),
                syncsToHub: false
            )
            checkpoints = CheckpointService(database: journal.database, logger: Logger(label: "kiosk-bench"))
            _ = try await summary.snapshot()
        }

        /// Records the `n`th tap until the summary shows it; the milliseconds to its snapshot and to its commit.
        func tap(_ n: Int) async throws -> (tap: Double, commit: Double) {
            let read = TagRead(uid: try NumberedRoster.card(n % students), reader: "entrance", readerDirection: .toggle, occurredAt: Date())
            let start = ContinuousClock.now
            let recorded = try await journal.record(read, rules: rules)
            let commit = (ContinuousClock.now - start).milliseconds
            checkpoints.commitRecorded()
            await summary.tapRecorded(recorded)
            let snapshot = try await summary.snapshot()
            let tap = (ContinuousClock.now - start).milliseconds
            guard snapshot.recentTaps.first?.eventID == recorded.eventID else { throw BenchError("the summary does not show tap \(n)") }
            return (tap, commit)
        }
    }
}

/// P1b: P1 on a roster of 5,000 students against P1 on 200, their taps taken in turn in the same run: the tap path
/// must not grow with the roster. A ratio of two p99s of sub-millisecond commits, each p99 is taken over 10,000 taps
/// (its 100 slowest), so that a few slow fdatasyncs falling on one journal's taps do not decide it.
struct RosterScalingFigure: BenchFigure {
    let name = "P1b"
    let title = "tap → summary with 5,000 students against 200"

    func measure(_ run: ScratchRun) async throws -> FigureResult {
        let taps = run.quick ? 500 : 10_000
        let directory = try run.directory("p1b")
        let measured = try await TapsToSummary.measure(taps: taps, rosters: [200, 5000], in: directory)
        let (small, large) = (measured[0].tap, measured[1].tap)
        let ratio = large.p99 / max(small.p99, 0.001)
        return FigureResult(
            values: [Measured(label: "5,000 p50", value: large.p50, unit: "ms"), Measured(label: "5,000 p99", value: large.p99, unit: "ms")],
            baseline: [Measured(label: "200 p50", value: small.p50, unit: "ms"), Measured(label: "200 p99", value: small.p99, unit: "ms")],
            ratio: ratio,
            goal: "p99 ratio ≤ 1.2",
            met: ratio <= 1.2,
            note: "\(taps) taps each, one journal's and the other's in turn, in fresh journals in \(directory.path)"
        )
    }
}
