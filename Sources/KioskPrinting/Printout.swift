public import KioskCore

/// One report to print from the command line: the document, its CUPS job title, and what messages call it.
public struct Printout: Sendable {
    public let document: PrintDocument
    /// The job's title in the printer's queue (and cups-pdf's file name): `Attendance 2026-11-21 gate-1`.
    public let title: String
    /// What it is in messages: `2026-11-21 report`, `2026-10 monthly sheet`.
    public let name: String

    public init(_ document: PrintDocument, title: String, name: String) {
        self.document = document
        self.title = title
        self.name = name
    }

    /// Prints it on `printer` and returns the line saying where it went and as which job.
    public func send(to printer: ReportPrinter) async throws(KioskError) -> String {
        let job = try await printer.print(document, title: title)
        return "sent the \(name) to \(printer.destination) (job \(job))"
    }
}
