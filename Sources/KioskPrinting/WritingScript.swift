/// A writing system students' names are written in, with the fontconfig language that asks for a font covering it.
public struct WritingScript: Sendable, Hashable {
    /// Its name as a warden knows it: `Devanagari`.
    public let name: String
    /// A language written in it, as fontconfig names languages (`fc-list :lang=hi`).
    public let language: String
    private let blocks: [ClosedRange<UInt32>]

    private init(_ name: String, _ language: String, _ blocks: [ClosedRange<UInt32>]) {
        self.name = name
        self.language = language
        self.blocks = blocks
    }

    /// The scripts of India's names, Arabic (Urdu) and Latin.
    public static let known: [WritingScript] = [
        WritingScript("Latin", "en", [0x41...0x5A, 0x61...0x7A, 0xC0...0x24F]),
        WritingScript("Devanagari", "hi", [0x900...0x97F, 0xA8E0...0xA8FF]),
        WritingScript("Bengali", "bn", [0x980...0x9FF]),
        WritingScript("Gurmukhi", "pa", [0xA00...0xA7F]),
        WritingScript("Gujarati", "gu", [0xA80...0xAFF]),
        WritingScript("Odia", "or", [0xB00...0xB7F]),
        WritingScript("Tamil", "ta", [0xB80...0xBFF]),
        WritingScript("Telugu", "te", [0xC00...0xC7F]),
        WritingScript("Kannada", "kn", [0xC80...0xCFF]),
        WritingScript("Malayalam", "ml", [0xD00...0xD7F]),
        WritingScript("Arabic", "ar", [0x600...0x6FF, 0x750...0x77F, 0xFB50...0xFDFF, 0xFE70...0xFEFF]),
    ]

    /// The known scripts `names` use, each with the first name written in it, in the order of `known`.
    public static func used(by names: [String]) -> [(script: WritingScript, example: String)] {
        known.compactMap { script in
            names.first { name in name.unicodeScalars.contains { scalar in script.blocks.contains { $0.contains(scalar.value) } } }
                .map { (script, $0) }
        }
    }
}
