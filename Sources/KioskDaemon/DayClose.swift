public import Foundation
public import KioskCore
public import KioskJournal
public import KioskPrinting
import KioskReports

/// Writes each finished attendance day's reports into the reports directory, once per day: a marker file
/// records the last day written, so a restart writes nothing twice and a kiosk that was off across one or
/// more day boundaries catches up, oldest day first.
public struct DayClose: Sendable {
    /// One closed day and the files written for it.
    public struct ClosedDay: Sendable, Hashable {
        public let date: AttendanceDate
        public let files: [String]
        /// Why printing failed, when it was asked for and did not work.
        public let printProblem: String?
    }

    /// The most days written in one catch-up (a kiosk off for longer starts from this far back).
    public static let maximumCatchUp = 62

    let journal: Journal
    let rules: AttendanceRules
    let directory: String
    let settings: ReportSettings
    let printer: (@Sendable (PrintDocument, String) async throws(KioskError) -> Void)?

    /// - Parameter printer: prints a document with a title; nil uses CUPS (`settings.printing`) when `settings.print` is on.
    public init(
        journal: Journal,
        rules: AttendanceRules,
        directory: String,
        settings: ReportSettings,
        printer: (@Sendable (PrintDocument, String) async throws(KioskError) -> Void)? = nil
    ) {
        self.journal = journal
        self.rules = rules
        self.directory = directory
        self.settings = settings
        let cupsPrinter = ReportPrinter(printer: settings.printing.printer)
        let cups: @Sendable (PrintDocument, String) async throws(KioskError) -> Void = { document, title throws(KioskError) in
            try await cupsPrinter.print(document, title: title)
        }
        self.printer = printer ?? (settings.print ? cups : nil)
    }

    private var markerPath: String { (directory as NSString).appendingPathComponent("closed-through") }

    /// Writes the reports of every day that has ended by `now` and is not yet written. The first run on a
    /// new data directory only notes where it starts: days before the kiosk ever ran are not reported.
    public func catchUp(now: Date) async throws(KioskError) -> [ClosedDay] {
        let policy = rules.policy
        let lastFinished = policy.attendanceDay(containing: now).previous
        try createDirectory()
        guard let closedThrough = readMarker() else {
            try writeMarker(lastFinished)
            return []
        }
        var day = max(closedThrough.next, lastFinished.adding(days: 1 - Self.maximumCatchUp))
        var closed: [ClosedDay] = []
        while day <= lastFinished {
            closed.append(try await close(day))
            try writeMarker(day)
            day = day.next
        }
        return closed
    }

    /// When the current attendance day ends: the next time `catchUp` has work.
    public func nextBoundary(after now: Date) -> Date {
        rules.policy.end(of: rules.policy.attendanceDay(containing: now))
    }

    private func close(_ day: AttendanceDate) async throws(KioskError) -> ClosedDay {
        let report = try await journal.report(on: day, evaluatedAt: rules.policy.end(of: day), rules: rules)
        var files: [String] = []
        for format in settings.formats {
            let path = (directory as NSString).appendingPathComponent("attendance-\(day).\(format.fileExtension)")
            try write(ReportRenderer().render(report, as: format), to: path)
            files.append(path)
        }
        var printProblem: String?
        if let printer {
            do {
                try await printer(.daily(report, settings.printing), "Attendance \(day) \(report.source)")
            } catch {
                printProblem = error.message
            }
        }
        return ClosedDay(date: day, files: files, printProblem: printProblem)
    }

    /// The reports directory, created owner-only (0700) when missing: the reports hold every student's movements.
    private func createDirectory() throws(KioskError) {
        try OwnerOnlyDirectory.create(directory, noun: "reports directory")
    }

    private func readMarker() -> AttendanceDate? {
        (try? String(contentsOfFile: markerPath, encoding: .utf8)).flatMap {
            AttendanceDate(parsing: $0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }

    private func writeMarker(_ day: AttendanceDate) throws(KioskError) {
        try write("\(day)\n", to: markerPath)
    }

    /// Writes a file of the reports directory atomically, owner-only (0600) whatever the umask.
    private func write(_ text: String, to path: String) throws(KioskError) {
        try OwnerOnlyFile.write(Array(text.utf8), to: path)
    }
}
