import KioskCore

/// The `[reports]` section: the reports written, and printed, when an attendance day closes.
enum ReportsSection {
    static let schema = SectionSchema<ReportSettings>(rules: [
        .strings("formats") { reports, names throws(ValueProblem) in
            let known = ReportFormat.allCases.map(\.rawValue)
            guard !names.isEmpty else { throw ValueProblem("the list is empty; give one or more of \(ValueProblem.alternatives(known))") }
            var formats: [ReportFormat] = []
            for name in names {
                guard let format = ReportFormat(rawValue: name) else {
                    throw ValueProblem("\(ValueProblem.quote(name)) is not a report format (\(ValueProblem.alternatives(known)))")
                }
                formats.append(format)
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
