public import Foundation

/// The source of "now" for everything that depends on wall time, injected so tests need not sleep.
public struct WallClock: Sendable {
    private let read: @Sendable () -> Date

    public init(_ read: @escaping @Sendable () -> Date) {
        self.read = read
    }

    /// The current instant.
    public func now() -> Date { read() }

    /// The system's real-time clock. A debug build (the one the tests run) shifts it by
    /// `KIOSK_CLOCK_OFFSET_SECONDS` when that is set, so a test can run the programs at a chosen time of day;
    /// a release build ignores the variable.
    public static let system: WallClock = {
        let offset = debugOffset
        return WallClock { Date().addingTimeInterval(offset) }
    }()

    /// A clock that always reads `instant`.
    public static func fixed(_ instant: Date) -> WallClock { WallClock { instant } }

    private static var debugOffset: TimeInterval {
        #if DEBUG
        let offset = ProcessInfo.processInfo.environment["KIOSK_CLOCK_OFFSET_SECONDS"].flatMap(TimeInterval.init) ?? 0
        return offset.isFinite ? offset : 0
        #else
        0
        #endif
    }
}
