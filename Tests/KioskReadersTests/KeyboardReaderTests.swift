import Foundation
import KioskTesting
import Testing

/// A keyboard-wedge reader on standard input: `kiosk run` with the UIDs typed into it.
struct KeyboardReaderTests {
    @Test func kioskRunRecordsUIDsTypedOnStandardInput() async throws {
        let config = try await Self.deskKiosk(direction: "out", roster: "student_id,name,room,tag_uid\nS001,Asha Verma,101,04A1B2C3\n")

        let kiosk = try KioskServiceProcess(["run", "--config", config])
        kiosk.type("3283263748\n")
        _ = try await kiosk.line(containing: "desk: OUT S001 Asha Verma")
        kiosk.type("not a uid\n04A1B2C3\nDEADBEEF\n")
        _ = try await kiosk.line(containing: "desk: IGNORED S001 Asha Verma")
        _ = try await kiosk.line(containing: "desk: UNKNOWN DEADBEEF")
        #expect(try await kiosk.terminate() != nil)
        #expect(try await kiosk.exitStatus() == 0)
    }

    /// Far more reads at once than the reader's queue holds (a wedge typing from a pipe): the reader waits for the
    /// journal instead of dropping any, so every one is recorded.
    @Test func aBurstOfReadsIsSlowedNeverDropped() async throws {
        let config = try await Self.deskKiosk(direction: "toggle", roster: NumberedRoster.csv(students: 300))

        let kiosk = try KioskServiceProcess(["run", "--plain", "--config", config])
        kiosk.type((0..<300).map { NumberedRoster.cardUID($0) + "\n" }.joined())
        _ = try await kiosk.line(containing: "desk: OUT S299 ", timeout: 60)
        #expect(kiosk.output.filter { $0.contains("desk: OUT S") }.count == 300)
        #expect(try await kiosk.terminate() != nil)
    }

    /// A kiosk whose one reader, "desk", is a keyboard wedge on standard input; returns its kiosk.conf.
    static func deskKiosk(direction: String, roster: String) async throws -> String {
        try await KioskDirectory(
            at: FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-keyboard-\(UUID().uuidString)"),
            kioskID: "gate-1",
            sections: "[[readers]]\nname = \"desk\"\ndriver = \"keyboard\"\ndirection = \"\(direction)\"\n",
            roster: roster,
            clock: .shared
        ).config
    }
}
