import Foundation
import KioskCore
import KioskJournal
import KioskReports
import ServiceLifecycle

/// Ends `kiosk demo`: once the simulated taps are done and synced, writes the day's reports so far into
/// data_dir/reports and returns, which shuts the demo's service group down.
struct DemoFinale: Service {
    let journal: Journal
    let configuration: KioskConfiguration
    let tapsDone: AsyncStream<Void>
    let written: @Sendable ([String]) -> Void

    func run() async throws {
        for await _ in tapsDone { break }
        let start = ContinuousClock.now
        while try await journal.syncCounts().pending > 0, ContinuousClock.now - start < .seconds(10) {
            try await Task.sleep(for: .milliseconds(200))
        }
        try await Task.sleep(for: .seconds(2))
        let rules = AttendanceRules(policy: configuration.attendance)
        let now = WallClock.system.now()
        let report = try await journal.report(on: rules.policy.attendanceDay(containing: now), evaluatedAt: now, rules: rules)
        try FileManager.default.createDirectory(atPath: configuration.reportsDirectory, withIntermediateDirectories: true)
        var paths: [String] = []
        for format in ReportFormat.allCases {
            let path = (configuration.reportsDirectory as NSString).appendingPathComponent(
                "attendance-\(report.attendance.date).\(format.fileExtension)"
            )
            try Data(ReportRenderer().render(report, as: format).utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            paths.append(path)
        }
        written(paths)
    }
}
