import ArgumentParser
import Foundation
import KioskCore
import KioskHub
import KioskReports

/// `kiosk-hub report`: the daily attendance of one property over all its gates, with the same rules and renderers as
/// the kiosk; with `--all`, one summary row per property.
struct HubReportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Print the attendance report of one day over all gates of a property, or with --all a summary of every property."
    )

    @OptionGroup var options: HubOptions
    @OptionGroup var property: PropertyOption

    @Flag(help: "One summary row per property (text or json).")
    var all = false

    @Option(help: ArgumentHelp("The attendance day (YYYY-MM-DD); default the current one.", valueName: "date"))
    var date: String?

    @Option(help: "text, csv, json or html (text or json with --all).")
    var format: String = "text"

    func validate() throws {
        if let date, AttendanceDate(parsing: date) == nil { throw ValidationError("--date must be YYYY-MM-DD, not '\(date)'") }
        if ReportFormat(rawValue: format) == nil { throw ValidationError("--format must be text, csv, json or html, not '\(format)'") }
        if all && ![ReportFormat.text, .json].contains(ReportFormat(rawValue: format)) {
            throw ValidationError("--all prints text or json, not '\(format)'")
        }
    }

    func run() async throws {
        let (date, propertyID, all) = (self.date.flatMap(AttendanceDate.init(parsing:)), property.property, self.all)
        let format = ReportFormat(rawValue: self.format) ?? .text
        let rendered = try await options.withStore { _, store in
            let now = WallClock.system.now()
            if all {
                let summary = ChainSummaryReport(try await store.chainSummary(on: date, now: now))
                return format == .json ? summary.json : summary.text
            }
            let report = try await store.report(for: try await store.property(propertyID), on: date, now: now)
            return ReportRenderer().render(report, as: format)
        }
        print(rendered, terminator: rendered.hasSuffix("\n") ? "" : "\n")
    }
}
