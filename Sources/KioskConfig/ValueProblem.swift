import TOMLKit

/// What is wrong with one value, in words that quote the value; the key and line are added by the caller.
struct ValueProblem: Error {
    let text: String

    init(_ text: String) {
        self.text = text
    }

    /// The value has the wrong TOML type.
    static func wrongType(expected: String, got value: any TOMLValueConvertible) -> ValueProblem {
        ValueProblem("expected \(expected) (got \(describe(value)))")
    }

    /// A string as the messages show it: `'25:00'`, with `'`, `\` and control characters escaped.
    static func quote(_ text: String) -> String {
        "'" + text.unicodeScalars.map { $0 == "\"" ? "\"" : $0.escaped(asASCII: false) }.joined() + "'"
    }

    /// Choices as prose: `toggle, in or out`.
    static func alternatives(_ choices: [String]) -> String {
        guard let last = choices.last, choices.count > 1 else { return choices.joined() }
        return choices.dropLast().joined(separator: ", ") + " or " + last
    }

    /// A TOML value of any type as the messages show it: `the string '10'`, `the integer -5`, `a table`.
    static func describe(_ value: any TOMLValueConvertible) -> String {
        switch value.type {
        case .string: "the string " + quote(value.string ?? "")
        case .bool: "the boolean " + value.tomlValue.debugDescription
        case .table: "a table"
        case .array: "an array"
        case .int, .double, .date, .time, .dateTime: "the \(value.type) " + value.tomlValue.debugDescription
        }
    }
}
