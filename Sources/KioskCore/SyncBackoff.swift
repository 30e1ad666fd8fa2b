/// When to try the hub again after a transient failure: exponential backoff with full jitter. The n-th
/// consecutive failure (from 0) sleeps a random time in [0, min(cap, base × 2^n)]; a `Retry-After` from the
/// hub is a lower bound, still capped. It never gives up, and a success resets it.
public struct SyncBackoff: Sendable {
    public let base: Duration
    public let cap: Duration
    /// Failures since the last success.
    public private(set) var failures = 0
    /// A number in [0, 1], uniformly random in production; injected so tests know the schedule exactly.
    private let unitRandom: @Sendable () -> Double

    public init(
        base: Duration = .seconds(1),
        cap: Duration = .seconds(300),
        unitRandom: @escaping @Sendable () -> Double = { Double.random(in: 0...1) }
    ) {
        self.base = base
        self.cap = cap
        self.unitRandom = unitRandom
    }

    /// The upper bound of the next sleep: min(cap, base × 2^failures).
    public var ceiling: Duration {
        let factor = failures >= 62 ? Double.infinity : Double(1 << failures)
        let seconds = min(cap.seconds, base.seconds * factor)
        return .milliseconds(Int64((seconds * 1000).rounded(.down)))
    }

    /// Records a failure and returns how long to wait before the next attempt.
    public mutating func failed(retryAfter: Duration? = nil) -> Duration {
        let jittered = Duration.milliseconds(Int64((ceiling.seconds * 1000 * min(1, max(0, unitRandom()))).rounded(.down)))
        failures += 1
        guard let retryAfter else { return jittered }
        return min(cap, max(jittered, retryAfter))
    }

    /// Records a success: the next failure starts from `base` again.
    public mutating func succeeded() {
        failures = 0
    }
}

extension Duration {
    /// The duration in seconds as a floating-point number.
    public var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
