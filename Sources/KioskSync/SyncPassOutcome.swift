/// How one pass over the pending events ended.
public enum SyncPassOutcome: Sendable, Equatable {
    /// Nothing is pending any more; `quarantined` events remain set aside.
    case drained(quarantined: Int)
    /// The hub refused the token (HTTP 401 or 403); nothing was lost.
    case tokenRejected(status: Int)
    /// The hub did not give a usable answer; try again after a backoff, at least `retryAfter` when it says so.
    case unavailable(reason: String, retryAfter: Duration?)
}

extension SyncPassOutcome {
    /// This stop, given the answers for the batches that were at the hub with the one that stopped the pass: a
    /// rejected token among them stops pushing; otherwise the longest wait the hub asked for is kept.
    func joined(with answers: [PushAnswer]) -> SyncPassOutcome {
        var outcome = self
        for answer in answers {
            switch (outcome, answer) {
            case (.tokenRejected, _): return outcome
            case (_, .tokenRejected(let status)): outcome = .tokenRejected(status: status)
            case (.unavailable(_, let waited), .unavailable(let reason, let retryAfter?)) where waited.map({ retryAfter > $0 }) ?? true:
                outcome = .unavailable(reason: reason, retryAfter: retryAfter)
            default: continue
            }
        }
        return outcome
    }
}

/// What a pass did before it ended.
public struct SyncPassReport: Sendable, Equatable {
    public let outcome: SyncPassOutcome
    /// Events the hub acknowledged during the pass.
    public let acknowledged: Int
    /// Events quarantined during the pass.
    public let quarantined: Int
}
