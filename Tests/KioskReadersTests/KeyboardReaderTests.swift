import Foundation
import KioskTesting
import Testing

/// A keyboard-wedge reader on standard input: `kiosk run` with the UIDs typed into it.
struct KeyboardReaderTests {
    @Test func kioskRunRecordsUIDsTypedOnStandardInput() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-keyboard-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let config = directory.appendingPathComponent("kiosk.conf").path
        try """
        [kiosk]
        id = "gate-1"
        data_dir = "\(directory.appendingPathComponent("data").path)"

        [[readers]]
        name = "desk"
        driver = "keyboard"
        direction = "out"
        """.write(toFile: config, atomically: true, encoding: .utf8)
        let roster = directory.appendingPathComponent("roster.csv").path
        try "student_id,name,room,tag_uid\nS001,Asha Verma,101,04A1B2C3\n".write(toFile: roster, atomically: true, encoding: .utf8)
        #expect(try await KioskServiceProcess(["roster", "import", roster, "--config", config]).exitStatus() == 0)

        let kiosk = try KioskServiceProcess(["run", "--config", config])
        kiosk.type("3283263748\n")
        _ = try await kiosk.line(containing: "desk: OUT S001 Asha Verma")
        kiosk.type("not a uid\n04A1B2C3\nDEADBEEF\n")
        _ = try await kiosk.line(containing: "desk: IGNORED S001 Asha Verma")
        _ = try await kiosk.line(containing: "desk: UNKNOWN DEADBEEF")
        #expect(try #require(try await kiosk.terminate()) < .seconds(10))
        #expect(try await kiosk.exitStatus() == 0)
    }

    /// Far more reads at once than the reader's queue holds (a wedge typing from a pipe): the reader waits for the
    /// journal instead of dropping any, so every one is recorded.
    @Test func aBurstOfReadsIsSlowedNeverDropped() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-burst-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let config = directory.appendingPathComponent("kiosk.conf").path
        try """
        [kiosk]
        id = "gate-1"
        data_dir = "\(directory.appendingPathComponent("data").path)"

        [[readers]]
        name = "desk"
        driver = "keyboard"
        """.write(toFile: config, atomically: true, encoding: .utf8)
        let roster = directory.appendingPathComponent("roster.csv").path
        try NumberedRoster.csv(students: 300).write(toFile: roster, atomically: true, encoding: .utf8)
        #expect(try await KioskServiceProcess(["roster", "import", roster, "--config", config]).exitStatus() == 0)

        let kiosk = try KioskServiceProcess(["run", "--plain", "--config", config])
        kiosk.type((0..<300).map { NumberedRoster.cardUID($0) + "\n" }.joined())
        _ = try await kiosk.line(containing: "desk: OUT S299 ", timeout: 60)
        #expect(kiosk.output.filter { $0.contains("desk: OUT S") }.count == 300)
        #expect(try #require(try await kiosk.terminate()) < .seconds(10))
    }
}
