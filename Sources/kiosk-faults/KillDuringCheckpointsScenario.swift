import Foundation
import GRDB
import KioskTesting

/// R8: `kill -9` of `kiosk sync` at random moments of its passes (the push, the signing of the log's checkpoint, the
/// exchange with the hub, keeping its cosignature, the clock's corrections), with taps recorded between the rounds;
/// then one pass to its end. Every recorded tap must be at the hub once, and both `kiosk log verify` and `kiosk-hub
/// log verify` must find the logs whole, the gate's witnessed up to its last event.
struct KillDuringCheckpointsScenario: FaultScenario {
    let name = "R8"
    let title = "kill -9 during sync passes and their checkpoint exchanges"
    static let kioskID = "gate-r8"
    static let students = 20

    func run(_ run: ScratchRun) async throws -> ScenarioResult {
        let rounds = run.quick ? 30 : 200
        let directory = try run.directory("r8")
        let hubCommands = HubCommands(dataDirectory: directory.appendingPathComponent("hub").path)
        let roster = directory.appendingPathComponent("roster.csv")
        try NumberedRoster.csv(students: Self.students).write(to: roster, atomically: true, encoding: .utf8)
        try await hubCommands.importRoster(roster.path)
        let token = try await hubCommands.createToken(kioskID: Self.kioskID)
        let hub = try await hubCommands.serve()
        do {
            let result = try await Self.rounds(rounds, hub: hub, token: token, directory: directory, hubCommands: hubCommands)
            _ = try await hub.process.terminate()
            return result
        } catch {
            _ = try? await hub.process.terminate()
            throw error
        }
    }

    private static func rounds(_ rounds: Int, hub: HubProcess, token: String, directory: URL, hubCommands: HubCommands) async throws -> ScenarioResult
    {
        let tokenFile = directory.appendingPathComponent("token").path
        try (token + "\n").write(toFile: tokenFile, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: tokenFile)
        let kiosk = try await KioskDirectory(
            at: directory.appendingPathComponent("kiosk"),
            kioskID: kioskID,
            sections: "[sync]\nhub_url = \"\(hub.url)\"\ntoken_file = \"\(tokenFile)\"\n",
            roster: nil
        )
        var recorded = 0
        var killed = 0
        for round in 0..<rounds {
            for tap in 0..<3 {
                let uid = NumberedRoster.cardUID((round * 3 + tap) % students)
                if try await Self.exit(["tap", "--uid", uid, "--config", kiosk.config]).status == 0 { recorded += 1 }
            }
            let sync = try LoggedProcess(KioskDirectory.kiosk, ["sync", "--once", "--config", kiosk.config], keepingStandardError: true)
            try await Task.sleep(for: .milliseconds(Int.random(in: 0...250)))
            _ = try await sync.terminate(with: SIGKILL, timeout: 30)
            // A pass that ended before the signal exits 0 or 69 (hub unavailable); one the signal ended, by signal 9.
            if try await sync.exitStatus(timeout: 30) == SIGKILL { killed += 1 }
        }
        let last = try await Self.exit(["sync", "--once", "--config", kiosk.config])
        let gateVerify = try await Self.exit(["log", "verify", "--config", kiosk.config])
        let hubVerify = try await Self.exit(["log", "verify", "--data-dir", hubCommands.dataDirectory], executable: HubCommands.executable)
        let status = try await Self.exit(["status", "--format", "json", "--config", kiosk.config])
        let log = (try? JSONSerialization.jsonObject(with: Data(status.output.utf8)) as? [String: Any])?["log"] as? [String: Any]
        let witnessed = log?["witnessed"] as? Int ?? -1
        let (held, distinct) = try await DatabaseQueue(path: hubCommands.dataDirectory + "/hub.sqlite").read { db in
            (
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM event WHERE kiosk_id = ?", arguments: [kioskID]) ?? 0,
                try Int.fetchOne(db, sql: "SELECT COUNT(DISTINCT id) FROM event WHERE kiosk_id = ?", arguments: [kioskID]) ?? 0
            )
        }
        return ScenarioResult(
            counts: [
                Count(label: "rounds", value: Double(rounds)), Count(label: "passes ended by kill -9", value: Double(killed)),
                Count(label: "taps recorded", value: Double(recorded)), Count(label: "events at the hub", value: Double(held)),
            ],
            invariants: [
                Invariant(
                    statement: "every recorded tap is at the hub once after a last pass",
                    held: last.status == 0 && held == recorded && distinct == held,
                    detail: "\(held) held (\(distinct) distinct) of \(recorded) recorded; last pass exited \(last.status)"
                ),
                Invariant(
                    statement: "kiosk log verify finds the gate's log whole",
                    held: gateVerify.status == 0,
                    detail: "exit \(gateVerify.status): \(gateVerify.output.prefix(200).replacingOccurrences(of: "\n", with: "; "))"
                ),
                Invariant(
                    statement: "kiosk-hub log verify finds the hub's copy whole",
                    held: hubVerify.status == 0,
                    detail: "exit \(hubVerify.status): \(hubVerify.output.prefix(200).replacingOccurrences(of: "\n", with: "; "))"
                ),
                Invariant(
                    statement: "the gate's log is witnessed by the hub up to its last event, no refusal",
                    held: witnessed == recorded && log?["refused"] is NSNull,
                    detail: "witnessed up to seq \(witnessed) of \(recorded)"
                ),
            ]
        )
    }

    /// Runs `executable` (`kiosk` unless told) with `arguments` to its end: its status and output.
    private static func exit(_ arguments: [String], executable: URL = KioskDirectory.kiosk) async throws -> (status: Int32, output: String) {
        let process = try LoggedProcess(executable, arguments, keepingStandardError: true)
        let status = try await process.exitStatus(timeout: 120)
        return (status, process.output.joined(separator: "\n"))
    }
}
