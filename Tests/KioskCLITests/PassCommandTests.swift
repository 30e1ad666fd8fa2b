import Foundation
import Testing

/// `kiosk pass …` and `kiosk-hub pass …` on the built binaries.
@Suite struct PassCommandTests {
    /// `pass create` for S001 from `from` to `until`.
    static func create(from: String, until: String, reason: String = "home") -> [String] {
        ["pass", "create", "--student", "S001", "--from", from, "--until", until, "--reason", reason]
    }

    /// S001's weekend pass: Saturday 21 November 2026 17:00 to Sunday 18:00 in Asia/Kolkata.
    static let weekend = create(from: "2026-11-21T17:00:00+05:30", until: "2026-11-22T18:00:00+05:30")

    func json(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8))
    }

    @Test func aStandaloneKioskMakesListsUsesAndCancelsAPass() throws {
        let kiosk = try KioskSandbox(exitReader: false).withRoster()
        let created = try kiosk.kiosk(Self.weekend)
        #expect(created.status == 0, "\(created.stderr)")
        let id = try #require(created.stdout.split(separator: "\n").last.map(String.init))
        #expect(id.hasPrefix("lp-"))

        let listed = try #require(try json(try kiosk.kiosk("pass", "list", "--format", "json").stdout) as? [[String: String]])
        #expect(
            listed == [["id": id, "studentId": "S001", "from": "2026-11-21T17:00:00+05:30", "until": "2026-11-22T18:00:00+05:30", "reason": "home"]]
        )
        #expect(try kiosk.kiosk("pass", "list", "--date", "2026-11-22").stdout.contains(id))
        #expect(try kiosk.kiosk("pass", "list", "--date", "2026-11-20", "--format", "json").stdout == "[]\n")

        let out = try kiosk.kiosk("tap", "--uid", "04A1B2C3", "--at", "2026-11-21T18:00:00+05:30")
        #expect(out.stdout == "OUT S001 Asha Verma (room 101): on leave until Sun 18:00\n")
        let report = try kiosk.kiosk("report", "--date", "2026-11-21", "--as-of", "2026-11-21T23:00:00+05:30", "--format", "json")
        let document = try #require(try json(report.stdout) as? [String: Any])
        #expect((document["summary"] as? [String: Int])?["onLeave"] == 1)
        let student = try #require((document["students"] as? [[String: Any]])?.first)
        #expect(student["status"] as? String == "onLeave")
        #expect((student["pass"] as? [String: String])?["id"] == id)
        let sheet = try #require(try json(try kiosk.kiosk("report", "--month", "2026-11", "--format", "json").stdout) as? [String: Any])
        let days = try #require((sheet["students"] as? [[String: Any]])?.first?["days"] as? [String: String])
        #expect(days["2026-11-21"] == "onLeave" && days["2026-11-22"] == "absent")

        #expect(try kiosk.kiosk("pass", "cancel", id).status == 0)
        #expect(try kiosk.kiosk("pass", "list").stdout == "No leave passes.\n")
        let again = try kiosk.kiosk("pass", "cancel", id)
        #expect(again.status == 65 && again.stderr.contains(id))
    }

    @Test func badPassesAreRefusedNamingTheFlagOrStudent() throws {
        let kiosk = try KioskSandbox(exitReader: false).withRoster()
        let backwards = try kiosk.kiosk(Self.create(from: "2026-11-22T18:00:00+05:30", until: "2026-11-21T17:00:00+05:30", reason: "x"))
        #expect(backwards.status == 64 && backwards.stderr.contains("--until"))
        let empty = try kiosk.kiosk(Self.create(from: "2026-11-21T17:00:00+05:30", until: "2026-11-22T18:00:00+05:30", reason: " "))
        #expect(empty.status == 64 && empty.stderr.contains("--reason"))
        let local = try kiosk.kiosk(Self.create(from: "2026-11-21T17:00:00", until: "2026-11-22T18:00:00+05:30", reason: "x"))
        #expect(local.status == 64 && local.stderr.contains("--from"))
        for student in ["S404", "S003"] {
            var arguments = Self.weekend
            arguments[3] = student
            let refused = try kiosk.kiosk(arguments)
            #expect(refused.status == 65 && refused.stderr.contains(student), "\(student)")
        }
        #expect(try kiosk.kiosk("pass", "list").stdout == "No leave passes.\n")
    }

    @Test func aKioskWithAHubRefusesLocalPassCommands() throws {
        let kiosk = try KioskSandbox(exitReader: false).withRoster()
        _ = try kiosk.write("token", "kh_secret\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: kiosk.directory.appendingPathComponent("token").path)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: kiosk.config))
        handle.seekToEndOfFile()
        handle.write(Data("\n[sync]\nhub_url = \"http://127.0.0.1:9\"\ntoken_file = \"token\"\n".utf8))
        try handle.close()
        for arguments in [Self.weekend, ["pass", "list"], ["pass", "cancel", "lp-any"]] {
            let run = try kiosk.kiosk(arguments)
            #expect(run.status == 78, "\(arguments)")
            #expect(run.stderr.contains("passes are made") && run.stderr.contains("kiosk-hub pass"), "\(run.stderr)")
        }
    }

    @Test func theHubMakesListsAndCancelsPassesPerProperty() throws {
        let hub = try HubSandbox()
        let roster = try hub.write("roster.csv", "student_id,name,room,tag_uid\nS001,Asha,101,04A1B2C3\n")
        #expect(try hub.hub("roster", "import", roster).status == 0)
        let created = try hub.hub(Self.weekend)
        #expect(created.status == 0, "\(created.stderr)")
        let id = try #require(created.stdout.split(separator: "\n").last.map(String.init))
        let listed = try #require(try json(try hub.hub("pass", "list", "--format", "json", "--date", "2026-11-21").stdout) as? [[String: String]])
        #expect(listed.map { $0["id"] } == [id] && listed.first?["studentId"] == "S001" && listed.first?["reason"] == "home")
        #expect(try hub.hub("pass", "list", "--format", "json", "--date", "2026-11-25").stdout == "[]\n")

        #expect(try hub.hub(["property", "create", "north", "--name", "North"]).status == 0)
        let elsewhere = try hub.hub(Self.weekend + ["--property", "north"])
        #expect(elsewhere.status == 65 && elsewhere.stderr.contains("S001"), "north has no S001")
        #expect(try hub.hub("pass", "cancel", id, "--property", "north").status == 65)
        let unknown = try hub.hub("pass", "list", "--property", "nowhere")
        #expect(unknown.status == 78 && unknown.stderr.contains("nowhere"))

        #expect(try hub.hub("pass", "cancel", id).status == 0)
        #expect(try hub.hub("pass", "list", "--format", "json").stdout == "[]\n")
        let backwards = try hub.hub(Self.create(from: "2026-11-22T18:00:00+05:30", until: "2026-11-21T17:00:00+05:30", reason: "x"))
        #expect(backwards.status == 64 && backwards.stderr.contains("--until"))
    }

    @Test func theHubTakesRequestsListsThemAndDecidesThem() throws {
        let hub = try HubSandbox()
        let roster = try hub.write(
            "roster.csv",
            "student_id,name,room,tag_uid,parent_contact\nS001,Asha,101,04A1B2C3,mother@example.org\nS002,Priya,102,04A1B2C4,\n"
        )
        #expect(try hub.hub("roster", "import", roster).status == 0)
        let formatter = ISO8601DateFormatter()
        let (from, until) = (formatter.string(from: Date().addingTimeInterval(86_400)), formatter.string(from: Date().addingTimeInterval(3 * 86_400)))
        let asked = try hub.hub("pass", "request", "--student", "S001", "--from", from, "--until", until, "--reason", "home")
        #expect(asked.status == 0, "\(asked.stderr)")
        let id = try #require(asked.stdout.split(separator: "\n").last.map(String.init))
        #expect(id.hasPrefix("pr-"))
        let listed = try #require(try json(try hub.hub("pass", "requests", "--format", "json").stdout) as? [[String: String]])
        #expect(listed.map { $0["id"] } == [id] && listed.first?["state"] == "pending" && listed.first?["studentId"] == "S001")
        #expect(Set(listed.first?.keys.map { $0 } ?? []) == ["id", "studentId", "from", "until", "reason", "state"])
        #expect(try hub.hub("pass", "list", "--format", "json").stdout == "[]\n")

        let approved = try hub.hub("pass", "decide", id, "approve")
        #expect(approved.status == 0, "\(approved.stderr)")
        let passID = try #require(approved.stdout.split(separator: "\n").last.map(String.init))
        let passes = try #require(try json(try hub.hub("pass", "list", "--format", "json").stdout) as? [[String: String]])
        #expect(passes.map { $0["id"] } == [passID])
        #expect(try hub.hub("pass", "decide", id, "decline").status == 65)
        #expect(try hub.hub("pass", "requests").stdout.contains("approved"))

        let long = try hub.hub(
            "pass",
            "request",
            "--student",
            "S002",
            "--from",
            from,
            "--until",
            formatter.string(from: Date().addingTimeInterval(40 * 86_400)),
            "--reason",
            "term break"
        )
        #expect(long.status == 64 && long.stderr.contains("max_days"), "\(long.stderr)")
        let unknown = try hub.hub("pass", "request", "--student", "S404", "--from", from, "--until", until, "--reason", "x")
        #expect(unknown.status == 65 && unknown.stderr.contains("S404"))
        let control = try hub.hub("pass", "request", "--student", "S002", "--from", from, "--until", until, "--reason", "a\u{1B}b")
        #expect(control.status == 64 && control.stderr.contains("--reason"))

        let config = try hub.write("hub.conf", "[passes]\nparent_approval = true\n")
        let unreachable = try hub.hub("pass", "requests", "--config", config)
        #expect(unreachable.status == 78 && unreachable.stderr.contains("public_url"), "\(unreachable.stderr)")
    }
}
