public import Foundation

/// The `[attendance]` settings that every attendance rule is judged by.
public struct AttendancePolicy: Sendable, Hashable {
    /// The zone that days, curfew and printed times are in.
    public var timeZone: TimeZone
    /// When one attendance day ends and the next begins.
    public var dayStartsAt: TimeOfDay
    /// After this, a student who went out and is not back is "not returned"; an `in` tap is late.
    public var curfew: TimeOfDay
    /// A read within this many seconds of the same student's accepted tap is ignored.
    public var debounceSeconds: Int
    /// The debounce windows a configuration may give: none, up to a day (a longer one would ignore every tap).
    public static let debounceRange = 0...86_400
    /// A student's state before their first accepted tap.
    public var initialState: Direction

    public init(
        timeZone: TimeZone = .current,
        dayStartsAt: TimeOfDay = TimeOfDay(hour: 4, minute: 0)!,
        curfew: TimeOfDay = TimeOfDay(hour: 22, minute: 30)!,
        debounceSeconds: Int = 10,
        initialState: Direction = .in
    ) {
        self.timeZone = timeZone
        self.dayStartsAt = dayStartsAt
        self.curfew = curfew
        self.debounceSeconds = debounceSeconds
        self.initialState = initialState
    }
}
