import Foundation
import KioskCore
import KioskDaemon
import KioskJournal
import Logging
import ServiceLifecycle
import Testing

@Suite struct DayCloseServiceTests {
    /// A service that ignored the shutdown would keep the test waiting until its time limit fails it.
    @Test(.timeLimit(.minutes(1))) func catchesUpAtStartAndStopsOnShutdown() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("dayclose-service-\(UUID().uuidString)")
        let reports = directory.appendingPathComponent("reports").path
        let journal = try Journal.open(path: directory.appendingPathComponent("journal.sqlite").path, kioskID: "gate-1")
        let rules = AttendanceRules(policy: AttendancePolicy(timeZone: TimeZone(identifier: "Asia/Kolkata")!))
        try FileManager.default.createDirectory(atPath: reports, withIntermediateDirectories: true)
        try "2026-11-19\n".write(toFile: "\(reports)/closed-through", atomically: true, encoding: .utf8)
        let dayClose = DayClose(journal: journal, rules: rules, directory: reports, settings: ReportSettings(formats: [.json]))
        let logger = Logger(label: "test")
        let service = DayCloseService(dayClose: dayClose, clock: .fixed(try Timestamp.parse("2026-11-22T09:00:00+05:30")), logger: logger)
        let group = ServiceGroup(services: [service], logger: logger)
        let running = Task { try await group.run() }
        let expected = ["2026-11-20", "2026-11-21"].map { "\(reports)/attendance-\($0).json" }
        for _ in 0..<100 where !expected.allSatisfy(FileManager.default.fileExists(atPath:)) {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(expected.allSatisfy(FileManager.default.fileExists(atPath:)))
        await group.triggerGracefulShutdown()
        try await running.value
        #expect(try String(contentsOfFile: "\(reports)/closed-through", encoding: .utf8) == "2026-11-21\n")
    }
}
