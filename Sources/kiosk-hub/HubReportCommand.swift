import ArgumentParser
import Foundation
import KioskCore
import KioskHub
import KioskReports

/// `kiosk-hub report`: the daily attendance over all gates, with the same rules and renderers as the kiosk.
struct HubReportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "report", abstract: "Print the attendance report of one day over all gates.")

    @OptionGroup var options: HubOptions

    @Option(help: ArgumentHelp("The attendance day (YYYY-MM-DD); default the current one.", valueName: "date"))
    var date: String?

    @Option(help: "text, csv, json or html.")
    var format: String = "text"

    func validate() throws {
        if let date, AttendanceDate(parsing: date) == nil { throw ValidationError("--date must be YYYY-MM-DD, not '\(date)'") }
        if ReportFormat(rawValue: format) == nil { throw ValidationError("--format must be text, csv, json or html, not '\(format)'") }
    }

    func run() async throws {
        let date = self.date
        let report = try await options.withStore { configuration, store in
            let policy = configuration.attendance
            let now = WallClock.system.now()
            let day = date.flatMap(AttendanceDate.init(parsing:)) ?? policy.attendanceDay(containing: now)
            return try await store.report(
                on: day,
                evaluatedAt: policy.evaluationInstant(of: day, now: now),
                rules: AttendanceRules(policy: policy),
                source: "hub"
            )
        }
        let rendered = ReportRenderer().render(report, as: ReportFormat(rawValue: format) ?? .text)
        print(rendered, terminator: rendered.hasSuffix("\n") ? "" : "\n")
    }
}
