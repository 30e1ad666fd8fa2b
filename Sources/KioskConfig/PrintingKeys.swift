import KioskCore

/// The printing keys, the same in kiosk.conf's `[reports]` and the hub's `[reports]`: `print_format`, `printer`
/// and `print_width`.
enum PrintingKeys {
    static let rules: [KeyRule<PrintSettings>] = [
        .choice("print_format", of: PrintSettings.Format.self, noun: "a print format") { printing, format in printing.format = format },
        .string("printer") { printing, name throws(ValueProblem) in
            // lpadmin(8): up to 127 printable characters except space, slash, backslash, quotes, comma and #.
            let refused = Set("/\\'\",#")
            let printable = RecordLimits.controlCharacter(in: name) == nil && !name.contains { refused.contains($0) || $0.isWhitespace }
            guard (1...127).contains(name.count), printable else {
                throw ValueProblem("\(ValueProblem.quote(name)) is not a CUPS printer name (see `lpstat -p` for the names)")
            }
            printing.printer = name
        },
        .integer("print_width") { printing, width throws(ValueProblem) in
            guard [80, 48, 32].contains(width) else { throw ValueProblem("\(width) is not a printer width (80, 48 or 32)") }
            printing.width = width
        },
    ]
}
