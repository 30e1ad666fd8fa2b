import KioskCore

/// `keep_days`, read the same way in a kiosk's `[journal]` section and the hub's `[retention]` section.
enum RetentionSection {
    static let schema = SectionSchema<RetentionPolicy?>(rules: [
        .integer("keep_days") { retention, days throws(ValueProblem) in
            guard let policy = RetentionPolicy(keepDays: days) else {
                throw ValueProblem(
                    "\(days) is below \(RetentionPolicy.minimumDays): records are kept at least a year; give \(RetentionPolicy.minimumDays) or more, or remove the key to keep everything"
                )
            }
            retention = policy
        }
    ])
}
