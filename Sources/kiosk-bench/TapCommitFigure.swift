import Foundation
import KioskCore
import KioskDaemon
import KioskJournal
import KioskReaders
import KioskTesting

/// P1: a tap with the UID in hand → its decision committed in the journal (WAL, synchronous=FULL) → the live
/// summary's snapshot updated, against a raw 4 KB append + fdatasync loop in the same directory.
struct TapCommitFigure: BenchFigure {
    let name = "P1"
    let title = "tap → journal commit → summary updated"

    func measure(_ run: ScratchRun) async throws -> FigureResult {
        let taps = run.quick ? 500 : 3000
        let directory = try run.directory("p1")
        let raw = try await DedicatedThread.run { try Self.appendAndSync(count: taps, in: directory) }
        let (tap, commit) = try await TapsToSummary.measure(taps: taps, rosters: [200], in: directory)[0]
        let goal = 2 * raw.p99 + 1
        return FigureResult(
            values: [
                Measured(label: "p50", value: tap.p50, unit: "ms"), Measured(label: "p99", value: tap.p99, unit: "ms"),
                Measured(label: "commit alone p50", value: commit.p50, unit: "ms"),
                Measured(label: "commit alone p99", value: commit.p99, unit: "ms"),
            ],
            baseline: [Measured(label: "fdatasync p50", value: raw.p50, unit: "ms"), Measured(label: "fdatasync p99", value: raw.p99, unit: "ms")],
            ratio: tap.p99 / max(raw.p99, 0.001),
            goal: "p99 ≤ 2 × fdatasync p99 + 1 ms (here \(String(format: "%.2f", goal)) ms)",
            met: tap.p99 <= goal,
            note: "\(taps) taps of 200 students in a \(directory.path) journal; the summary keeps the day in memory and applies each tap"
        )
    }

    /// The baseline: `count` appends of 4 KB, each followed by fdatasync, in `directory`.
    private static func appendAndSync(count: Int, in directory: URL) throws -> Samples {
        let path = directory.appendingPathComponent("fdatasync.bin").path
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        guard descriptor >= 0 else { throw BenchError("cannot open \(path)") }
        defer { close(descriptor) }
        let block = [UInt8](repeating: 0x5A, count: 4096)
        var samples = Samples()
        for _ in 0..<count {
            let start = ContinuousClock.now
            guard write(descriptor, block, block.count) == block.count, fdatasync(descriptor) == 0 else {
                throw BenchError("write to \(path) failed")
            }
            samples.append((ContinuousClock.now - start).milliseconds)
        }
        return samples
    }
}

extension Duration {
    /// The duration in milliseconds.
    var milliseconds: Double { Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15 }
}
