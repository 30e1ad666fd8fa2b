public import KioskCore

/// Renders a daily attendance report in any `ReportFormat`.
public struct ReportRenderer: Sendable {
    /// The narrowest text layout supported; smaller widths are raised to it.
    public static let minimumWidth = 24

    /// The columns every line of the text format fits in: 80 for a terminal, 48 or 32 for a receipt printer.
    public let width: Int

    public init(width: Int = 80) {
        self.width = max(width, Self.minimumWidth)
    }

    /// The report as `format`. Only the text format depends on `width`; CSV begins with a UTF-8 BOM (`\u{FEFF}`),
    /// so writing the string as UTF-8 gives the bytes EF BB BF first.
    public func render(_ report: AttendanceReport, as format: ReportFormat) -> String {
        switch format {
        case .text: TextReport(report: report, width: width).rendered
        case .csv: CSVReport(report: report).rendered
        case .json: JSONReport(report: report).rendered
        case .html: HTMLReport(report: report).rendered
        }
    }
}
