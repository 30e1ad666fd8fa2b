public import Foundation
import Synchronization

/// A globally unique, time-ordered event identifier (UUID version 7, RFC 9562): 48 bits of Unix milliseconds,
/// then random bits, so ids sort in the order they were made.
public struct EventID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The lowercase hyphenated UUID text.
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// A new id for an event recorded at `instant`. Ids made in one process increase strictly, even within one
    /// millisecond (RFC 9562 method 1: a counter in the 12 `rand_a` bits, started at a random value each millisecond).
    public static func make(at instant: Date) -> EventID {
        var generator = SystemRandomNumberGenerator()
        return make(at: instant, using: &generator)
    }

    /// A new id with randomness from `generator`.
    public static func make(at instant: Date, using generator: inout some RandomNumberGenerator) -> EventID {
        let wanted = UInt64(max(0, instant.timeIntervalSince1970 * 1000))
        let seed = UInt16.random(in: 0...0x7FF, using: &generator)
        let (millis, counter) = lastIssued.withLock { last -> (UInt64, UInt16) in
            let next: (UInt64, UInt16) =
                if wanted > last.millis { (wanted, seed) } else if last.counter < 0xFFF { (last.millis, last.counter + 1) } else {
                    (last.millis + 1, seed)
                }
            last = next
            return next
        }
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in 0..<6 { bytes[index] = UInt8(truncatingIfNeeded: millis >> (8 * (5 - index))) }
        bytes[6] = 0x70 | UInt8(counter >> 8)
        bytes[7] = UInt8(truncatingIfNeeded: counter)
        for index in 8..<16 { bytes[index] = UInt8.random(in: 0...255, using: &generator) }
        bytes[8] = 0x80 | (bytes[8] & 0x3F)
        let uuid = UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            )
        )
        return EventID(rawValue: uuid.uuidString.lowercased())
    }

    private static let lastIssued = Mutex<(millis: UInt64, counter: UInt16)>((0, 0))

    public var description: String { rawValue }

    public static func < (lhs: EventID, rhs: EventID) -> Bool { lhs.rawValue < rhs.rawValue }
}
