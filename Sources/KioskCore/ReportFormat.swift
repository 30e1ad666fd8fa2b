/// The formats a daily attendance report is rendered in.
public enum ReportFormat: String, CaseIterable, Sendable {
    /// Plain text for a terminal (80 columns) or a receipt printer (48 or 32 columns).
    case text
    /// RFC 4180 CSV with a UTF-8 BOM, for spreadsheets.
    case csv
    /// The JSON report of the contract, for scripts and the hub.
    case json
    /// A printable A4 HTML document.
    case html
}

extension ReportFormat {
    /// The file name extension of a report saved in this format.
    public var fileExtension: String { self == .text ? "txt" : rawValue }
}
