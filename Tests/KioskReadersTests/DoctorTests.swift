import Foundation
import KioskTesting
import Testing

/// `kiosk doctor` on installations that are wrong in ways that need no reader to show.
struct DoctorTests {
    func config(_ text: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-doctor-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("kiosk.conf").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func namesEachProblemWithItsFix() async throws {
        let path = try config(
            """
            [kiosk]
            data_dir = "/proc/kiosk-data"

            [[readers]]
            name = "desk"
            driver = "keyboard"
            match = "/dev/input/by-id/no-such-reader-event-kbd"
            """
        )
        let doctor = try KioskServiceProcess(["doctor", "--config", path])
        _ = try await doctor.line(containing: "PROBLEM  reader desk: cannot read /dev/input/by-id/no-such-reader-event-kbd")
        _ = try await doctor.line(containing: "PROBLEM  data directory: /proc/kiosk-data is not writable")
        _ = try await doctor.line(containing: "ok       readers: 1 configured: desk")
        #expect(try await doctor.exitStatus() == 1)
    }

    @Test func reportsConfigurationErrorsAndNoReaders() async throws {
        let bad = try KioskServiceProcess(["doctor", "--config", try config("[kiosk]\ncolour = \"blue\"\n")])
        _ = try await bad.line(containing: "PROBLEM  configuration:")
        #expect(try await bad.exitStatus() == 1)
        let empty = try KioskServiceProcess(["doctor", "--config", try config("[kiosk]\nid = \"gate-1\"\n")])
        _ = try await empty.line(containing: "PROBLEM  readers: no reader configured -- fix: add a [[readers]] block")
        #expect(try await empty.exitStatus() == 1)
    }
}
