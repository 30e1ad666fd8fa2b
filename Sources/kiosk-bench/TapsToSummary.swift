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
    /// Records `taps` taps, cycling over a roster of `students`, in a journal in `directory`; returns the time of
    /// each tap to its snapshot and of its commit alone, in milliseconds.
    static func measure(taps: Int, students: Int, in directory: URL) async throws -> (tap: Samples, commit: Samples) {
        let journal = try await NumberedRoster.journal(
            at: directory.appendingPathComponent("journal-\(students).sqlite").path,
            kioskID: BenchKiosk.kioskID,
            students: students
        )
        // No debounce: every tap is an accepted IN or OUT, the most a tap writes.
        let rules = AttendanceRules(policy: AttendancePolicy(debounceSeconds: 0))
        let summary = LiveSummary(
            journal: journal,
            rules: rules,
            dataDirectory: directory.path,
            readerNames: ["entrance"],
            readerStates: ReaderStates(),
            syncsToHub: false
        )
        // Checkpoints off the tap path, as `kiosk run` has them.
        let checkpoints = CheckpointService(database: journal.database, logger: Logger(label: "kiosk-bench"))
        let checkpointing = Task { try await checkpoints.run() }
        defer { checkpointing.cancel() }
        _ = try await summary.snapshot()
        var tap = Samples()
        var commit = Samples()
        for n in 0..<taps {
            let read = TagRead(uid: try NumberedRoster.card(n % students), reader: "entrance", readerDirection: .toggle, occurredAt: Date())
            let start = ContinuousClock.now
            let recorded = try await journal.record(read, rules: rules)
            commit.append((ContinuousClock.now - start).milliseconds)
            checkpoints.commitRecorded()
            await summary.tapRecorded(recorded)
            let snapshot = try await summary.snapshot()
            tap.append((ContinuousClock.now - start).milliseconds)
            guard snapshot.recentTaps.first?.eventID == recorded.eventID else { throw BenchError("the summary does not show tap \(n)") }
        }
        return (tap, commit)
    }
}

/// P1b: P1 on a roster of 5,000 students against P1 on 200, measured one after the other in the same run: the
/// tap path must not grow with the roster.
struct RosterScalingFigure: BenchFigure {
    let name = "P1b"
    let title = "tap → summary with 5,000 students against 200"

    func measure(_ run: ScratchRun) async throws -> FigureResult {
        let taps = run.quick ? 500 : 3000
        let directory = try run.directory("p1b")
        let small = try await TapsToSummary.measure(taps: taps, students: 200, in: directory).tap
        let large = try await TapsToSummary.measure(taps: taps, students: 5000, in: directory).tap
        let ratio = large.p99 / max(small.p99, 0.001)
        return FigureResult(
            values: [Measured(label: "5,000 p50", value: large.p50, unit: "ms"), Measured(label: "5,000 p99", value: large.p99, unit: "ms")],
            baseline: [Measured(label: "200 p50", value: small.p50, unit: "ms"), Measured(label: "200 p99", value: small.p99, unit: "ms")],
            ratio: ratio,
            goal: "p99 ratio ≤ 1.2",
            met: ratio <= 1.2,
            note: "\(taps) taps each, in fresh journals in \(directory.path)"
        )
    }
}
