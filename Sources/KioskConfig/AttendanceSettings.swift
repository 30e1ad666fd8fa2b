public import KioskCore

/// Attendance settings given on a command line (`kiosk-hub property create`), checked by the same rules as the
/// `[attendance]` section; an error names the flag and the value.
public struct AttendanceSettings: Sendable {
    public var timezone: String?
    public var dayStartsAt: String?
    public var curfew: String?
    public var debounceSeconds: Int?
    public var initialState: String?

    public init(timezone: String?, dayStartsAt: String?, curfew: String?, debounceSeconds: Int?, initialState: String?) {
        self.timezone = timezone
        self.dayStartsAt = dayStartsAt
        self.curfew = curfew
        self.debounceSeconds = debounceSeconds
        self.initialState = initialState
    }

    /// `base` with the given settings in place of its own.
    public func applied(to base: AttendancePolicy) throws(KioskError) -> AttendancePolicy {
        var policy = base
        if let timezone { try flag("--timezone") { () throws(ValueProblem) in policy.timeZone = try AttendanceSection.timeZone(named: timezone) } }
        if let dayStartsAt {
            try flag("--day-starts-at") { () throws(ValueProblem) in policy.dayStartsAt = try AttendanceSection.timeOfDay(dayStartsAt) }
        }
        if let curfew { try flag("--curfew") { () throws(ValueProblem) in policy.curfew = try AttendanceSection.timeOfDay(curfew) } }
        if let debounceSeconds {
            try flag("--debounce-seconds") { () throws(ValueProblem) in policy.debounceSeconds = try AttendanceSection.debounce(debounceSeconds) }
        }
        if let initialState {
            try flag("--initial-state") { () throws(ValueProblem) in
                guard let state = Direction(rawValue: initialState) else {
                    throw ValueProblem("\(ValueProblem.quote(initialState)) is not a state (in or out)")
                }
                policy.initialState = state
            }
        }
        return policy
    }

    private func flag(_ name: String, _ apply: () throws(ValueProblem) -> Void) throws(KioskError) {
        do {
            try apply()
        } catch {
            throw KioskError(.usage, "\(name): \(error.text)")
        }
    }
}
