/// Text measured in terminal or printer columns, so that layouts fit a line width.
extension Character {
    /// The columns this character takes, as terminals draw it: 2 for emoji, each wide scalar counting 2 and each
    /// combining mark or format character 0, but at least 1 for the whole character.
    var columns: Int {
        let scalars = unicodeScalars
        if scalars.contains(where: { $0.properties.isEmojiPresentation || $0 == "\u{FE0F}" }) { return 2 }
        return max(1, scalars.reduce(0) { $0 + $1.columns })
    }
}

extension Unicode.Scalar {
    /// Whether this is a control character (C0, DEL or C1), which a line of text must not carry.
    fileprivate var isControl: Bool {
        properties.generalCategory == .control
    }

    /// 0 for combining marks and format characters, 2 for the wide ranges of UAX #11, else 1.
    fileprivate var columns: Int {
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        switch value {
        case 0x1160...0x11FF: return 0
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }
}

extension String {
    /// The columns this text takes on one line.
    var columns: Int {
        reduce(0) { $0 + $1.columns }
    }

    /// The text on one line: line breaks, tabs and other control characters become spaces.
    var singleLine: String {
        String(map { $0.isNewline || $0.unicodeScalars.contains(where: \.isControl) ? " " : $0 })
    }

    /// The text cut to at most `width` columns, ending in `…` when something was cut.
    func truncated(toColumns width: Int) -> String {
        guard columns > width else { return self }
        guard width > 1 else { return width == 1 ? "…" : "" }
        var kept = ""
        var used = 0
        for character in self {
            guard used + character.columns < width else { break }
            kept.append(character)
            used += character.columns
        }
        return kept.withoutTrailingSpaces + "…"
    }

    /// The text without the spaces at its end.
    var withoutTrailingSpaces: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }

    /// The text truncated or padded with spaces to exactly `width` columns.
    func padded(toColumns width: Int, alignRight: Bool = false) -> String {
        let text = truncated(toColumns: width)
        let padding = String(repeating: " ", count: max(0, width - text.columns))
        return alignRight ? padding + text : text + padding
    }

    /// The text in pieces of at most `width` columns (at least one character each).
    func split(toColumns width: Int) -> [String] {
        var pieces: [String] = []
        var piece = ""
        for character in self {
            if !piece.isEmpty, piece.columns + character.columns > width {
                pieces.append(piece)
                piece = ""
            }
            piece.append(character)
        }
        return piece.isEmpty ? pieces : pieces + [piece]
    }
}

/// Lays out tokens on lines of a fixed width, breaking only between tokens unless one is longer than a line.
enum LineFlow {
    /// `tokens` joined by `separator` in lines of at most `width` columns, each line indented by `indent` spaces
    /// and every line after the first by `hanging` more.
    static func lines(_ tokens: [String], width: Int, indent: Int = 0, hanging: Int = 0, separator: String = " ") -> [String] {
        let room = max(2, width - indent - hanging)
        var lines: [String] = []
        var line = ""
        for token in tokens.flatMap({ $0.split(toColumns: room) }) {
            if line.isEmpty {
                line = token
            } else if line.columns + separator.columns + token.columns <= (lines.isEmpty ? room + hanging : room) {
                line += separator + token
            } else {
                lines.append(line)
                line = token
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines.enumerated().map { index, line in
            String(repeating: " ", count: indent + (index == 0 ? 0 : hanging)) + line
        }
    }

    /// A sentence wrapped at spaces into lines of at most `width` columns, continuation lines indented by `hanging`.
    static func wrap(_ text: String, width: Int, hanging: Int = 0) -> [String] {
        lines(text.split(separator: " ").map(String.init), width: width, hanging: hanging)
    }
}
