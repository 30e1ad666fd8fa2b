import KioskCore

/// The `[passes]` section of the hub's configuration: who decides pass requests, and how long they may be.
enum PassesSection {
    static let schema = SectionSchema<PassSettings>(rules: [
        .boolean("parent_approval") { passes, approval in passes.parentApproval = approval },
        .integer("max_days") { passes, days throws(ValueProblem) in
            guard (1...366).contains(days) else { throw ValueProblem("\(days) is out of range; give 1 to 366 days") }
            passes.maxDays = days
        },
    ])
}
