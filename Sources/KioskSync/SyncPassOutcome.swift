/// How one pass over the pending events ended.
public enum SyncPassOutcome: Sendable, Equatable {
    /// Nothing is pending any more; `quarantined` events remain set aside.
    case drained(quarantined: Int)
    /// The hub refused the token (HTTP 401 or 403); nothing was lost.
    case tokenRejected(status: Int)
    /// The hub did not give a usable answer; try again after a backoff, at least `retryAfter` when it says so.
    case unavailable(reason: String, retryAfter: Duration?)
}

/// What a pass did before it ended.
public struct SyncPassReport: Sendable, Equatable {
    public let outcome: SyncPassOutcome
    /// Events the hub acknowledged during the pass.
    public let acknowledged: Int
    /// Events quarantined during the pass.
    public let quarantined: Int
}
