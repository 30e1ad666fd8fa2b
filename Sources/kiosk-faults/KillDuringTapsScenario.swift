import Foundation
import KioskTesting

/// R1: `kill -9` at random moments while a child records taps and acknowledges each after its commit. Every
/// acknowledged tap must be in the journal afterwards, and the journal must pass `PRAGMA integrity_check`.
struct KillDuringTapsScenario: FaultScenario {
    let name = "R1"
    let title = "kill -9 while taps are recorded"

    func run(_ run: ScratchRun) async throws -> ScenarioResult {
        let kills = 1000
        let students = 50
        let path = try run.directory("r1").appendingPathComponent("journal.sqlite").path
        _ = try await NumberedRoster.journal(at: path, kioskID: KeyboardKiosk.kioskID, students: students)
        let (acknowledged, missing, checks, integrity) = try await DedicatedThread.run {
            try Self.killRepeatedly(kills: kills, journal: path, students: students)
        }
        let journal = try JournalInspection(path: path)
        let unacknowledged = journal.eventIDs.subtracting(acknowledged).count
        return ScenarioResult(
            counts: [
                Count(label: "kills", value: Double(kills)), Count(label: "acknowledged taps", value: Double(acknowledged.count)),
                Count(label: "events in journal", value: Double(journal.eventIDs.count)),
                Count(label: "committed but not yet acknowledged when killed", value: Double(unacknowledged)),
                Count(label: "journal checks", value: Double(checks)),
            ],
            invariants: [
                Invariant(
                    statement: "every acknowledged tap is in the journal",
                    held: missing.isEmpty && acknowledged.count > kills,
                    detail: missing.isEmpty ? "\(acknowledged.count) of \(acknowledged.count) found" : "missing: \(missing.sorted().prefix(5))"
                ),
                Invariant(statement: "PRAGMA integrity_check is ok", held: integrity == "ok", detail: integrity),
            ]
        )
    }

    /// The loop itself, blocking: start a child, let it record for a random moment, kill it, collect its
    /// acknowledgements; every 100 kills check the journal.
    private static func killRepeatedly(kills: Int, journal path: String, students: Int) throws -> (Set<String>, Set<String>, Int, String) {
        var acknowledged = Set<String>()
        var missing = Set<String>()
        var checks = 0
        var integrity = "ok"
        for kill in 1...kills {
            let child = try TapChild(journal: path, students: students)
            try child.waitUntilRecording()
            usleep(UInt32.random(in: 0...30_000))
            acknowledged.formUnion(child.killAndCollect())
            if kill % 100 == 0 || kill == kills {
                let journal = try JournalInspection(path: path)
                missing.formUnion(acknowledged.subtracting(journal.eventIDs))
                checks += 1
                if journal.integrity != "ok" { integrity = journal.integrity }
            }
        }
        return (acknowledged, missing, checks, integrity)
    }
}
