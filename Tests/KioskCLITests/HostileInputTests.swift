import Foundation
import Testing

/// Input that used to crash a command or destroy a file: each is now one clear error, or handled safely.
@Suite struct HostileInputTests {
    /// `--output` through a symbolic link writes the link's target; the link stays a link.
    @Test func reportOutputThroughASymbolicLinkKeepsTheLink() throws {
        let kiosk = try KioskSandbox().withRoster()
        let target = try kiosk.write("kept.txt", "old\n")
        let link = kiosk.directory.appendingPathComponent("report-link").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let run = try kiosk.kiosk("report", "--date", "2026-11-21", "--output", link)
        #expect(run.status == 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        #expect(try String(contentsOfFile: target, encoding: .utf8).contains("2026-11-21"))
    }

    /// `--output` to a FIFO (as to a device) writes through it and leaves it a FIFO.
    @Test func reportOutputToAFIFOWritesThroughIt() throws {
        let kiosk = try KioskSandbox().withRoster()
        let fifo = kiosk.directory.appendingPathComponent("report.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/bin/cat")
        reader.arguments = [fifo]
        let received = Pipe()
        reader.standardOutput = received
        try reader.run()
        let run = try kiosk.kiosk("report", "--date", "2026-11-21", "--format", "json", "--output", fifo)
        #expect(run.status == 0, "\(run.stderr)")
        let text = String(decoding: received.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        reader.waitUntilExit()
        #expect(text.contains("\"date\" : \"2026-11-21\"") || text.contains("\"date\": \"2026-11-21\""))
        var status = stat()
        #expect(stat(fifo, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
    }

    /// A hub URL whose port does not exist is a configuration error naming the key, not a crash.
    @Test func aHubPortOutOfRangeIsAConfigurationError() throws {
        let kiosk = try KioskSandbox()
        let config = try kiosk.write("kiosk.conf", "[kiosk]\nid = \"gate-1\"\n\n[sync]\nhub_url = \"http://127.0.0.1:99999\"\ntoken_file = \"t\"\n")
        let run = try KioskRun(["sync", "--once", "--config", config])
        #expect(run.status == 78)
        #expect(run.stderr.contains("hub_url"))
        #expect(run.stderr.contains("99999"))
        #expect(run.stderr.contains(":5"))
    }

    /// A debounce window too large to compute with is a configuration error naming the key, not a crash.
    @Test func aHugeDebounceIsAConfigurationError() throws {
        let kiosk = try KioskSandbox()
        let config = try kiosk.write("kiosk.conf", "[kiosk]\nid = \"gate-1\"\n\n[attendance]\ndebounce_seconds = 9300000000000000\n")
        let run = try KioskRun(["report", "--config", config])
        #expect(run.status == 78)
        #expect(run.stderr.contains("debounce_seconds"))
        #expect(run.stderr.contains("86400"))
    }

    /// A time that names no real instant is a usage error, never recorded at a shifted time.
    @Test func anImpossibleTimeIsAUsageErrorAndRecordsNothing() throws {
        let kiosk = try KioskSandbox().withRoster()
        for time in ["2026-02-30T10:00:00Z", "2026-11-21T23:59:60Z", "2026-11-21T25:00:00+05:30"] {
            let run = try kiosk.kiosk("tap", "--uid", "11223344", "--at", time)
            #expect(run.status == 64)
            #expect(run.stderr.contains(time))
        }
        let status = try kiosk.kiosk("status", "--format", "json").stdout
        let json = try #require(try JSONSerialization.jsonObject(with: Data(status.utf8)) as? [String: Any])
        #expect((json["sync"] as? [String: Any])?["pending"] as? Int == 0)
    }

    /// Limits the hub enforces are enforced where the data enters, so nothing is recorded only to be quarantined.
    @Test func fieldsLongerThanTheHubTakesAreRefusedWhereTheyEnter() throws {
        let kiosk = try KioskSandbox().withRoster()
        let reason = try kiosk.kiosk("manual", "--student", "S001", "--direction", "out", "--reason", String(repeating: "r", count: 501))
        #expect(reason.status == 64)
        #expect(reason.stderr.contains("--reason has 501 characters; give at most 500"))
        // An escape sequence would rewrite the warden's terminal when the entry is printed.
        let escape = try kiosk.kiosk("manual", "--student", "S001", "--direction", "out", "--reason", "ok\u{1B}[2Jcleared")
        #expect(escape.status == 64)
        #expect(escape.stderr.contains("--reason contains the control character U+001B"))
        let longID = String(repeating: "S", count: 65)
        let roster = try kiosk.write("long.csv", "student_id,name,room,tag_uid\n\(longID),Long Id,101,99887766\n")
        let run = try kiosk.kiosk("roster", "import", roster)
        #expect(run.status == 65)
        #expect(run.stderr.contains("long.csv:2: field 'student_id': 65 characters"))
        let config = try kiosk.write("id.conf", "[kiosk]\nid = \"\(String(repeating: "g", count: 65))\"\n")
        let status = try KioskRun(["status", "--config", config])
        #expect(status.status == 78)
        #expect(status.stderr.contains("id.conf:2"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(kiosk.kiosk("status", "--format", "json").stdout.utf8)) as? [String: Any])
        #expect((json["sync"] as? [String: Any])?["pending"] as? Int == 0)
    }
}
