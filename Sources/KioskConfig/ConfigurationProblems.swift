import KioskCore

/// Every problem found in one configuration file, so the user can fix them all in one pass.
struct ConfigurationProblems {
    private struct Problem {
        let path: ConfigurationKeyPath
        /// Whose line the message gives: the key itself, or its section's header for a missing key.
        let anchor: ConfigurationKeyPath
        let text: String
    }

    private var problems: [Problem] = []

    var isEmpty: Bool { problems.isEmpty }

    /// Records that the value at `path` is wrong; the message gives the line of `anchor` (default: `path`).
    mutating func add(_ text: String, at path: ConfigurationKeyPath, lineOf anchor: ConfigurationKeyPath? = nil) {
        problems.append(Problem(path: path, anchor: anchor ?? path, text: text))
    }

    /// One `FILE:LINE: [section] key: problem` line per problem, in file order; without a line when the key's
    /// line cannot be found in `source`.
    func error(file: String, source: String) -> KioskError {
        let locator = KeyLocator(source: source)
        let located = problems.map { (line: locator.line(of: $0.anchor), problem: $0) }
        let ordered = located.enumerated().sorted { first, second in
            (first.element.line ?? .max, first.offset) < (second.element.line ?? .max, second.offset)
        }
        let lines = ordered.map(\.element).map { line, problem in
            "\(file)\(line.map { ":\($0)" } ?? ""): \(problem.path): \(problem.text)"
        }
        return KioskError(.configuration, lines.joined(separator: "\n"))
    }
}
