import Foundation
import Testing

@Suite struct CommandLineErrorTests {
    @Test func aBadRosterRowNamesFileLineAndFieldAndChangesNothing() throws {
        let kiosk = try KioskSandbox().withRoster()
        let before = try kiosk.kiosk("roster", "list", "--format", "json").stdout
        let bad = try kiosk.write("bad.csv", "student_id,name,room,tag_uid\nS010,New,110,0A0B0C0D\nS011,Other,111,XYZ\n")
        let run = try kiosk.kiosk("roster", "import", bad)
        #expect(run.status == 65)
        #expect(run.stderr.contains("bad.csv:3"))
        #expect(run.stderr.contains("tag_uid"))
        #expect(run.stderr.contains("XYZ"))
        #expect(try kiosk.kiosk("roster", "list", "--format", "json").stdout == before)
    }

    @Test func rosterConflictsAndStatusesAreBadData() throws {
        let kiosk = try KioskSandbox().withRoster()
        let twice = try kiosk.write("twice.csv", "student_id,name,room,tag_uid\nS010,A,1,0A0B0C0D\nS011,B,2,0a:0b:0c:0d\n")
        #expect(try kiosk.kiosk("roster", "import", twice).status == 65)
        let owned = try kiosk.write("owned.csv", "student_id,name,room,tag_uid\nS010,A,1,11223344\n")
        let run = try kiosk.kiosk("roster", "import", owned)
        #expect(run.status == 65)
        #expect(run.stderr.contains("S002"))
        let status = try kiosk.write("status.csv", "student_id,name,room,tag_uid,status\nS010,A,1,0A0B0C0D,gone\n")
        let statusRun = try kiosk.kiosk("roster", "import", status)
        #expect(statusRun.status == 65)
        #expect(statusRun.stderr.contains("status.csv:2") && statusRun.stderr.contains("gone"))
        let missing = try kiosk.write("missing.csv", "student_id,name,tag_uid\nS010,A,0A0B0C0D\n")
        let missingRun = try kiosk.kiosk("roster", "import", missing)
        #expect(missingRun.status == 65)
        #expect(missingRun.stderr.contains("room"))
    }

    @Test func aMissingRosterFileIsNoInput() throws {
        let kiosk = try KioskSandbox()
        let run = try kiosk.kiosk("roster", "import", "/nonexistent/roster.csv")
        #expect(run.status == 66)
        #expect(run.stderr.contains("/nonexistent/roster.csv"))
    }

    @Test func usageErrors() throws {
        let kiosk = try KioskSandbox().withRoster()
        let noOffset = try kiosk.kiosk("tap", "--uid", "11223344", "--at", "2026-11-21T21:03:00")
        #expect(noOffset.status == 64)
        #expect(try kiosk.kiosk("tap", "--uid", "12345").status == 64)
        #expect(try kiosk.kiosk("report", "--date", "2026-13-01").status == 64)
        #expect(try kiosk.kiosk("report", "--format", "pdf").status == 64)
        #expect(try kiosk.kiosk("tap", "--uid", "11223344", "--reader", "nope").status == 64)
        let status = try kiosk.kiosk("status", "--format", "json").stdout
        let json = try #require(try JSONSerialization.jsonObject(with: Data(status.utf8)) as? [String: Any])
        #expect((json["sync"] as? [String: Any])?["pending"] as? Int == 0)
    }

    @Test func manualEntriesForUnknownOrInactiveStudentsAreBadData() throws {
        let kiosk = try KioskSandbox().withRoster()
        let unknown = try kiosk.kiosk("manual", "--student", "S404", "--direction", "in", "--reason", "x")
        #expect(unknown.status == 65)
        #expect(unknown.stderr.contains("S404"))
        #expect(try kiosk.kiosk("manual", "--student", "S003", "--direction", "out", "--reason", "x").status == 65)
    }

    @Test func configurationErrorsNameTheKeyAndLine() throws {
        let kiosk = try KioskSandbox()
        let bad = try kiosk.write("bad.conf", "[attendance]\ncurfew = \"25:00\"\n")
        let run = try KioskRun(["status", "--config", bad])
        #expect(run.status == 78)
        #expect(run.stderr.contains(":2"))
        #expect(run.stderr.contains("curfew"))
        #expect(run.stderr.contains("25:00"))
        let missing = try KioskRun(["status", "--config", "/nonexistent/kiosk.conf"])
        #expect(missing.status == 78)
    }

    @Test func aCorruptJournalIsRefusedAndKept() throws {
        let kiosk = try KioskSandbox()
        try FileManager.default.createDirectory(atPath: (kiosk.journal as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let garbage = Data("this is not a database, but the warden's notes".utf8) + Data(repeating: 1, count: 4096)
        try garbage.write(to: URL(fileURLWithPath: kiosk.journal))
        let run = try kiosk.kiosk("status")
        #expect(run.status == 74)
        #expect(run.stderr.contains(kiosk.journal))
        #expect(FileManager.default.contents(atPath: kiosk.journal) == garbage)
    }

    @Test func printingWithoutAPrinterSaysSo() throws {
        let kiosk = try KioskSandbox().withRoster()
        // No CUPS scheduler where the client looks: CUPS's own words, and why.
        let run = try KioskRun(["report", "--print", "--config", kiosk.config], environment: ["CUPS_SERVER": "127.0.0.1:9"])
        #expect(run.status == 69)
        #expect(run.stderr.contains("not printed: "))
        #expect(run.stderr.contains("scheduler is not running"))
        // No page renderer: the package to install.
        let bare = try KioskRun(
            ["report", "--print", "--config", kiosk.config],
            environment: ["PATH": "/nonexistent", "CUPS_SERVER": "127.0.0.1:9"]
        )
        #expect(bare.status == 69)
        #expect(bare.stderr.contains("weasyprint is not installed (apt-get install weasyprint)"))
    }
}

/// The journal and its directory are created owner-only whatever the umask; `kiosk doctor` names any of them
/// another user could read.
@Test func theJournalIsOwnerOnlyAndDoctorNamesLooserModes() throws {
    let kiosk = try KioskSandbox().withRoster()
    #expect(try kiosk.kiosk("tap", "--uid", "04A1B2C3", "--at", "2026-11-21T20:00:00+05:30").status == 0)
    let mode = { (path: String) in ((try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions]) as? Int).map { $0 & 0o777 } }
    #expect(mode(kiosk.journal) == 0o600)
    #expect(mode((kiosk.journal as NSString).deletingLastPathComponent) == 0o700)
    #expect(try kiosk.kiosk("doctor").stdout.contains("ok       privacy:"))
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: kiosk.journal)
    let doctor = try kiosk.kiosk("doctor")
    #expect(doctor.stdout.contains("PROBLEM  privacy: every user can reach \(kiosk.journal) (mode 644)"))
    #expect(doctor.status == 1)
}
