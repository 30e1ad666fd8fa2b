import Foundation
import GRDB
import KioskLog
import KioskTesting
import Testing

@testable import kiosk

/// The hub as the witness of a gate's log, through the real `kiosk` and `kiosk-hub` binaries: each sync that sends
/// events posts a checkpoint, which the hub cosigns; a gate whose key file was lost makes a new key, goes on recording
/// and syncing, and says the hub refuses its checkpoints until the operator pins the new key.
@Suite struct WitnessedLogTests {
    func cosignedNote(_ kiosk: KioskSandbox) async throws -> String? {
        try await DatabaseQueue(path: kiosk.journal).read { db in
            try String.fetchOne(db, sql: "SELECT note FROM log_checkpoint WHERE kind = 'cosigned'")
        }
    }

    func logStatus(_ kiosk: KioskSandbox) throws -> [String: Any] {
        let status = try kiosk.kiosk("status", "--format", "json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any])
        return try #require(object["log"] as? [String: Any])
    }

    @Test func theHubCosignsEachSyncsCheckpointAndRefusesANewKeyUntilItIsPinned() async throws {
        let hub = try HubSandbox()
        let (server, port, token) = try await hub.serve(tokenFor: "gate-1")
        let kiosk = try KioskSandbox().withRoster()
        try kiosk.connect(toHubOnPort: port, token: token)
        for (minute, uid) in ["04A1B2C3", "11223344", "DEADBEEF"].enumerated() {
            #expect(try kiosk.kiosk("tap", "--uid", uid, "--at", "2026-11-21T08:0\(minute):00+05:30").status == 0)
        }
        #expect(try kiosk.kiosk("sync", "--once").status == 0)

        let keys = try hub.hub("log", "key")
        #expect(keys.status == 0)
        let vkeys = keys.stdout.split(separator: "\n").map(String.init)
        #expect(vkeys.count == 2)
        let witness = try NoteVerifier(vkey: vkeys[0])
        let hubLog = try NoteVerifier(vkey: vkeys[1])
        #expect(witness.name == "kiosk-hub" && witness.type == .cosignature && hubLog.name == "kiosk-hub/log" && hubLog.type == .ed25519)
        let kioskKey = try NoteVerifier(vkey: try kiosk.kiosk("log", "key").stdout.trimmingCharacters(in: .newlines))
        let note = try #require(try await cosignedNote(kiosk))
        let cosigned = try SignedCheckpoint(parsing: note)
        try cosigned.verify(kioskKey: kioskKey, witnessKeys: [witness])
        #expect(cosigned.checkpoint.size == 3)
        #expect(try hub.hub("log", "checkpoint", "--kiosk", "gate-1").stdout == note)
        #expect(try hub.hub("log", "checkpoint", "--kiosk", "gate-9").status == 69)
        #expect(try logStatus(kiosk)["witnessed"] as? Int == 3)
        #expect(try kiosk.kiosk("status").stdout.contains("\nlog: witnessed by the hub up to seq 3\n"))

        // The key file is lost: the gate makes a new key and goes on; the hub refuses what it signs.
        try FileManager.default.removeItem(atPath: kiosk.directory.appendingPathComponent("data/log.key").path)
        #expect(try kiosk.kiosk("tap", "--uid", "04A1B2C3", "--at", "2026-11-21T09:00:00+05:30").status == 0)
        #expect(try kiosk.kiosk("sync", "--once").status == 0)
        let refused = try #require(try logStatus(kiosk)["refused"] as? String)
        #expect(refused.contains("another key"), "\(refused)")
        let text = try kiosk.kiosk("status").stdout
        #expect(text.contains("\nlog: checkpoint of size 4 refused by the hub: signed by another key"), "\(text)")
        #expect(try hub.hub("alerts", "list", "--format", "json").stdout.contains("log_inconsistent"))
        #expect(try hub.hub("log", "checkpoint", "--kiosk", "gate-1").stdout == note)

        // The operator pins the new key; the next sync's checkpoint is cosigned.
        let newKey = try kiosk.kiosk("log", "key").stdout.trimmingCharacters(in: .newlines)
        #expect(newKey != kioskKey.vkey)
        #expect(try hub.hub("token", "create", "--kiosk", "gate-1", "--vkey", "kiosk/gate-2+00000000+AAAA").status == 64)
        #expect(try hub.hub("token", "create", "--kiosk", "gate-1", "--vkey", newKey).status == 0)
        let audit = try hub.hub("audit", "list", "--format", "json").stdout
        let pinned = try #require(try JSONSerialization.jsonObject(with: Data(audit.utf8)) as? [[String: Any]]).last
        #expect(pinned?["action"] as? String == "token.create" && (pinned?["actor"] as? String)?.hasPrefix("cli:") == true)
        #expect((pinned?["detail"] as? String)?.hasSuffix("log key pinned: " + newKey) == true, "\(audit)")
        #expect(try kiosk.kiosk("tap", "--uid", "11223344", "--at", "2026-11-21T09:01:00+05:30").status == 0)
        #expect(try kiosk.kiosk("sync", "--once").status == 0)
        let status = try logStatus(kiosk)
        #expect(status["refused"] is NSNull && status["witnessed"] as? Int == 5)
        let renewed = try SignedCheckpoint(parsing: try #require(try await cosignedNote(kiosk)))
        try renewed.verify(kioskKey: try NoteVerifier(vkey: newKey), witnessKeys: [witness])
        #expect(try kiosk.kiosk("log", "verify").status == 0)
        #expect(try await server.terminate() != nil)
    }
}
