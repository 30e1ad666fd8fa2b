import Foundation
import GRDB
import KioskTesting
import Testing

@testable import kiosk

/// CONTRACT.md "Backups, and the gates as the hub's second copy", through the real `kiosk` and `kiosk-hub` binaries.
@Suite struct HubBackupTests {
    static let roster = "student_id,name,room,tag_uid\nS001,Asha Verma,101,04A1B2C3\nS002,Bilal Khan,102,11223344\n"

    /// The students and summary of the hub's JSON report of 2026-11-21.
    func report(_ hub: HubSandbox) throws -> String {
        let run = try hub.hub("report", "--date", "2026-11-21", "--format", "json")
        #expect(run.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let parts = ["summary": object["summary"] ?? NSNull(), "students": object["students"] ?? NSNull()]
        return String(decoding: try JSONSerialization.data(withJSONObject: parts, options: [.sortedKeys]), as: UTF8.self)
    }

    func gate(_ kioskID: String, _ hub: HubSandbox, port: Int, token: String? = nil) throws -> KioskSandbox {
        try hub.gate(kioskID, port: port, token: token)
    }

    func tap(_ gate: KioskSandbox, _ uid: String, at time: String) throws {
        let run = try gate.kiosk("tap", "--uid", uid, "--at", "2026-11-21T\(time):00+05:30")
        #expect(run.status == 0 && (run.stdout.hasPrefix("IN") || run.stdout.hasPrefix("OUT")), "\(run.stdout)")
    }

    /// The whole story of the issue: a backup, more taps synced, the hub stopped and restored from the backup; one
    /// sync pass of each gate later the hub's report is what it was before the loss and its logs verify.
    @Test func aHubRestoredFromAnOlderCopyIsRefilledByItsGates() async throws {
        let hub = try HubSandbox()
        #expect(try hub.hub("roster", "import", try hub.write("roster.csv", Self.roster)).status == 0)
        let (server, port, token) = try await hub.serve(tokenFor: "gate-1")
        let gate1 = try gate("gate-1", hub, port: port, token: token)
        let gate2 = try gate("gate-2", hub, port: port)
        try tap(gate1, "04A1B2C3", at: "08:00")
        try tap(gate2, "11223344", at: "08:05")
        for gate in [gate1, gate2] { #expect(try gate.kiosk("sync", "--once").status == 0) }

        let copy = try hub.write("placeholder", "")
        try FileManager.default.removeItem(atPath: copy)
        let backup = try hub.hub("backup", "--to", copy)
        #expect(backup.status == 0, "\(backup.stderr)")
        let mode = try FileManager.default.attributesOfItem(atPath: copy)[.posixPermissions] as? Int
        #expect(mode == 0o600)

        try tap(gate1, "04A1B2C3", at: "18:00")
        try tap(gate2, "11223344", at: "19:00")
        try tap(gate1, "11223344", at: "21:00")
        for gate in [gate1, gate2] { #expect(try gate.kiosk("sync", "--once").status == 0) }
        let before = try report(hub)

        let busy = try hub.hub("restore", "--from", copy)
        #expect(busy.status == 75 && busy.stderr.contains("kiosk-hub serve is running"), "\(busy.stderr)")
        #expect(try await server.terminate() != nil)
        let restored = try hub.hub("restore", "--from", copy)
        #expect(restored.status == 0, "\(restored.stderr)")
        #expect(FileManager.default.fileExists(atPath: hub.directory + "/hub.sqlite.before-restore"))
        #expect(try report(hub) != before, "the copy lacks the three later taps")

        let again = try LoggedProcess(HubSandbox.executable, ["serve", "--port", "\(port)", "--data-dir", hub.directory], keepingStandardError: true)
        _ = try await again.line(containing: "listening on")
        for gate in [gate1, gate2] { #expect(try gate.kiosk("sync", "--once").status == 0) }
        #expect(try report(hub) == before)
        let verify = try hub.hub("log", "verify")
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
        for gate in [gate1, gate2] {
            let status = try gate.kiosk("status", "--format", "json").stdout
            let json = try #require(try JSONSerialization.jsonObject(with: Data(status.utf8)) as? [String: Any])
            #expect((json["sync"] as? [String: Any])?["pending"] as? Int == 0)
        }
        #expect(try await again.terminate() != nil)
    }

    @Test func aCopyThatIsNotAWholeHubDatabaseIsRefusedAndNothingChanges() async throws {
        let hub = try HubSandbox()
        #expect(try hub.hub("roster", "import", try hub.write("roster.csv", Self.roster)).status == 0)
        let copy = hub.directory + "/../copy.sqlite"
        #expect(try hub.hub("backup", "--to", copy).status == 0)
        let database = hub.directory + "/hub.sqlite"
        let original = try Data(contentsOf: URL(fileURLWithPath: database))

        let whole = try Data(contentsOf: URL(fileURLWithPath: copy))
        let truncated = try hub.write("truncated.sqlite", "")
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: truncated))
        let text = try hub.write("notes.txt", "student_id,name\n")
        let foreign = try hub.write("foreign.sqlite", "")
        try FileManager.default.removeItem(atPath: foreign)
        try await DatabaseQueue(path: foreign).write { db in try db.execute(sql: "CREATE TABLE t (x); PRAGMA application_id = 42") }
        let newer = try hub.write("newer.sqlite", "")
        try FileManager.default.removeItem(atPath: newer)
        try FileManager.default.copyItem(atPath: copy, toPath: newer)
        try await DatabaseQueue(path: newer).write { db in try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v999')") }

        for (file, words) in [
            (truncated, "nothing was restored"), (text, "nothing was restored"), (foreign, "not a copy of a hub database"),
            (newer, "written by a newer version of kiosk-hub"),
        ] {
            let run = try hub.hub("restore", "--from", file)
            #expect(run.status == 65, "\(file): \(run.stderr)")
            #expect(run.stderr.contains(words), "\(file): \(run.stderr)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == original)
        }
        #expect(try hub.hub("restore", "--from", hub.directory + "/../absent.sqlite").status == 66)
        #expect(!FileManager.default.fileExists(atPath: database + ".before-restore"))

        let unwritable = try hub.hub("backup", "--to", "/proc/kiosk-hub-backup.sqlite")
        #expect(unwritable.status == 74 && unwritable.stderr.contains("/proc/kiosk-hub-backup.sqlite"), "\(unwritable.stderr)")
        #expect(try hub.hub("restore", "--from", copy).status == 0)
    }
}

extension HubSandbox {
    /// A gate `kioskID` synced to this hub serving on `port` with a token of its own, holding the hub's roster.
    func gate(_ kioskID: String, port: Int, token: String? = nil) throws -> KioskSandbox {
        let gate = try KioskSandbox(exitReader: false, kioskID: kioskID)
        var token = token ?? ""
        if token.isEmpty {
            token = try #require(try hub("token", "create", "--kiosk", kioskID).stdout.split(separator: "\n").last.map(String.init))
        }
        try gate.connect(toHubOnPort: port, token: token)
        #expect(try gate.kiosk("sync", "--once").status == 0)
        return gate
    }
}
