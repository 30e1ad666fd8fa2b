public import Foundation

/// A globally unique, time-ordered event identifier (UUID version 7, RFC 9562): 48 bits of Unix milliseconds,
/// then random bits, so ids sort in the order they were made.
public struct EventID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The lowercase hyphenated UUID text.
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// A new id for an event recorded at `instant`.
    public static func make(at instant: Date) -> EventID {
        var generator = SystemRandomNumberGenerator()
        return make(at: instant, using: &generator)
    }

    /// A new id with randomness from `generator`.
    public static func make(at instant: Date, using generator: inout some RandomNumberGenerator) -> EventID {
        let millis = UInt64(max(0, instant.timeIntervalSince1970 * 1000))
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in 0..<6 { bytes[index] = UInt8(truncatingIfNeeded: millis >> (8 * (5 - index))) }
        for index in 6..<16 { bytes[index] = UInt8.random(in: 0...255, using: &generator) }
        bytes[6] = 0x70 | (bytes[6] & 0x0F)
        bytes[8] = 0x80 | (bytes[8] & 0x3F)
        let uuid = UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            )
        )
        return EventID(rawValue: uuid.uuidString.lowercased())
    }

    public var description: String { rawValue }

    public static func < (lhs: EventID, rhs: EventID) -> Bool { lhs.rawValue < rhs.rawValue }
}
