import ArgumentParser
import Foundation
import KioskCore
import KioskJournal
import KioskPrinting
import KioskReports

/// `kiosk report`: the daily attendance report.
struct ReportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Print the daily attendance report of this kiosk, or with --month its monthly sheet.",
        discussion: """
            Day D runs from day_starts_at on D to day_starts_at on D+1 in the configured time zone; the report \
            counts the taps from its start up to the evaluation instant, min(now, end of D), or --as-of. \
            Formats: text (80 columns, or --width 48/32 for a receipt printer), csv (UTF-8 with a BOM), json, html (A4). \
            --print prints as the [reports] section says (print_format, printer): by default an A4 page (the monthly sheet \
            A4 landscape) on the default CUPS printer; with --width, the text at that width.
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

    @Option(help: ArgumentHelp("Line width of the text format: 80 (default), 48 or 32; with --print, print this text.", valueName: "columns"))
    var width: Int?

    @Option(help: ArgumentHelp("Write the report to this file instead of standard output.", valueName: "file"))
    var output: String?

    @Flag(help: "Print the report through CUPS: an A4 page, or the text with --width or print_format = \"text\".")
    var print = false

    func validate() throws {
        if let width, ![80, 48, 32].contains(width) { throw ValidationError("--width must be 80, 48 or 32, not \(width)") }
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
        let printing = PrintSettings(configuration.reports.printing, width: width)
        let rendered: String
        let document: PrintDocument
        if let month = month.flatMap(AttendanceMonth.init(parsing:)) {
            let sheet = try await journal.monthlySheet(month, now: now, rules: rules)
            let sheetReport = MonthlySheetReport(sheet, source: configuration.kioskID)
            (rendered, document) = (sheetReport.render(as: format), .monthly(sheetReport, printing))
        } else {
            let report = try await journal.report(on: day, evaluatedAt: policy.evaluationInstant(of: day, now: now), rules: rules)
            (rendered, document) = (ReportRenderer(width: width ?? 80).render(report, as: format), .daily(report, printing))
        }
        if let output {
            try ReportFile.write(rendered, to: output)
        } else if !print {
            Swift.print(rendered, terminator: rendered.hasSuffix("\n") ? "" : "\n")
        }
        if print {
            let name = month.map { "\($0) monthly sheet" } ?? "\(day) report"
            let printout = Printout(document, title: "Attendance \(month ?? day.description) \(configuration.kioskID)", name: name)
            Swift.print(try await printout.send(to: ReportPrinter(printer: printing.printer)))
        }
    }
}
