/// The `[reports]` settings: what the kiosk writes when an attendance day closes.
public struct ReportSettings: Sendable, Hashable {
    /// The formats written to `data_dir/reports/` for every finished day.
    public var formats: [ReportFormat]
    /// Whether the finished day's text report is also sent to the default printer.
    public var print: Bool
    /// The text report's width when printed: 80, 48 or 32 columns.
    public var printWidth: Int

    public init(formats: [ReportFormat] = ReportFormat.allCases, print: Bool = false, printWidth: Int = 80) {
        self.formats = formats
        self.print = print
        self.printWidth = printWidth
    }
}
