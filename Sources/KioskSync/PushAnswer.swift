/// What became of one push, as the sync engine acts on it.
public enum PushAnswer: Sendable, Equatable {
    /// The hub answered for every event (accepted, duplicate or rejected).
    case results([String: EventVerdict])
    /// 413: the batch is too large for the hub; split it.
    case tooLarge
    /// Another 4xx for the whole batch: an event in it is bad; split until it is isolated.
    case refused(status: Int, reason: String)
    /// 401 or 403: stop pushing, lose nothing.
    case tokenRejected(status: Int)
    /// No usable answer (connection error, timeout, 408, 429, 5xx): try again after a backoff.
    case unavailable(reason: String, retryAfter: Duration?)
}

/// The hub's verdict on one event.
public enum EventVerdict: Sendable, Equatable {
    /// Stored (now or by an earlier push): the event is synced.
    case acknowledged
    /// Refused for good: the event is quarantined with this reason.
    case rejected(String)
}
