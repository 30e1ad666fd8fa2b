import Foundation
import Testing

@Suite struct CommandLineFlowTests {
    @Test func helpListsEveryCommand() throws {
        let root = try KioskRun(["--help"])
        #expect(root.status == 0)
        for command in ["roster", "enroll", "tap", "manual", "report", "status"] {
            #expect(root.stdout.contains(command))
            let help = try KioskRun([command, "--help"])
            #expect(help.status == 0, "\(command) --help")
            #expect(help.stdout.contains("USAGE"))
        }
    }

    @Test func tapsManualEntriesAndAJSONReport() throws {
        let kiosk = try KioskSandbox().withRoster()
        let out = try kiosk.kiosk("tap", "--uid", "04a1b2c3", "--at", "2026-11-21T20:00:00+05:30")
        #expect(out.status == 0)
        #expect(out.stdout.hasPrefix("OUT S001 Asha Verma"))
        let again = try kiosk.kiosk("tap", "--uid", "04A1B2C3D4E5F6", "--at", "2026-11-21T20:00:05+05:30")
        #expect(again.status == 0)
        #expect(again.stdout.hasPrefix("IGNORED S001"))
        #expect(again.stdout.contains("already OUT since 20:00"))
        let back = try kiosk.kiosk("tap", "--uid", "04A1B2C3", "--at", "2026-11-21T23:00:00+05:30")
        #expect(back.stdout.hasPrefix("IN S001"))
        let unknown = try kiosk.kiosk("tap", "--uid", "DE:AD:BE:EF", "--at", "2026-11-21T21:00:00+05:30")
        #expect(unknown.status == 0)
        #expect(unknown.stdout.hasPrefix("UNKNOWN DEADBEEF"))
        let exitGate = try kiosk.kiosk("tap", "--uid", "11223344", "--at", "2026-11-21T19:00:00+05:30", "--reader", "exit-gate")
        #expect(exitGate.stdout.hasPrefix("OUT S002"))
        let manual = try kiosk.kiosk(
            "manual",
            "--student",
            "S002",
            "--direction",
            "in",
            "--at",
            "2026-11-21T22:00:00+05:30",
            "--reason",
            "forgot card"
        )
        #expect(manual.status == 0)
        #expect(manual.stdout.hasPrefix("IN S002"))

        let report = try kiosk.kiosk("report", "--date", "2026-11-21", "--as-of", "2026-11-22T04:00:00+05:30", "--format", "json")
        #expect(report.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any])
        #expect(json["date"] as? String == "2026-11-21")
        #expect(json["evaluatedAt"] as? String == "2026-11-22T04:00:00+05:30")
        let summary = try #require(json["summary"] as? [String: Int])
        #expect(summary["total"] == 2 && summary["checkedIn"] == 2 && summary["late"] == 1)
        let students = try #require(json["students"] as? [[String: Any]])
        #expect(students.map { $0["studentId"] as? String } == ["S001", "S002"])
        #expect(students[1]["name"] as? String == "राहुल शर्मा")
        #expect(students[0]["taps"] as? Int == 2)
        #expect(students[1]["firstIn"] as? String == "2026-11-21T22:00:00+05:30")
        let unknownTags = try #require(json["unknownTags"] as? [[String: Any]])
        #expect(unknownTags.first?["uid"] as? String == "DEADBEEF")
        let sync = try #require(json["sync"] as? [String: Any])
        #expect(sync["pending"] as? Int == 6)
        #expect(sync["lastSyncedAt"] is NSNull)
    }

    @Test func reportFormatsAndOutputFile() throws {
        let kiosk = try KioskSandbox().withRoster()
        _ = try kiosk.kiosk("tap", "--uid", "11223344", "--at", "2026-11-21T20:00:00+05:30")
        let csvPath = kiosk.directory.appendingPathComponent("report.csv").path
        let csv = try kiosk.kiosk("report", "--date", "2026-11-21", "--format", "csv", "--output", csvPath)
        #expect(csv.status == 0)
        let bytes = try #require(FileManager.default.contents(atPath: csvPath))
        #expect(Array(bytes.prefix(3)) == [0xEF, 0xBB, 0xBF])
        #expect(String(decoding: bytes, as: UTF8.self).contains("राहुल शर्मा"))
        let text = try kiosk.kiosk("report", "--date", "2026-11-21", "--width", "32")
        #expect(text.status == 0)
        #expect(text.stdout.split(separator: "\n").allSatisfy { $0.count <= 32 })
        #expect(text.stdout.contains("gate-1"))
        let html = try kiosk.kiosk("report", "--date", "2026-11-21", "--format", "html")
        #expect(html.stdout.contains("<table"))
    }

    @Test func rosterListAndEnroll() throws {
        let kiosk = try KioskSandbox().withRoster()
        let enroll = try kiosk.kiosk("enroll", "--student", "S002", "--uid", "0a-0b-0c-0d")
        #expect(enroll.status == 0)
        let taken = try kiosk.kiosk("enroll", "--student", "S002", "--uid", "04A1B2C3")
        #expect(taken.status == 65)
        #expect(taken.stderr.contains("S001"))
        let list = try kiosk.kiosk("roster", "list", "--format", "json")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        #expect(items.map { $0["studentId"] as? String } == ["S001", "S002", "S003"])
        #expect(items[1]["tags"] as? [String] == ["0A0B0C0D", "11223344"])
        #expect(items[2]["status"] as? String == "inactive")
        let csv = try kiosk.kiosk("roster", "list", "--format", "csv")
        #expect(csv.stdout.contains("S001,Asha Verma,101,04A1B2C3D4E5F6,active"))
    }

    @Test func statusShowsTheQueueAndReaders() throws {
        let kiosk = try KioskSandbox().withRoster()
        _ = try kiosk.kiosk("tap", "--uid", "11223344")
        let status = try kiosk.kiosk("status", "--format", "json")
        #expect(status.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any])
        #expect(json["kiosk"] as? String == "gate-1")
        #expect((json["sync"] as? [String: Any])?["pending"] as? Int == 1)
        #expect((json["readers"] as? [[String: Any]])?.first?["name"] as? String == "exit-gate")
        let text = try kiosk.kiosk("status")
        #expect(text.stdout.contains("pending 1"))
    }

    @Test func configComesFromTheEnvironmentOrTheWorkingDirectory() throws {
        let kiosk = try KioskSandbox().withRoster()
        let viaEnvironment = try KioskRun(["roster", "list"], environment: ["KIOSK_CONFIG": kiosk.config])
        #expect(viaEnvironment.stdout.contains("Asha Verma"))
        let viaDirectory = try KioskRun(["roster", "list"], directory: kiosk.directory)
        #expect(viaDirectory.stdout.contains("Asha Verma"))
    }
}
