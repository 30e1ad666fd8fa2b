import Foundation

/// What the attendance rules need from one student's accepted taps up to an instant, counted one tap at a time in
/// attendance order: the latest direction (of a tap before the day too) and, of the day's taps, how many there are,
/// the first IN, the last OUT and whether an IN came after curfew without a pass. A day held in memory keeps this
/// in place of the taps it counted, so its size does not grow with the day's taps.
struct TapTally: Sendable, Hashable {
    private(set) var latestDirection: Direction?
    private(set) var taps = 0
    private(set) var firstIn: Date?
    private(set) var lastOut: Date?
    private(set) var late = false

    /// Counts `tap`, which comes after every tap counted before, in the day starting at `start` whose curfew is
    /// `curfew`; one of the student's `passes` covering an IN after curfew excuses it.
    mutating func count(_ tap: AcceptedTap, start: Date, curfew: Date, passes: [LeavePass]) {
        latestDirection = tap.direction
        guard tap.occurredAt >= start else { return }
        taps += 1
        switch tap.direction {
        case .in:
            if firstIn == nil { firstIn = tap.occurredAt }
            if tap.occurredAt >= curfew && passes.covering(tap.occurredAt, studentID: tap.studentID) == nil { late = true }
        case .out:
            lastOut = tap.occurredAt
        }
    }
}

/// How many of one card's reads count in a day, counted one read at a time in time order: a read counts unless a
/// counted read (even one before the day) lies within the debounce window before it; and the day's latest read.
struct ReadTally: Sendable, Hashable {
    private var lastCounted: Date?
    private(set) var counted = 0
    private(set) var lastSeen: Date?

    /// Counts a read at `time`, no earlier than every read counted before, in the day starting at `start`, with a
    /// debounce window of `window` seconds.
    mutating func count(_ time: Date, from start: Date, window: TimeInterval) {
        let isCounted = lastCounted.map { $0 <= time.addingTimeInterval(-window) } ?? true
        if isCounted { lastCounted = time }
        guard time >= start else { return }
        if isCounted { counted += 1 }
        lastSeen = time
    }
}
