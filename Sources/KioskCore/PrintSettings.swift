/// How reports are printed: on A4 pages (the HTML report made a PDF) or as plain text for a receipt printer, and on
/// which CUPS printer.
public struct PrintSettings: Sendable, Hashable {
    /// What the printer is sent.
    public enum Format: String, CaseIterable, Sendable {
        /// The HTML report as an A4 PDF (the monthly sheet on A4 landscape), for an office printer.
        case a4
        /// The text report at `width` columns, for a receipt printer.
        case text
    }

    public var format: Format
    /// The CUPS printer (queue) name; nil sends to the CUPS default destination.
    public var printer: String?
    /// The text report's width when printed as text: 80, 48 or 32 columns.
    public var width: Int

    public init(format: Format = .a4, printer: String? = nil, width: Int = 80) {
        self.format = format
        self.printer = printer
        self.width = width
    }
}
