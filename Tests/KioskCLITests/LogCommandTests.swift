import Foundation
import GRDB
import KioskLog
import KioskTesting
import KioskWire
import Testing

@testable import kiosk

/// `kiosk log key|verify|export` through the real binary, its journal synced to a real hub so that it holds a signed
/// checkpoint; a journal edited behind the kiosk's back is found, naming the seq.
@Suite struct LogCommandTests {
    @Test func theLogIsSignedAtSyncVerifiedExportedAndAnEditIsFound() async throws {
        let hub = try HubSandbox()
        let (server, port, token) = try await hub.serve(tokenFor: "gate-1")
        let kiosk = try KioskSandbox().withRoster()
        try kiosk.connect(toHubOnPort: port, token: token)
        for (minute, uid) in ["04A1B2C3", "11223344", "DEADBEEF", "55667788", "04A1B2C3"].enumerated() {
            #expect(try kiosk.kiosk("tap", "--uid", uid, "--at", "2026-11-21T08:0\(minute):00+05:30").status == 0)
        }
        #expect(try kiosk.kiosk("sync", "--once").status == 0)
        #expect(try await server.terminate() != nil)

        let key = try kiosk.kiosk("log", "key")
        #expect(key.status == 0)
        let vkey = try NoteVerifier(vkey: key.stdout.trimmingCharacters(in: .newlines))
        #expect(vkey.name == "kiosk/gate-1" && key.stdout.hasSuffix("\n") && !key.stdout.dropLast().contains("\n"))
        let keyFile = kiosk.directory.appendingPathComponent("data/log.key").path
        #expect((try FileManager.default.attributesOfItem(atPath: keyFile)[.posixPermissions] as? Int).map { $0 & 0o777 } == 0o600)

        let verified = try kiosk.kiosk("log", "verify")
        #expect(verified.status == 0, "\(verified.stdout)\(verified.stderr)")
        #expect(verified.stdout.contains("log verified: 5 events; checkpoints: cosigned up to seq 5, signed up to seq 5"))

        let export = try kiosk.kiosk("log", "export")
        let events = try export.stdout.split(separator: "\n").map { try JSONDecoder().decode(WireEvent.self, from: Data($0.utf8)) }
        #expect(events.map(\.seq) == [1, 2, 3, 4, 5])
        let tree = InMemoryMerkleTree(leafHashes: try events.map { try EventLeaf($0).leafHash })
        let checkpoint = try await DatabaseQueue(path: kiosk.journal).read { db in
            try String.fetchOne(db, sql: "SELECT note FROM log_checkpoint WHERE kind = 'signed'")
        }
        let signed = try SignedCheckpoint(parsing: try #require(checkpoint))
        try signed.verify(kioskKey: vkey, witnessKeys: [])
        #expect(try MerkleTree.root(size: 5, from: tree) == signed.checkpoint.rootHash)

        try await DatabaseQueue(path: kiosk.journal).write { db in
            try db.execute(sql: "UPDATE event SET student_id = 'S002' WHERE seq = 3 AND kiosk_id = 'gate-1'")
        }
        let edited = try kiosk.kiosk("log", "verify")
        #expect(edited.status == 65)
        #expect(edited.stdout.hasPrefix("seq 3: "), "\(edited.stdout)")
        #expect(edited.stdout.contains("the signed checkpoint of size 5"))
    }
}
