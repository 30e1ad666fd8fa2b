import Foundation
public import KioskCore

/// Reads the UID a keyboard-wedge reader typed: 8, 14 or 20 hex digits (separators allowed) in UID order, or a
/// decimal number (e.g. the 10 digits of a 4-byte UID) that is little-endian: the first UID byte is the least
/// significant. `UIDByteOrder.reversed` reverses the bytes of either form.
public enum TypedUID {
    /// The UID `line` names, or an error naming the line.
    public static func parse(_ line: String, byteOrder: UIDByteOrder) throws(KioskError) -> TagUID {
        let text = line.trimmingCharacters(in: .whitespacesAndNewlines)
        var bytes: [UInt8]
        if text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber), ![8, 14, 20].contains(text.count), let number = UInt64(text) {
            bytes = littleEndianBytes(number)
        } else {
            bytes = hexBytes(try TagUID(parsing: text).hex)
        }
        if byteOrder == .reversed { bytes.reverse() }
        return try TagUID(bytes: bytes)
    }

    /// The number's bytes, least significant first: 4 of them when it fits, else 7.
    private static func littleEndianBytes(_ number: UInt64) -> [UInt8] {
        let count = number <= UInt64(UInt32.max) ? 4 : 7
        return (0..<count).map { UInt8(truncatingIfNeeded: number >> (8 * UInt64($0))) }
    }

    private static func hexBytes(_ hex: String) -> [UInt8] {
        let digits = Array(hex.utf8)
        return stride(from: 0, to: digits.count, by: 2).map { UInt8(String(decoding: digits[$0...$0 + 1], as: UTF8.self), radix: 16) ?? 0 }
    }
}
