public import Foundation

/// The source of "now" for everything that depends on wall time, injected so tests need not sleep.
public struct WallClock: Sendable {
    private let read: @Sendable () -> Date

    public init(_ read: @escaping @Sendable () -> Date) {
        self.read = read
    }

    /// The current instant.
    public func now() -> Date { read() }

    /// The system's real-time clock.
    public static let system = WallClock { Date() }

    /// A clock that always reads `instant`.
    public static func fixed(_ instant: Date) -> WallClock { WallClock { instant } }
}
