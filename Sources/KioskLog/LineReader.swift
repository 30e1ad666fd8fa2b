/// Reads a text's LF-terminated lines one at a time, counting them.
struct LineReader {
    private let bytes: [UInt8]
    private var position = 0
    /// The number of the line `next()` returned last, from 1.
    private(set) var lineNumber = 0

    init(_ text: String) {
        bytes = Array(text.utf8)
    }

    /// The next line without its LF, or nil when no LF-terminated line is left.
    mutating func next() -> ArraySlice<UInt8>? {
        guard let end = bytes[position...].firstIndex(of: 0x0A) else { return nil }
        defer { position = end + 1 }
        lineNumber += 1
        return bytes[position..<end]
    }

    /// What is left after the lines read.
    var rest: String { String(decoding: bytes[position...], as: UTF8.self) }

    /// Whether nothing is left.
    var atEnd: Bool { position == bytes.count }
}

extension ArraySlice<UInt8> {
    /// The text after `prefix` when the line starts with it.
    func text(after prefix: String) -> String? {
        starts(with: prefix.utf8) ? String(decoding: dropFirst(prefix.utf8.count), as: UTF8.self) : nil
    }
}
