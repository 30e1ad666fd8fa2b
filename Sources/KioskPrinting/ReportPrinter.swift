import Foundation
public import KioskCore

/// Prints reports through CUPS: an A4 page is first made a PDF by WeasyPrint, then `lp` queues the PDF (or the text)
/// on the printer. Every failure is `.unavailable` (exit 69) and carries CUPS's own reason.
public struct ReportPrinter: Sendable {
    /// The CUPS printer; nil is the default destination.
    public let printer: String?

    public init(printer: String?) {
        self.printer = printer
    }

    /// Where jobs go, for messages: `printer PDF` or `the default printer`.
    public var destination: String { printer.map { "printer \($0)" } ?? "the default printer" }

    /// Prints `document` as job `title` and returns the CUPS job id (`PDF-12`). A job queued on a printer that is
    /// disabled is a failure too: it will not come out until someone enables the printer.
    @discardableResult
    public func print(_ document: PrintDocument, title: String) async throws(KioskError) -> String {
        let scratch = try PrintScratch(purpose: "print")
        defer { scratch.remove() }
        let file: URL
        var options: [String] = []
        switch document {
        case .text(let text):
            file = try scratch.write(text, to: "report.txt")
        case .page(let html):
            file = scratch.file("report.pdf")
            try await PageRendering.pdf(from: try scratch.write(html, to: "report.html"), to: file)
            options = ["-o", "media=A4"]
        }
        let destination = printer.map { ["-d", $0] } ?? []
        let arguments = destination + ["-t", title] + options + ["--", file.path]
        let lp = try await ExternalCommand("lp", arguments, package: "cups-client", environment: ["LC_ALL": "C"]).run()
        guard lp.succeeded else { throw await refusal(lp.errors.isEmpty ? "lp failed with exit status \(lp.status)" : lp.errors) }
        let job = Self.jobID(lp.output)
        let queue = printer ?? job.map(Self.queue(of:))
        if let queue, let status = try? await CUPSStatus.printer(queue), !status.enabled {
            throw KioskError(
                .unavailable,
                "job \(job ?? "?") waits in the queue: printer \(queue) is \(status.summary); `cupsenable \(queue)` once it is fixed"
            )
        }
        return job ?? "?"
    }

    /// The job id in lp's answer `request id is PDF-12 (1 file(s))`.
    static func jobID(_ answer: String) -> String? {
        let prefix = "request id is "
        guard let start = answer.range(of: prefix) else { return nil }
        return answer[start.upperBound...].split(separator: " ").first.map(String.init)
    }

    /// The printer of job `PDF-12`: its id without the number.
    static func queue(of job: String) -> String {
        job.range(of: "-", options: .backwards).map { String(job[..<$0.lowerBound]) } ?? job
    }

    /// Why lp refused the job, with the printer's state when CUPS knows it.
    private func refusal(_ lpSays: String) async -> KioskError {
        let sentence = lpSays.hasSuffix(".") ? String(lpSays.dropLast()) : lpSays
        return KioskError(.unavailable, "not printed: \(sentence); \(await cupsState())")
    }

    /// The scheduler's and the printer's state, as CUPS words it.
    private func cupsState() async -> String {
        guard (try? await CUPSStatus.schedulerRuns()) == true else { return "the CUPS scheduler is not running (systemctl start cups)" }
        var name = printer
        if name == nil { name = try? await CUPSStatus.defaultPrinter() }
        guard let name else { return "CUPS has no default printer (`lpadmin -d NAME`, or set printer in the [reports] section)" }
        guard let status = try? await CUPSStatus.printer(name) else { return "CUPS has no printer \(name) (`lpstat -p` lists them)" }
        return "printer \(name) is \(status.summary)"
    }
}
