import Foundation
import KioskTesting

/// R5: pcscd stopped and started again, over and over, under a running `kiosk run` with two virtual readers
/// (stopping pcscd removes both readers; starting it adds them back). Each time, how long the kiosk takes to
/// report both readers working again once pcscd is back, and every few rounds a card tapped to prove it reads;
/// the kiosk's open descriptors and memory must stay flat.
struct PCSCDRestartScenario: FaultScenario {
    let name = "R5"
    let title = "pcscd restarted under kiosk run"
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts/pcscd-fixture.sh")

    func run(_ run: ScratchRun) async throws -> ScenarioResult {
        guard let pcscdConfig = ProcessInfo.processInfo.environment["KIOSK_PCSCD_CONFIG"] else {
            throw FaultError("KIOSK_PCSCD_CONFIG is not set: start pcscd with scripts/pcscd-fixture.sh start DIR and export DIR")
        }
        let restarts = run.quick ? 10 : 100
        let directory = try run.directory("r5")
        let data = directory.appendingPathComponent("data")
        let kiosk = try await KeyboardKiosk(
            configIn: directory,
            data: data,
            students: restarts + 1,
            readers: ["a": "00 00", "b": "00 01"].map {
                "[[readers]]\nname = \"\($0.key)\"\ndriver = \"pcsc\"\nmatch = \"\($0.value)\"\ndirection = \"toggle\"\n"
            }
            .joined(separator: "\n")
        )
        let states = data.appendingPathComponent("readers.state").path
        guard try await Self.waitUntilReadersWork(states, timeout: 10) != nil else { throw FaultError("the readers never worked") }
        let statistics = ProcessStatistics(pid: kiosk.process.pid)
        let firstDescriptors = statistics.openDescriptors ?? 0
        let firstResident = statistics.residentBytes ?? 0
        var recoveries = Samples()
        var tapped = 0
        var recorded = 0
        var missed: [String] = []
        for round in 1...restarts {
            try await DedicatedThread.run { try Self.fixture("stop", pcscdConfig) }
            try await Self.waitUntilReadersFail(states, timeout: 10)
            try await DedicatedThread.run { try Self.fixture("start", pcscdConfig) }
            guard let recovery = try await Self.waitUntilReadersWork(states, timeout: 30) else {
                let log = kiosk.process.output.suffix(8).joined(separator: "\n")
                throw FaultError("round \(round): the readers did not work again within 30 s; the kiosk said:\n\(log)")
            }
            recoveries.append(recovery)
            if round % 5 == 0 {
                tapped += 1
                let card = VirtualCard(uid: NumberedRoster.cardUID(round))
                try await card.tap(port: VirtualCard.firstReaderPort, hold: 0.5)
                if (try? await kiosk.process.line(containingAny: ["a: IN S\(round) ", "a: OUT S\(round) "], timeout: 5)) != nil {
                    recorded += 1
                } else {
                    missed.append("round \(round): " + kiosk.process.output.suffix(4).joined(separator: " | "))
                }
            }
        }
        let lastDescriptors = statistics.openDescriptors ?? 0
        let lastResident = statistics.residentBytes ?? 0
        try await kiosk.process.terminate()
        let growth = Double(lastResident - firstResident) / 1_048_576
        return ScenarioResult(
            counts: [
                Count(label: "restarts", value: Double(restarts)), Count(label: "recovery p50 s", value: recoveries.p50),
                Count(label: "recovery max s", value: recoveries.max), Count(label: "cards tapped", value: Double(tapped)),
                Count(label: "open fds first", value: Double(firstDescriptors)), Count(label: "open fds last", value: Double(lastDescriptors)),
                Count(label: "RSS growth MB", value: growth),
            ],
            invariants: [
                Invariant(
                    statement: "each recovery under 2 s",
                    held: recoveries.max < 2,
                    detail: String(format: "max %.2f s over %d restarts", recoveries.max, restarts)
                ),
                Invariant(
                    statement: "cards read after restarts",
                    held: recorded == tapped,
                    detail: "\(recorded) of \(tapped) recorded" + (missed.isEmpty ? "" : "; missed: \(missed.joined(separator: "; "))")
                ),
                Invariant(
                    statement: "open descriptors flat",
                    held: lastDescriptors <= firstDescriptors + 2,
                    detail: "\(firstDescriptors) → \(lastDescriptors)"
                ),
                Invariant(statement: "memory flat (≤ 4 MB growth)", held: growth <= 4, detail: String(format: "%.1f MB", growth)),
            ]
        )
    }

    /// Runs scripts/pcscd-fixture.sh `action` `config` (start waits until pcscd answers; stop until it is gone).
    private static func fixture(_ action: String, _ config: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [fixture.path, action, config]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw FaultError("pcscd-fixture.sh \(action) failed") }
    }

    /// Seconds until the kiosk's readers.state says every reader is ok, or nil after `timeout`.
    private static func waitUntilReadersWork(_ path: String, timeout: Double) async throws -> Double? {
        let start = ContinuousClock.now
        while (ContinuousClock.now - start) < .seconds(timeout) {
            if let text = try? String(contentsOfFile: path, encoding: .utf8), text.contains("\tok\t"), !text.contains("\tfailing\t") {
                let elapsed = ContinuousClock.now - start
                return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            }
            try await Task.sleep(for: .milliseconds(10))
        }
        return nil
    }

    private static func waitUntilReadersFail(_ path: String, timeout: Double) async throws {
        let start = ContinuousClock.now
        while (ContinuousClock.now - start) < .seconds(timeout) {
            if let text = try? String(contentsOfFile: path, encoding: .utf8), !text.contains("\tok\t") { return }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw FaultError("the kiosk never noticed pcscd stopping")
    }
}
