import KioskCore

/// The `[reports]` section: the reports written, and printed, when an attendance day closes.
enum ReportsSection {
    static let schema = SectionSchema<ReportSettings>(rules: dayCloseRules + PrintingKeys.rules.map { $0.lifted(to: \.printing) })

    /// What the day close writes, and whether it prints.
    private static let dayCloseRules: [KeyRule<ReportSettings>] = [
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
    ]
}
