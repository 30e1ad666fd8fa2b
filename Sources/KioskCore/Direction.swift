/// Whether a student went in or out.
public enum Direction: String, Sendable, Hashable, CaseIterable, Codable {
    case `in`
    case out

    /// The other direction.
    public var opposite: Direction { self == .in ? .out : .in }

    /// How the kiosk shows it: `IN` or `OUT`.
    public var label: String { rawValue.uppercased() }
}

/// How a reader decides a direction: fixed `in` or `out`, or `toggle` the student's state.
public enum ReaderDirection: String, Sendable, Hashable, CaseIterable, Codable {
    case toggle
    case `in`
    case out
}
