#if PCSC
import Foundation
import Testing
import KioskTesting

extension PCSCReaderTests {
    /// A kiosk with one `in` reader on "Kiosk Reader 00 00" and one student.
    func kioskConfig() async throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let config = directory.appendingPathComponent("kiosk.conf").path
        try """
        [kiosk]
        id = "gate-1"
        data_dir = "\(directory.appendingPathComponent("data").path)"

        [[readers]]
        name = "entrance"
        driver = "pcsc"
        match = "00 00"
        direction = "in"
        """.write(toFile: config, atomically: true, encoding: .utf8)
        let roster = directory.appendingPathComponent("roster.csv").path
        try "student_id,name,room,tag_uid\nS001,Asha Verma,101,04A1B2C3D4E5F6\n".write(toFile: roster, atomically: true, encoding: .utf8)
        #expect(try await KioskServiceProcess(["roster", "import", roster, "--config", config]).exitStatus() == 0)
        return config
    }

    @Test func kioskRunRecordsATapAndStopsOnSIGTERM() async throws {
        try PCSCFixture.require()
        try await VirtualCard.keepGap()
        let config = try await kioskConfig()
        let kiosk = try KioskServiceProcess(["run", "--config", config])
        try await Task.sleep(for: .seconds(1))
        let presented = try await VirtualCard(uid: "04A1B2C3D4E5F6").tap()
        let recorded = try await kiosk.line(containing: "entrance: IN S001 Asha Verma")
        print("kiosk run: card presented -> journal commit and output \(Int(recorded.timeIntervalSince(presented) * 1000)) ms")
        let stopped = try await kiosk.terminate()
        print("kiosk run: SIGTERM -> exit \(stopped.map { "\($0)" } ?? "never")")
        #expect(try #require(stopped) < .seconds(10))
        #expect(try await kiosk.exitStatus() == 0)
        let report = try KioskServiceProcess(["report", "--format", "json", "--config", config])
        _ = try await report.line(containing: "\"taps\": 1")
    }
}
#endif
