import KioskCore

/// A reader of JSON text for the wire's hot paths, the counterpart of `JSONWriter`. It takes only the plain shape
/// the wire's own writers produce (strings without escapes, integers, known keys once each) and refuses everything
/// else with `JSONReader.NotPlain`, so that `JSONDecoder` reads such a document and gives its usual answer.
///
/// Earned by P4 and P5 (a batch's events read at the hub: 20-34 µs an event through `JSONDecoder`, 2.7 µs with this).
struct JSONReader {
    /// The document is not one this reader takes; `JSONDecoder` decides what it is.
    struct NotPlain: Error {}

    private let bytes: UnsafeRawBufferPointer
    private var index = 0

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// Whether only whitespace is left.
    mutating func isAtEnd() -> Bool {
        skipSpace()
        return index == bytes.count
    }

    /// Reads `byte` (after whitespace) if it comes next.
    mutating func take(_ byte: UInt8) -> Bool {
        skipSpace()
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// Reads `byte` (after whitespace), which must come next.
    mutating func expect(_ byte: UInt8) throws(NotPlain) {
        guard take(byte) else { throw NotPlain() }
    }

    /// Reads an object, calling `field` with each key; `field` reads the value.
    mutating func object(_ field: (inout JSONReader, UnsafeRawBufferPointer) throws(NotPlain) -> Void) throws(NotPlain) {
        try expect(UInt8(ascii: "{"))
        if take(UInt8(ascii: "}")) { return }
        repeat {
            let key = try rawString()
            try expect(UInt8(ascii: ":"))
            try field(&self, key)
        } while take(UInt8(ascii: ","))
        try expect(UInt8(ascii: "}"))
    }

    /// Reads an array, calling `element` to read each element.
    mutating func array(_ element: (inout JSONReader) throws(NotPlain) -> Void) throws(NotPlain) {
        try expect(UInt8(ascii: "["))
        if take(UInt8(ascii: "]")) { return }
        repeat { try element(&self) } while take(UInt8(ascii: ","))
        try expect(UInt8(ascii: "]"))
    }

    /// Reads a string without escapes.
    mutating func string() throws(NotPlain) -> String {
        let utf8 = try rawString()
        if utf8.allSatisfy({ $0 < 0x80 }) { return String(decoding: utf8, as: UTF8.self) }
        guard let text = String(validating: utf8, as: UTF8.self) else { throw NotPlain() }
        return text
    }

    /// Reads a string, or nil for `null`.
    mutating func optionalString() throws(NotPlain) -> String? {
        takeNull() ? nil : try string()
    }

    /// Reads an integer that fits an `Int64`, written without fraction or exponent.
    mutating func integer() throws(NotPlain) -> Int64 {
        skipSpace()
        let negative = index < bytes.count && bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        let start = index
        var value: Int64 = 0
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
            let digit = Int64(bytes[index] - UInt8(ascii: "0"))
            let (shifted, overflowed) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowedAgain) = negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
            guard !overflowed, !overflowedAgain else { throw NotPlain() }
            value = sum
            index += 1
        }
        let count = index - start
        guard count > 0, count == 1 || bytes[start] != UInt8(ascii: "0") else { throw NotPlain() }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") || bytes[index] | 0x20 == UInt8(ascii: "e") { throw NotPlain() }
        return value
    }

    /// Reads `true` or `false`.
    mutating func boolean() throws(NotPlain) -> Bool {
        if takeWord("true") { return true }
        if takeWord("false") { return false }
        throw NotPlain()
    }

    /// Reads `null` if it comes next.
    mutating func takeNull() -> Bool {
        takeWord("null")
    }

    private mutating func takeWord(_ word: StaticString) -> Bool {
        skipSpace()
        let matches = word.withUTF8Buffer { word in
            bytes.count - index >= word.count && word.indices.allSatisfy { bytes[index + $0] == word[$0] }
        }
        if matches { index += word.utf8CodeUnitCount }
        return matches
    }

    /// The bytes between the quotes of a string without escapes or control characters.
    private mutating func rawString() throws(NotPlain) -> UnsafeRawBufferPointer {
        try expect(UInt8(ascii: "\""))
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return UnsafeRawBufferPointer(rebasing: bytes[start..<index - 1])
            }
            guard byte >= 0x20, byte != UInt8(ascii: "\\") else { throw NotPlain() }
            index += 1
        }
        throw NotPlain()
    }

    private mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }
}

extension UnsafeRawBufferPointer {
    /// Whether these bytes are `key`'s UTF-8.
    func isKey(_ key: StaticString) -> Bool {
        key.withUTF8Buffer { key in count == key.count && elementsEqual(key) }
    }
}
