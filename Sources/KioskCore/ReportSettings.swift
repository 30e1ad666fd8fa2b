/// The `[reports]` settings: what the kiosk writes when an attendance day closes.
public struct ReportSettings: Sendable, Hashable {
    /// The formats written to `data_dir/reports/` for every finished day.
    public var formats: [ReportFormat]
    /// Whether the finished day's report is also sent to the printer.
    public var print: Bool
    /// How and where reports are printed, by the day close and by `kiosk report --print`.
    public var printing: PrintSettings

    public init(formats: [ReportFormat] = ReportFormat.allCases, print: Bool = false, printing: PrintSettings = PrintSettings()) {
        self.formats = formats
        self.print = print
        self.printing = printing
    }
}
