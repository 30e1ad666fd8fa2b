import Foundation
import KioskTesting
import Testing

@testable import kiosk

/// `kiosk-hub student erase` through the real binaries, while `serve` runs: afterwards no byte of the student's name,
/// id or card UID is left in `hub.sqlite`, its write-ahead log or `hub.sqlite.before-restore`, nor, after their next
/// sync, in the journals of a gate that was online and of one offline during the erasure that read the card since;
/// the day's report keeps their row under a pseudonym with the same status and taps; every log still verifies.
@Suite struct StudentEraseCommandTests {
    static let roster = "student_id,name,room,tag_uid\nZQ4711,Zenobia Quist,101,04C0FFEE\nS002,Bilal Khan,102,11223344\n"

    /// The students and summary of the hub's JSON report of 2026-11-21.
    func report(_ hub: HubSandbox) throws -> (summary: String, students: [[String: Any]]) {
        let run = try hub.hub("report", "--date", "2026-11-21", "--format", "json")
        #expect(run.status == 0, "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let summary = try JSONSerialization.data(withJSONObject: object["summary"] ?? NSNull(), options: [.sortedKeys])
        return (String(decoding: summary, as: UTF8.self), try #require(object["students"] as? [[String: Any]]))
    }

    /// What the report says of a student's day, without who they are.
    func day(_ row: [String: Any]) throws -> String {
        var row = row
        for key in ["studentId", "name", "room"] { row[key] = nil }
        return String(decoding: try JSONSerialization.data(withJSONObject: row, options: [.sortedKeys]), as: UTF8.self)
    }

    static let words = ["Zenobia", "Quist", "ZQ4711", "04C0FFEE", "04c0ffee"]

    /// Records an issue for each of `words` found in the raw bytes of `files` that exist.
    func expectNone(of words: [String], in files: [String]) throws {
        for path in files where FileManager.default.fileExists(atPath: path) {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            for word in words { #expect(bytes.range(of: Data(word.utf8)) == nil, "\(path) still holds \(word)") }
        }
    }

    @Test func noByteOfTheStudentStaysInTheHubsOrTheGatesFilesAndPastReportsStillAddUp() async throws {
        let hub = try HubSandbox()
        #expect(try hub.hub("roster", "import", try hub.write("roster.csv", Self.roster)).status == 0)
        let (server, port, token) = try await hub.serve(tokenFor: "gate-1")
        let gate = try hub.gate("gate-1", port: port, token: token)
        let offline = try hub.gate("gate-2", port: port)
        for (uid, time) in [("04C0FFEE", "08:00"), ("11223344", "08:05"), ("04C0FFEE", "18:00")] {
            let run = try gate.kiosk("tap", "--uid", uid, "--at", "2026-11-21T\(time):00+05:30")
            #expect(run.status == 0, "\(run.stderr)")
        }
        #expect(try gate.kiosk("sync", "--once").status == 0)
        #expect(try offline.kiosk("sync", "--once").status == 0)
        let late = try offline.kiosk("tap", "--uid", "04C0FFEE", "--at", "2026-11-21T21:00:00+05:30")
        #expect(late.status == 0 && late.stdout.contains("ZQ4711 Zenobia Quist"), "\(late.stdout)")
        let before = try report(hub)
        let copy = hub.directory + "/../copy.sqlite"
        #expect(try hub.hub("backup", "--to", copy).status == 0)
        #expect(try await server.terminate() != nil)
        #expect(try hub.hub("restore", "--from", copy).status == 0)
        let again = try LoggedProcess(HubSandbox.executable, ["serve", "--port", "\(port)", "--data-dir", hub.directory], keepingStandardError: true)
        _ = try await again.line(containing: "listening on")

        let erase = try hub.hub("student", "erase", "ZQ4711")
        #expect(erase.status == 0, "\(erase.stderr)")
        let receipt = try #require(try JSONSerialization.jsonObject(with: Data(erase.stdout.utf8)) as? [String: Any])
        #expect(receipt["student"] as? String == "ZQ4711" && receipt["property"] as? String == "default")
        #expect(receipt["events"] as? Int == 2 && receipt["passes"] as? Int == 0 && receipt["alerts"] as? Int == 0)
        let signature = try #require(receipt["signature"] as? String)
        #expect(signature.hasPrefix("student ZQ4711\nproperty default\nerasedAt "), "\(signature)")
        #expect(signature.contains("\nevents 2\npasses 0\nalerts 0\n\n— kiosk-hub/log "), "\(signature)")

        let hubFiles = ["hub.sqlite", "hub.sqlite-wal", "hub.sqlite.before-restore"].map { hub.directory + "/" + $0 }
        try expectNone(of: Self.words, in: hubFiles)
        for file in [hubFiles[0], hubFiles[2]] {
            #expect(try Data(contentsOf: URL(fileURLWithPath: file)).range(of: Data("Bilal Khan".utf8)) != nil, "\(file) lost another student")
        }

        let after = try report(hub)
        #expect(after.summary == before.summary)
        let erased = try #require(after.students.first { ($0["studentId"] as? String)?.hasPrefix("erased-") == true })
        let pseudonym = try #require(erased["studentId"] as? String)
        let original = try #require(before.students.first { $0["studentId"] as? String == "ZQ4711" })
        #expect(erased["name"] as? String == pseudonym && erased["room"] as? String == "")
        #expect(try day(erased) == day(original))
        #expect(after.students.count == before.students.count)

        // The gate online erases at its next sync; the one offline pushes its late read first (the hub erases it as it
        // arrives), then erases its own copy once the hub has it.
        #expect(try gate.kiosk("sync", "--once").status == 0)
        for _ in 0..<2 { #expect(try offline.kiosk("sync", "--once").status == 0) }
        for sandbox in [gate, offline] {
            try expectNone(of: Self.words, in: [sandbox.journal, sandbox.journal + "-wal"])
            let verify = try sandbox.kiosk("log", "verify")
            #expect(verify.status == 0 && verify.stdout.contains("removed or erased"), "\(verify.stdout)\(verify.stderr)")
        }
        try expectNone(of: Self.words, in: hubFiles)
        let rows = try report(hub).students.filter { ($0["studentId"] as? String)?.hasPrefix("erased-") == true }
        #expect(rows.count == 1 && rows.first?["studentId"] as? String == pseudonym)
        #expect(rows.first?["taps"] as? Int == (original["taps"] as? Int).map { $0 + 1 }, "the late read counts under the pseudonym")
        let gateReport = try offline.kiosk("report", "--date", "2026-11-21", "--format", "json")
        #expect(
            gateReport.status == 0 && gateReport.stdout.contains("\"\(pseudonym)\"") && !gateReport.stdout.contains("ZQ4711"),
            "\(gateReport.stdout)"
        )

        let verify = try hub.hub("log", "verify")
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
        #expect(verify.stdout.contains("gate-1: log verified: 3 events (2 removed or erased, their leaf hashes kept)"), "\(verify.stdout)")
        let audit = try hub.hub("audit", "list", "--format", "json")
        #expect(audit.stdout.contains("\"action\":\"student.erase\",\"subject\":\"\(pseudonym)\""), "\(audit.stdout)")

        let twice = try hub.hub("student", "erase", "ZQ4711")
        #expect(twice.status == 65 && twice.stderr.contains("no student 'ZQ4711' at property 'default'"), "\(twice.stderr)")
        #expect(try await again.terminate() != nil)
    }
}
