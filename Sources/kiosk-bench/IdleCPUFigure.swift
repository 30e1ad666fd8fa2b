import Foundation
import KioskTesting

/// P3: the CPU `kiosk run` uses while nothing happens, with two virtual readers on the real pcscd and a hub to
/// sync to, against pcscd's own CPU over the same window (the reader stack's idle cost).
struct IdleCPUFigure: BenchFigure {
    let name = "P3"
    let title = "idle CPU of kiosk run, two virtual readers and a hub"

    func measure(_ run: ScratchRun) async throws -> FigureResult {
        let window = run.quick ? 20.0 : 60.0
        let directory = try run.directory("p3")
        let hub = try await BenchHub(in: directory, kioskIDs: ["bench"])
        let readers = ["00 00", "00 01"].enumerated().map { index, match in
            "[[readers]]\nname = \"gate-\(index)\"\ndriver = \"pcsc\"\nmatch = \"\(match)\"\ndirection = \"toggle\"\n"
        }
        let kiosk = try await BenchKiosk.directory(directory, readers: readers.joined(separator: "\n"), students: 2)
        // After the roster import: a kiosk with a hub takes its roster from the hub and refuses imports.
        try kiosk.append(hub.syncSection(for: BenchKiosk.kioskID))
        let service = try LoggedProcess(BenchKiosk.executable, ["run", "--plain", "--config", kiosk.config])
        _ = try await service.line(containing: "running with 2 readers", timeout: 20)
        try await Task.sleep(for: .seconds(3))
        guard let pcscd = Self.pcscdPID() else { throw BenchError("pcscd is not running (scripts/pcscd-fixture.sh start DIR)") }
        let kioskStatistics = ProcessStatistics(pid: service.pid)
        let pcscdStatistics = ProcessStatistics(pid: pcscd)
        let start = ContinuousClock.now
        guard let kioskBefore = kioskStatistics.cpuSeconds, let pcscdBefore = pcscdStatistics.cpuSeconds else {
            throw BenchError("cannot read /proc/PID/stat")
        }
        let kioskSwitchesBefore = kioskStatistics.contextSwitchesByThread
        let pcscdSwitchesBefore = pcscdStatistics.contextSwitchesByThread
        try await Task.sleep(for: .seconds(window))
        let kioskWakeups = Self.growth(from: kioskSwitchesBefore, to: kioskStatistics.contextSwitchesByThread)
        let pcscdWakeups = Self.growth(from: pcscdSwitchesBefore, to: pcscdStatistics.contextSwitchesByThread)
        let elapsed = ContinuousClock.now - start
        guard let kioskAfter = kioskStatistics.cpuSeconds, let pcscdAfter = pcscdStatistics.cpuSeconds else {
            throw BenchError("kiosk run or pcscd ended during the window")
        }
        try await service.terminate()
        _ = try await hub.process.terminate()
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let kioskPercent = (kioskAfter - kioskBefore) / seconds * 100
        let pcscdPercent = (pcscdAfter - pcscdBefore) / seconds * 100
        return FigureResult(
            values: [
                Measured(label: "kiosk run", value: kioskPercent, unit: "% of a core"),
                Measured(label: "wake-ups", value: Double(kioskWakeups) / seconds, unit: "/s"),
            ],
            baseline: [
                Measured(label: "pcscd", value: pcscdPercent, unit: "% of a core"),
                Measured(label: "wake-ups", value: Double(pcscdWakeups) / seconds, unit: "/s"),
            ],
            ratio: Double(kioskWakeups) / Double(max(pcscdWakeups, 1)),
            goal: "kiosk run ≤ 0.2 % of one core",
            met: kioskPercent <= 0.2,
            note: "\(Int(window)) s window after start-up settled; CPU from /proc/PID/stat in 10 ms ticks (resolution "
                + String(format: "%.3f", 1 / seconds) + " %); ratio = wake-ups (context switches of live threads) against pcscd's"
        )
    }

    /// How many context switches the threads alive at both samples made in between.
    static func growth(from before: [String: Int], to after: [String: Int]) -> Int {
        after.reduce(0) { total, entry in total + max(0, entry.value - (before[entry.key] ?? entry.value)) }
    }

    /// pcscd's pid from its pid file (which ends with a NUL byte).
    static func pcscdPID() -> Int32? {
        guard let text = try? String(contentsOfFile: "/run/pcscd/pcscd.pid", encoding: .utf8) else { return nil }
        return Int32(text.trimmingCharacters(in: .whitespacesAndNewlines.union(CharacterSet(charactersIn: "\0"))))
    }
}
