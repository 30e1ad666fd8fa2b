#if PCSC
import Foundation
import Testing
import KioskTesting

extension PCSCReaderTests {
    /// A kiosk with one `in` reader on "Kiosk Reader 00 00" and the students of `roster` (by default one); returns
    /// its kiosk.conf.
    func kioskConfig(roster: String = "student_id,name,room,tag_uid\nS001,Asha Verma,101,04A1B2C3D4E5F6\n") async throws -> String {
        try await KioskDirectory(
            at: FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-run-\(UUID().uuidString)"),
            kioskID: "gate-1",
            sections: "[[readers]]\nname = \"entrance\"\ndriver = \"pcsc\"\nmatch = \"00 00\"\ndirection = \"in\"\n",
            roster: roster,
            clock: .shared
        ).config
    }

    @Test func kioskRunRecordsATapAndStopsOnSIGTERM() async throws {
        try PCSCFixture.require()
        try await VirtualCard.keepGap()
        let config = try await kioskConfig()
        let kiosk = try KioskServiceProcess(KioskServiceProcess.executable, ["run", "--config", config], keepingStandardError: true, clock: .shared)
        _ = try await kiosk.line(containing: "watching Kiosk Reader 00 00")
        let presented = try await VirtualCard(uid: "04A1B2C3D4E5F6").tap()
        let recorded = try await kiosk.line(containing: "entrance: IN S001 Asha Verma")
        print("kiosk run: card presented -> journal commit and output \(Int(recorded.timeIntervalSince(presented) * 1000)) ms")
        let stopped = try await kiosk.terminate()
        print("kiosk run: SIGTERM -> exit \(stopped.map { "\($0)" } ?? "never")")
        #expect(stopped != nil)
        #expect(try await kiosk.exitStatus() == 0)
        let report = try KioskServiceProcess(["report", "--format", "json", "--config", config])
        _ = try await report.line(containing: "\"taps\": 1")
    }
}
#endif
