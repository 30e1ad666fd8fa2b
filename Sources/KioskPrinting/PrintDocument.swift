public import KioskCore
public import KioskReports

/// What goes to the printer: the text of a report for a receipt printer, or an HTML document that its own `@page`
/// rules lay out on A4 paper (the daily report upright, the monthly sheet landscape).
public enum PrintDocument: Sendable, Hashable {
    case text(String)
    case page(html: String)

    /// The daily report as `settings` asks: the A4 page, or the text at `settings.width` columns.
    public static func daily(_ report: AttendanceReport, _ settings: PrintSettings) -> PrintDocument {
        switch settings.format {
        case .a4: .page(html: ReportRenderer().render(report, as: .html))
        case .text: .text(ReportRenderer(width: settings.width).render(report, as: .text))
        }
    }

    /// The monthly sheet as `settings` asks: the A4 landscape page, or its text grid.
    public static func monthly(_ sheet: MonthlySheetReport, _ settings: PrintSettings) -> PrintDocument {
        switch settings.format {
        case .a4: .page(html: sheet.render(as: .html))
        case .text: .text(sheet.render(as: .text))
        }
    }
}
