/// Delays between attempts to reopen a failed reader: doubling from a quarter of a second up to one second (a
/// restarted pcscd or a replugged reader is back within a second; an attempt costs next to nothing), reset once
/// the reader works again.
struct ReopenBackoff {
    private static let first = 0.25
    private static let limit = 1.0
    private var next = first

    /// The delay before the next attempt, in seconds.
    mutating func delay() -> Double {
        defer { next = min(next * 2, Self.limit) }
        return next
    }

    mutating func reset() { next = Self.first }
}
