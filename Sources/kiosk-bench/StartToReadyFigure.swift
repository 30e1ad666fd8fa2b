import Foundation
import KioskTesting

/// P8: `kiosk run` started → READY=1 on its systemd notification socket, on P6's year-long journal, against
/// the same start on a journal holding only the roster.
struct StartToReadyFigure: BenchFigure {
    let name = "P8"
    let title = "kiosk run start → sd_notify READY on the P6 journal"

    func measure(_ run: ScratchRun) async throws -> FigureResult {
        let starts = run.quick ? 5 : 15
        let year = try await YearOfTaps.shared.dataDirectory(in: run)
        let sections = "[attendance]\ntimezone = \"Asia/Kolkata\"\n"
        let yearKiosk = try await KioskDirectory(
            at: try run.directory("p8-year"),
            kioskID: BenchKiosk.kioskID,
            data: year.directory,
            sections: sections,
            roster: nil
        )
        let emptyKiosk = try await KioskDirectory(
            at: try run.directory("p8-empty"),
            kioskID: BenchKiosk.kioskID,
            sections: sections,
            roster: NumberedRoster.csv(students: YearOfTaps.students)
        )
        let full = try await DedicatedThread.run { try Self.startToReady(config: yearKiosk.config, times: starts) }
        let baseline = try await DedicatedThread.run { try Self.startToReady(config: emptyKiosk.config, times: starts) }
        // After a stop that was not clean, the next start checks the whole journal.
        try? FileManager.default.removeItem(atPath: year.directory.appendingPathComponent("journal.sqlite-closed").path)
        let unclean = try await DedicatedThread.run { try Self.startToReady(config: yearKiosk.config, times: 1) }
        return FigureResult(
            values: [
                Measured(label: "p50", value: full.p50, unit: "ms"), Measured(label: "max", value: full.max, unit: "ms"),
                Measured(label: "after an unclean stop", value: unclean.max, unit: "ms"),
            ],
            baseline: [Measured(label: "roster-only journal p50", value: baseline.p50, unit: "ms")],
            ratio: full.p50 / max(baseline.p50, 0.001),
            goal: "≤ 300 ms",
            met: full.max <= 300,
            note: "\(starts) starts each after clean stops, no readers, standalone; timed from spawning the process to receiving "
                + "READY=1; after an unclean stop the start reads the whole journal (integrity check)"
        )
    }

    /// How long one start may take before the figure gives up, in seconds: a slow start is measured, not refused.
    private static let patience: Int64 = 120

    /// Starts `kiosk run` with `config` `times` times, each until READY=1, then stops it with SIGTERM.
    private static func startToReady(config: String, times: Int) throws -> Samples {
        var samples = Samples()
        for _ in 0..<times {
            let socket = try NotifySocket()
            let process = Process()
            process.executableURL = BenchKiosk.executable
            process.arguments = ["run", "--plain", "--config", config]
            process.environment = ProcessInfo.processInfo.environment.merging(["NOTIFY_SOCKET": socket.path]) { $1 }
            process.standardOutput = FileHandle.nullDevice
            let start = ContinuousClock.now
            try process.run()
            var ready = false
            while !ready, ContinuousClock.now - start < .seconds(Self.patience) {
                if let message = socket.receive() {
                    ready = message == "READY=1"
                } else if !process.isRunning {
                    break
                }
            }
            let elapsed = ContinuousClock.now - start
            let exited = !process.isRunning
            process.terminate()
            process.waitUntilExit()
            guard ready else {
                throw BenchError(
                    exited
                        ? "kiosk run exited with status \(process.terminationStatus) before READY=1"
                        : "kiosk run sent no READY=1 within \(Self.patience) s"
                )
            }
            samples.append(elapsed.milliseconds)
        }
        return samples
    }
}
