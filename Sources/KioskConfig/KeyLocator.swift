/// Finds the line a key is on in kiosk.conf's text. TOMLKit reports lines only for syntax errors, so this
/// scans `[table]` and `[[array]]` headers (counting array elements) and `key =` lines, skipping comments,
/// quoted keys' contents and multi-line strings: enough for a configuration file, not a TOML parser.
struct KeyLocator {
    private enum Component: Hashable {
        case name(String)
        case index(Int)
    }

    /// Each header and key found, with its 1-based line, in file order.
    private var entries: [(components: [Component], line: Int)] = []

    init(source: String) {
        var table: [Component] = []
        var arrayElements: [[String]: Int] = [:]
        var openString: String?
        let lines = source.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        for (offset, text) in lines.enumerated() {
            if let delimiter = openString {
                if text.contains(delimiter) { openString = nil }
                continue
            }
            let line = text.drop { $0 == " " || $0 == "\t" }
            if line.hasPrefix("[[") {
                guard let (names, rest) = Self.dottedKey(line.dropFirst(2)), rest.hasPrefix("]]") else { continue }
                let count = arrayElements[names, default: 0]
                table = Self.components(Array(names.dropLast()), arrayElements) + [.name(names[names.count - 1]), .index(count)]
                arrayElements[names] = count + 1
                entries.append((table, offset + 1))
            } else if line.hasPrefix("[") {
                guard let (names, rest) = Self.dottedKey(line.dropFirst()), rest.hasPrefix("]") else { continue }
                table = Self.components(names, arrayElements)
                entries.append((table, offset + 1))
            } else if let (names, rest) = Self.dottedKey(line), rest.hasPrefix("=") {
                entries.append((table + names.map(Component.name), offset + 1))
                openString = Self.unclosedMultilineString(rest.dropFirst())
            }
        }
    }

    /// The line of `path`, or of the first header or key inside it (for a section written only as
    /// `[section.sub]` or `section.key = …`); nil when neither is found.
    func line(of path: ConfigurationKeyPath) -> Int? {
        var query: [Component] = []
        if let section = path.section { query += section.split(separator: ".").map { .name(String($0)) } }
        if let index = path.index { query.append(.index(index)) }
        if let key = path.key { query.append(.name(key)) }
        guard !query.isEmpty else { return nil }
        return (entries.first { $0.components == query } ?? entries.first { $0.components.starts(with: query) })?.line
    }

    /// A header's names, with the current element's index after each name that is an array of tables.
    private static func components(_ names: [String], _ arrayElements: [[String]: Int]) -> [Component] {
        names.indices.flatMap { end in
            [.name(names[end])] + (arrayElements[Array(names[...end])].map { [.index($0 - 1)] } ?? [])
        }
    }

    /// Reads a dotted key (`a."b.c".d`) at the start of `text`; returns its names and the text after it.
    private static func dottedKey(_ text: Substring) -> ([String], Substring)? {
        var names: [String] = []
        var rest = text
        while true {
            rest = rest.drop { $0 == " " || $0 == "\t" }
            guard let first = rest.first else { return nil }
            if first == "\"" || first == "'" {
                var escaped = false
                guard
                    let close = rest.dropFirst().firstIndex(where: { character in
                        defer { escaped = first == "\"" && character == "\\" && !escaped }
                        return character == first && !escaped
                    })
                else { return nil }
                names.append(String(rest[rest.index(after: rest.startIndex)..<close]))
                rest = rest[rest.index(after: close)...]
            } else {
                let bare = rest.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
                guard !bare.isEmpty else { return nil }
                names.append(String(bare))
                rest = rest.dropFirst(bare.count)
            }
            rest = rest.drop { $0 == " " || $0 == "\t" }
            guard rest.first == "." else { return (names, rest) }
            rest = rest.dropFirst()
        }
    }

    /// The delimiter of a multi-line string that `value` opens and does not close, if any.
    private static func unclosedMultilineString(_ value: Substring) -> String? {
        let trimmed = value.drop { $0 == " " || $0 == "\t" }
        return ["\"\"\"", "'''"].first { trimmed.hasPrefix($0) && !trimmed.dropFirst(3).contains($0) }
    }
}
