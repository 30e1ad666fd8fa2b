import KioskCore

/// The `[reports]` section: the reports written, and printed, when an attendance day closes.
enum ReportsSection {
    static let schema = SectionSchema<ReportSettings>(rules: [
        .strings("formats") { reports, formats throws(ValueProblem) in
            for format in formats where !ReportSettings.knownFormats.contains(format) {
                throw ValueProblem("\(ValueProblem.quote(format)) is not a report format (\(ValueProblem.alternatives(ReportSettings.knownFormats)))")
            }
            reports.formats = formats
        },
        .boolean("print") { reports, print in reports.print = print },
        .integer("print_width") { reports, width throws(ValueProblem) in
            guard [80, 48, 32].contains(width) else { throw ValueProblem("\(width) is not a printer width (80, 48 or 32)") }
            reports.printWidth = width
        },
    ])
}
