import Foundation
import GRDB
import KioskLog
import KioskTesting
import Testing

@testable import kiosk

/// `kiosk-hub audit list|checkpoint|export` through the real binary: commands are entries by `cli:<unix user>`, the
/// checkpoint is signed by the hub's log key, and the export verifies with the independent verifier; an entry edited
/// in the database is found by `kiosk-hub log verify`.
@Suite struct AuditCommandTests {
    @Test func theHubsCommandsAreAuditedAndTheAuditLogVerifiesIndependently() async throws {
        let hub = try HubSandbox()
        #expect(try hub.hub("audit", "checkpoint").status == 69)
        #expect(try hub.hub("audit", "list").stdout == "no audit entries\n")
        #expect(try hub.hub("user", "create", "asha", "--role", "warden", "--property", "default").status == 0)
        let roster = try hub.write("roster.csv", "student_id,name,room,tag_uid\nS001,Asha Verma,101,04A1B2C3\n")
        #expect(try hub.hub("roster", "import", roster).status == 0)
        #expect(try hub.hub("property", "create", "pg-7", "--name", "Sunrise PG").status == 0)

        let listed = try hub.hub("audit", "list", "--format", "json")
        #expect(listed.status == 0, "\(listed.stderr)")
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        #expect(entries.map { $0["action"] as? String } == ["user.create", "roster.import", "property.create"])
        #expect(entries.allSatisfy { ($0["actor"] as? String)?.hasPrefix("cli:") == true })
        #expect(entries.map { $0["property"] as? String } == ["default", "default", "pg-7"])
        let text = try hub.hub("audit", "list", "--property", "default").stdout
        #expect(text.contains(" user.create asha: warden of default\n") && !text.contains("property.create"), "\(text)")
        #expect(try hub.hub("audit", "list", "--since", "2999-01-01T00:00:00Z").stdout == "no audit entries\n")
        #expect(try hub.hub("audit", "list", "--since", "yesterday").status == 64)
        #expect(try hub.hub("audit", "list", "--property", "pg-9").status != 0)

        let checkpoint = try hub.hub("audit", "checkpoint")
        #expect(checkpoint.status == 0, "\(checkpoint.stderr)")
        let logVkey = try #require(try hub.hub("log", "key").stdout.split(separator: "\n").last.map(String.init))
        let signed = try SignedCheckpoint(parsing: checkpoint.stdout)
        try signed.verify(logKey: try NoteVerifier(vkey: logVkey), witnessKeys: [])
        #expect(signed.checkpoint.origin == "kiosk-hub/audit/default" && signed.checkpoint.size == 2)
        let export = try hub.hub("audit", "export").stdout
        #expect(export.split(separator: "\n").count == 2)
        let exportFile = try hub.write("audit.jsonl", export)
        let checkpointFile = try hub.write("audit-checkpoint.txt", checkpoint.stdout)
        let verifier = IndependentVerifierTests()
        #expect(try verifier.verify(["audit", exportFile, checkpointFile, "--log-vkey", logVkey]) == (0, "ok\n"))
        let forged = try hub.write(
            "forged.jsonl",
            export.replacingOccurrences(of: "\"action\":\"roster.import\"", with: "\"action\":\"student.add\"")
        )
        #expect(try verifier.verify(["audit", forged, checkpointFile, "--log-vkey", logVkey]).status == 1)
        #expect(try hub.hub("log", "verify").stdout.contains("audit/default: log verified: 2 entries\n"))

        try await DatabaseQueue(path: hub.directory + "/hub.sqlite").write { db in
            try db.execute(sql: "UPDATE audit_entry SET detail = 'nothing happened' WHERE property_id = 'default' AND seq = 2")
        }
        let verify = try hub.hub("log", "verify")
        #expect(verify.status == 65)
        #expect(verify.stdout.contains("audit/default: seq 2: the entry no longer matches"), "\(verify.stdout)")
    }
}
