/// The greeting's large IN and OUT, five rows of block characters, readable from a step away.
enum BigLetters {
    static let rows = 5

    private static let glyphs: [Character: [String]] = [
        "I": ["███", " █ ", " █ ", " █ ", "███"],
        "N": ["█   █", "██  █", "█ █ █", "█  ██", "█   █"],
        "O": [" ███ ", "█   █", "█   █", "█   █", " ███ "],
        "U": ["█   █", "█   █", "█   █", "█   █", " ███ "],
        "T": ["█████", "  █  ", "  █  ", "  █  ", "  █  "],
    ]

    /// The word in block letters, one string per row; nil when a letter has no glyph.
    static func render(_ word: String) -> [String]? {
        var lines = [String](repeating: "", count: rows)
        for (index, letter) in word.enumerated() {
            guard let glyph = glyphs[letter] else { return nil }
            for row in 0..<rows { lines[row] += (index == 0 ? "" : "  ") + glyph[row] }
        }
        return lines
    }
}
