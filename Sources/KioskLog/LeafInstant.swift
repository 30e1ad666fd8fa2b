/// An instant of a leaf (`occurred`, `recorded`): RFC 3339 text at any offset, as the wire carries it, or milliseconds
/// since 1970-01-01T00:00:00Z, as a store keeps it. Either is written as `YYYY-MM-DDTHH:MM:SS.mmmZ`; two instants
/// are equal when they write the same (or, when either cannot be written, when they are the same value).
public enum LeafInstant: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    case text(String)
    case unixMilliseconds(Int64)

    public init(stringLiteral text: String) {
        self = .text(text)
    }

    /// The text, or the milliseconds as `N ms after 1970-01-01T00:00:00Z`.
    public var description: String {
        switch self {
        case .text(let text): text
        case .unixMilliseconds(let milliseconds): "\(milliseconds) ms after 1970-01-01T00:00:00Z"
        }
    }

    /// The instant in milliseconds since the Unix epoch, or nil when it is not one a leaf can hold.
    public var utcMilliseconds: Int64? {
        switch self {
        case .text(let text): LogInstant.utcMilliseconds(text)
        case .unixMilliseconds(let milliseconds): LogInstant.isWritable(milliseconds) ? milliseconds : nil
        }
    }

    public static func == (lhs: LeafInstant, rhs: LeafInstant) -> Bool {
        if let left = lhs.utcMilliseconds, let right = rhs.utcMilliseconds { return left == right }
        switch (lhs, rhs) {
        case (.text(let left), .text(let right)): return left == right
        case (.unixMilliseconds(let left), .unixMilliseconds(let right)): return left == right
        default: return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        if let milliseconds = utcMilliseconds {
            hasher.combine(milliseconds)
        } else if case .text(let text) = self {
            hasher.combine(text)
        }
    }
}
