import KioskWire

/// What the proxy does to one push.
public enum Fault: Sendable {
    /// Forward it and return the hub's answer.
    case pass
    /// Answer this status without forwarding, with a `Retry-After` when given.
    case status(Int, retryAfter: String?)
    /// Start a 200 answer and cut the connection in the middle of its body, without forwarding.
    case resetMidBody
    /// Forward it (the hub commits), then cut the connection instead of answering.
    case loseResponse
    /// Wait this long, then forward it and answer.
    case slow(Duration)
}

/// An answer that asked the client to wait (`Retry-After`), and how long the client then waited before its next
/// request through the proxy.
public struct RetryWait: Sendable {
    /// The `Retry-After` the answer carried.
    public let asked: Duration
    /// From the answer leaving the proxy to the client's next request arriving; nil when none came.
    public let waited: Duration?
}

/// The faults to apply, in order, and events to damage or refuse; shared by the proxy's requests. It also keeps when
/// each request arrived and which answers asked the client to wait, so a run can check its retries.
public actor FaultScript {
    private var faults: [Fault]
    /// Events the proxy damages (an invalid UID) before forwarding, so the hub rejects them.
    private let damaged: Set<String>
    /// Batches holding any of these events get 422 for the whole batch.
    private let refused: Set<String>
    public private(set) var pushes = 0
    /// When each request (push or pull) arrived.
    private var arrivals: [ContinuousClock.Instant] = []
    /// When each answer with a `Retry-After` (the proxy's own or a hub's) left, what it asked, and when the request it
    /// answers arrived.
    private var asks: [(sent: ContinuousClock.Instant, asked: Duration, request: ContinuousClock.Instant)] = []

    public init(_ faults: [Fault] = [], damaged: Set<String> = [], refused: Set<String> = []) {
        self.faults = faults
        self.damaged = damaged
        self.refused = refused
    }

    /// The fault for the next push, the batch as it is to be forwarded, and when the push arrived.
    func next(_ batch: EventBatch) -> (Fault, EventBatch, ContinuousClock.Instant) {
        pushes += 1
        let arrival = arrived()
        if batch.events.contains(where: { refused.contains($0.id) }) { return (.status(422, retryAfter: nil), batch, arrival) }
        var forwarded = batch
        for index in forwarded.events.indices where damaged.contains(forwarded.events[index].id) { forwarded.events[index].uid = "damaged" }
        return (faults.isEmpty ? .pass : faults.removeFirst(), forwarded, arrival)
    }

    /// A request reached the proxy now; returns when.
    @discardableResult
    func arrived() -> ContinuousClock.Instant {
        let now = ContinuousClock.now
        arrivals.append(now)
        return now
    }

    /// An answer to the request that arrived at `request` is leaving the proxy with this `Retry-After` header (only
    /// whole seconds are kept).
    func answered(retryAfter: String?, request: ContinuousClock.Instant) {
        guard let seconds = retryAfter.flatMap({ Int($0) }) else { return }
        asks.append((.now, .seconds(seconds), request))
    }

    /// Every answer that asked the client to wait, with how long it did; an answer the client no longer waited for
    /// (it sent another request meanwhile, having given up on this one at its own deadline) asked nothing of it.
    public var waits: [RetryWait] {
        asks.filter { ask in !arrivals.contains { $0 > ask.request && $0 < ask.sent } }.map { ask in
            RetryWait(asked: ask.asked, waited: arrivals.first { $0 > ask.sent }.map { $0 - ask.sent })
        }
    }
}
