public import Foundation

/// How long records are kept (`[journal] keep_days` on a kiosk, `[retention] keep_days` on the hub): at least a year,
/// as long as the processing logs must be.
public struct RetentionPolicy: Sendable, Hashable {
    /// The fewest days a policy keeps.
    public static let minimumDays = 365

    public let keepDays: Int

    /// The policy keeping records `keepDays` days, nil below `minimumDays`.
    public init?(keepDays: Int) {
        guard keepDays >= Self.minimumDays else { return nil }
        self.keepDays = keepDays
    }

    /// Records of before this instant are past keeping at `now`.
    public func cutoff(at now: Date) -> Date {
        now.addingTimeInterval(-Double(keepDays) * 86_400)
    }
}
