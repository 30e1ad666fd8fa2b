/// What the TOML parser under TOMLKit mishandles, found before it sees the text: it stops the whole process (an
/// assertion) on a table name that starts with a character no key may start with, on a key with a character
/// outside ASCII, and on a `}` where an array expects a value (`[}`, `[1, }`); and it reads the text as a C string,
/// so a NUL silently ends the file. TOML allows none of these.
struct TOMLPreflight {
    /// Where the text breaks a rule, and which.
    struct Problem: Equatable {
        let line: Int
        let column: Int
        let text: String
    }

    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var line = 1
    private var lineStart = 0

    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
    }

    /// The first problem, or nil when the parser can be given the text.
    func firstProblem() -> Problem? {
        var scan = self
        return scan.scan()
    }

    private mutating func scan() -> Problem? {
        var onlySpaceSoFar = true
        while index < scalars.count {
            let scalar = scalars[index]
            if let problem = controlCharacter(scalar) { return problem }
            switch scalar {
            case "\n":
                newLine()
                onlySpaceSoFar = true
                continue
            case "#":
                while index < scalars.count && scalars[index] != "\n" {
                    if let problem = controlCharacter(scalars[index]) { return problem }
                    index += 1
                }
                continue
            case "\"":
                if let problem = skipString(starts(with: "\"\"\"") ? "\"\"\"" : "\"", escapes: true) { return problem }
            case "'":
                if let problem = skipString(starts(with: "'''") ? "'''" : "'", escapes: false) { return problem }
            case "[" where onlySpaceSoFar:
                if let problem = tableNameStart() { return problem }
            case "[", ",":
                if valueMissing() { return problem("a value is missing before '}'") }
                index += 1
            default:
                if !scalar.isASCII {
                    return problem(
                        "a character outside ASCII in a key or table name; quote it (\"name\" = …) or keep such characters to quoted values and comments"
                    )
                }
                index += 1
            }
            onlySpaceSoFar = onlySpaceSoFar && (scalar == " " || scalar == "\t" || scalar == "\r")
        }
        return nil
    }

    /// After `[` or `[[` at the start of a line: the first name must start like a key.
    private mutating func tableNameStart() -> Problem? {
        index += starts(with: "[[") ? 2 : 1
        while index < scalars.count && (scalars[index] == " " || scalars[index] == "\t") { index += 1 }
        guard index < scalars.count else { return nil }
        let first = scalars[index]
        let bare = first.isASCII && (first.properties.isAlphabetic || ("0"..."9").contains(first) || first == "_" || first == "-")
        guard bare || first == "\"" || first == "'" || first == "]" else {
            return problem("a table name starts with a letter, a digit, '_' or '-', or is quoted")
        }
        return nil
    }

    /// Whether the next thing after this `[` or `,` (past spaces, line breaks and comments) is `}`.
    private func valueMissing() -> Bool {
        var next = index + 1
        while next < scalars.count {
            switch scalars[next] {
            case " ", "\t", "\r", "\n":
                next += 1
            case "#":
                while next < scalars.count && scalars[next] != "\n" { next += 1 }
            default:
                return scalars[next] == "}"
            }
        }
        return false
    }

    /// Moves past the string that starts here, opened and closed by `quote` (escapes only in basic strings).
    private mutating func skipString(_ quote: String, escapes: Bool) -> Problem? {
        let multiline = quote.count == 3
        index += quote.count
        while index < scalars.count && !starts(with: quote) {
            if let problem = controlCharacter(scalars[index]) { return problem }
            if escapes && scalars[index] == "\\" { index += 1 }
            if index < scalars.count && scalars[index] == "\n" {
                guard multiline else { return nil }
                newLine()
                continue
            }
            index += 1
        }
        index += quote.count
        return nil
    }

    /// A control character TOML allows nowhere (all but tab and line breaks).
    private func controlCharacter(_ scalar: Unicode.Scalar) -> Problem? {
        guard (scalar.value < 0x20 && !["\t", "\n", "\r"].contains(scalar)) || scalar.value == 0x7F else { return nil }
        let code = String(scalar.value, radix: 16, uppercase: true)
        return problem("the control character U+\(String(repeating: "0", count: 4 - code.count) + code); TOML allows none but tab and line breaks")
    }

    private mutating func newLine() {
        index += 1
        line += 1
        lineStart = index
    }

    private func starts(with quote: String) -> Bool {
        let quote = Array(quote.unicodeScalars)
        return index + quote.count <= scalars.count && Array(scalars[index..<index + quote.count]) == quote
    }

    private func problem(_ text: String) -> Problem {
        Problem(line: line, column: index - lineStart + 1, text: text)
    }
}
