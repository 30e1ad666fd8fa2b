import TOMLKit

/// The keys one section accepts. Reading a table checks every key it holds, reports unknown and missing
/// keys, and stores the good values into a draft; adding a key to a section is adding one rule.
struct SectionSchema<Draft>: Sendable {
    let rules: [KeyRule<Draft>]

    /// Reads `value`, which should be the table at `section`, into `draft`, adding what is wrong to `problems`.
    func read(
        _ value: any TOMLValueConvertible,
        into draft: inout Draft,
        at section: ConfigurationKeyPath,
        problems: inout ConfigurationProblems
    ) {
        guard let table = value.table else {
            problems.add("expected a table (got \(ValueProblem.describe(value)))", at: section)
            return
        }
        for (key, value) in table {
            guard let rule = rules.first(where: { $0.key == key }) else {
                problems.add("unknown key (known keys: \(rules.map(\.key).joined(separator: ", ")))", at: section.appending(key))
                continue
            }
            do {
                try rule.read(&draft, value)
            } catch {
                problems.add(error.text, at: section.appending(key))
            }
        }
        for rule in rules where !table.contains(key: rule.key) {
            if let requirement = rule.requirement {
                problems.add("missing; \(requirement)", at: section.appending(rule.key), lineOf: section)
            }
        }
    }
}
