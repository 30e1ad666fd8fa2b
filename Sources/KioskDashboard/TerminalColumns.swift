/// How many terminal columns a character takes: 0 for combining marks, 2 for East Asian wide characters and
/// emoji, 1 otherwise. An approximation of wcwidth that is good enough to keep lines inside the screen.
enum TerminalColumns {
    static func width(of character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        if first.properties.generalCategory == .nonspacingMark || first.properties.generalCategory == .enclosingMark { return 0 }
        switch first.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1FAFF,
            0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }

    static func width(of text: String) -> Int {
        text.reduce(0) { $0 + width(of: $1) }
    }
}
