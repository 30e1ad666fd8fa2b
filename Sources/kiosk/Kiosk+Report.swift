import ArgumentParser
import Foundation
import KioskCore
import KioskJournal
import KioskReports

/// `kiosk report`: the daily attendance report.
struct ReportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Print the daily attendance report of this kiosk.",
        discussion: """
            Day D runs from day_starts_at on D to day_starts_at on D+1 in the configured time zone; the report \
            counts the taps from its start up to the evaluation instant, min(now, end of D), or --as-of. \
            Formats: text (80 columns, or --width 48/32 for a receipt printer), csv (UTF-8 with a BOM), json, html (A4).
            """
    )

    @OptionGroup var options: ConfigOptions

    @Option(help: ArgumentHelp("The attendance day, YYYY-MM-DD; default the current one.", valueName: "date"))
    var date: AttendanceDate?

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
    }

    func run() async throws {
        let (configuration, journal) = try options.openJournal(for: .reading)
        let policy = configuration.attendance
        let now = asOf?.date ?? WallClock.system.now()
        let day = date ?? policy.attendanceDay(containing: now)
        let report = try await journal.report(
            on: day,
            evaluatedAt: policy.evaluationInstant(of: day, now: now),
            rules: AttendanceRules(policy: policy)
        )
        let rendered = ReportRenderer(width: width).render(report, as: format)
        if let output {
            try ReportFile.write(rendered, to: output)
        } else if !print {
            Swift.print(rendered, terminator: rendered.hasSuffix("\n") ? "" : "\n")
        }
        if print {
            try await ReportPrinter().send(rendered, title: "Attendance \(day) \(configuration.kioskID)")
            Swift.print("sent the \(day) report to the default printer")
        }
    }
}
