import ArgumentParser
import Foundation
import KioskCore
import KioskJournal
import KioskReports

/// `kiosk report`: the daily attendance report.
struct ReportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Print the daily attendance report of this kiosk, or with --month its monthly sheet.",
        discussion: """
            Day D runs from day_starts_at on D to day_starts_at on D+1 in the configured time zone; the report \
            counts the taps from its start up to the evaluation instant, min(now, end of D), or --as-of. \
            Formats: text (80 columns, or --width 48/32 for a receipt printer), csv (UTF-8 with a BOM), json, html (A4).
            """
    )

    @OptionGroup var options: ConfigOptions

    @Option(help: ArgumentHelp("The attendance day, YYYY-MM-DD; default the current one.", valueName: "date"))
    var date: AttendanceDate?

    @Option(help: ArgumentHelp("The monthly sheet of this month, YYYY-MM: each day's status as its report gives it.", valueName: "month"))
    var month: String?

    @Option(name: .customLong("as-of"), help: ArgumentHelp("Evaluate at this instant (ISO 8601 with offset) instead of now.", valueName: "time"))
    var asOf: InstantArgument?

    @Option(help: "text, csv, json or html.")
    var format: ReportFormat = .text

    @Option(help: ArgumentHelp("Line width of the text format: 80, 48 or 32.", valueName: "columns"))
    var width: Int = 80

    @Option(help: ArgumentHelp("Write the report to this file instead of standard output.", valueName: "file"))
    var output: String?

    @Flag(help: "Send the report to the default CUPS printer (lp).")
    var print = false

    func validate() throws {
        guard [80, 48, 32].contains(width) else { throw ValidationError("--width must be 80, 48 or 32, not \(width)") }
        if let month {
            guard AttendanceMonth(parsing: month) != nil else { throw ValidationError("--month must be YYYY-MM, not '\(month)'") }
            guard date == nil else { throw ValidationError("--month and --date exclude each other") }
        }
    }

    func run() async throws {
        let (configuration, journal) = try options.openJournal(for: .reading)
        let policy = configuration.attendance
        let now = asOf?.date ?? WallClock.system.now()
        let rules = AttendanceRules(policy: policy)
        let day = date ?? policy.attendanceDay(containing: now)
        let rendered: String
        if let month = month.flatMap(AttendanceMonth.init(parsing:)) {
            let sheet = try await MonthlySheet.build(month: month, policy: policy, now: now) { day, evaluatedAt in
                try await journal.report(on: day, evaluatedAt: evaluatedAt, rules: rules).attendance
            }
            rendered = MonthlySheetReport(sheet, source: configuration.kioskID).render(as: format)
        } else {
            let report = try await journal.report(on: day, evaluatedAt: policy.evaluationInstant(of: day, now: now), rules: rules)
            rendered = ReportRenderer(width: width).render(report, as: format)
        }
        if let output {
            try ReportFile.write(rendered, to: output)
        } else if !print {
            Swift.print(rendered, terminator: rendered.hasSuffix("\n") ? "" : "\n")
        }
        if print {
            let what = month.map { "\($0) monthly sheet" } ?? "\(day) report"
            try await ReportPrinter().send(rendered, title: "Attendance \(month ?? day.description) \(configuration.kioskID)")
            Swift.print("sent the \(what) to the default printer")
        }
    }
}
