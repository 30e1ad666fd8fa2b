import Foundation
import KioskCore

/// Lays out an HTML document for paper with WeasyPrint (Pango shapes every script with the fonts fontconfig finds),
/// as a PDF whose pages follow the document's `@page` rules.
enum PageRendering {
    /// The most a page layout may take on a slow kiosk before it is given up.
    static let limit = Duration.seconds(180)

    /// Renders the HTML file `source` into the PDF file `pdf`.
    static func pdf(from source: URL, to pdf: URL) async throws(KioskError) {
        let run = try await ExternalCommand("weasyprint", ["--quiet", source.path, pdf.path], package: "weasyprint").run(limit: limit)
        guard run.succeeded else {
            let reason = run.errors.split(separator: "\n").last.map(String.init) ?? "exit status \(run.status)"
            throw KioskError(.unavailable, "weasyprint could not lay out the page: \(reason)")
        }
    }
}
