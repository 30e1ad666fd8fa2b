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
        abstract: "Print one day's attendance over all gates of a property, its monthly sheet (--month), or every property's summary (--all)."
    )

    @OptionGroup var options: HubOptions
    @OptionGroup var property: PropertyOption

    @Flag(help: "One summary row per property (text or json).")
    var all = false

    @Option(help: ArgumentHelp("The attendance day (YYYY-MM-DD); default the current one.", valueName: "date"))
    var date: String?

    @Option(help: ArgumentHelp("The monthly sheet of this month, YYYY-MM: each day's status as its report gives it.", valueName: "month"))
    var month: String?

    @Option(help: "text, csv, json or html (text or json with --all).")
    var format: String = "text"

    func validate() throws {
        if let date, AttendanceDate(parsing: date) == nil { throw ValidationError("--date must be YYYY-MM-DD, not '\(date)'") }
        if ReportFormat(rawValue: format) == nil { throw ValidationError("--format must be text, csv, json or html, not '\(format)'") }
        if all && ![ReportFormat.text, .json].contains(ReportFormat(rawValue: format)) {
            throw ValidationError("--all prints text or json, not '\(format)'")
        }
        if let month {
            guard AttendanceMonth(parsing: month) != nil else { throw ValidationError("--month must be YYYY-MM, not '\(month)'") }
            guard date == nil, !all else { throw ValidationError("--month goes with neither --date nor --all") }
        }
    }

    func run() async throws {
        let (date, propertyID, all) = (self.date.flatMap(AttendanceDate.init(parsing:)), property.property, self.all)
        let month = self.month.flatMap(AttendanceMonth.init(parsing:))
        let format = ReportFormat(rawValue: self.format) ?? .text
        let rendered = try await options.withStore { _, store in
            let now = WallClock.system.now()
            if all {
                let summary = ChainSummaryReport(try await store.chainSummary(on: date, now: now))
                return format == .json ? summary.json : summary.text
            }
            let property = try await store.property(propertyID)
            if let month {
                return MonthlySheetReport(try await store.monthlySheet(for: property, month: month, now: now), source: property.name).render(
                    as: format
                )
            }
            return ReportRenderer().render(try await store.report(for: property, on: date, now: now), as: format)
        }
        print(rendered, terminator: rendered.hasSuffix("\n") ? "" : "\n")
    }
}
