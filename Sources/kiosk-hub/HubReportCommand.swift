import ArgumentParser
import Foundation
import KioskCore
import KioskHub
import KioskHubStorage
import KioskPrinting
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

    @Flag(help: "Print the report or sheet through CUPS as the [reports] section says: an A4 page by default.")
    var print = false

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
        if print && all { throw ValidationError("--print prints one property's report or sheet, not --all") }
    }

    func run() async throws {
        let (date, propertyID, all) = (self.date.flatMap(AttendanceDate.init(parsing:)), property.property, self.all)
        let month = self.month.flatMap(AttendanceMonth.init(parsing:))
        let format = ReportFormat(rawValue: self.format) ?? .text
        let (rendered, printout, printer) = try await options.withStore { configuration, store -> (String, Printout?, String?) in
            let now = WallClock.system.now()
            if all {
                let summary = ChainSummaryReport(try await store.chainSummary(on: date, now: now))
                return (format == .json ? summary.json : summary.text, nil, nil)
            }
            let property = try await store.property(propertyID)
            let printing = configuration.printing
            if let month {
                let sheetReport = MonthlySheetReport(try await store.monthlySheet(for: property, month: month, now: now), source: property.name)
                let printout = Printout(
                    .monthly(sheetReport, printing),
                    title: "Attendance \(month) \(property.name)",
                    name: "\(month) monthly sheet"
                )
                return (sheetReport.render(as: format), printout, printing.printer)
            }
            let report = try await store.report(for: property, on: date, now: now)
            let day = report.attendance.date
            let printout = Printout(.daily(report, printing), title: "Attendance \(day) \(property.name)", name: "\(day) report")
            return (ReportRenderer().render(report, as: format), printout, printing.printer)
        }
        guard print, let printout else {
            Swift.print(rendered, terminator: rendered.hasSuffix("\n") ? "" : "\n")
            return
        }
        Swift.print(try await printout.send(to: ReportPrinter(printer: printer)))
    }
}
