/// Delays between attempts to reopen a failed reader: doubling from half a second up to ten, reset once the
/// reader works again.
struct ReopenBackoff {
    private static let first = 0.5
    private static let limit = 10.0
    private var next = first

    /// The delay before the next attempt, in seconds.
    mutating func delay() -> Double {
        defer { next = min(next * 2, Self.limit) }
        return next
    }

    mutating func reset() { next = Self.first }
}
