import Logging

/// Logs a reader's state once per change, not once per retry: what it watches while it works, and the first
/// failure (with its reason) until it works again.
struct ReaderHealth {
    private enum State: Equatable {
        case working(String)
        case failing
        case finished
    }

    private let logger: Logger
    private let reader: String
    private let states: ReaderStates?
    private var current: State?

    init(reader: String, logger: Logger, states: ReaderStates?) {
        var logger = logger
        logger[metadataKey: "reader"] = "\(reader)"
        self.logger = logger
        self.reader = reader
        self.states = states
    }

    /// The reader works; `description` says what it watches.
    mutating func working(_ description: String) {
        guard current != .working(description) else { return }
        current = .working(description)
        states?.set(reader, description, healthy: true)
        logger.info("\(description)")
    }

    /// The reader failed and will be reopened with backoff.
    mutating func failing(_ reason: String) {
        guard current != .failing else { return }
        current = .failing
        states?.set(reader, "unavailable: \(reason)", healthy: false)
        logger.warning("reader unavailable, reopening with backoff: \(reason)")
    }

    /// The reader's source ended for good (standard input closed): it reads nothing more.
    mutating func finished(_ reason: String) {
        guard current != .finished else { return }
        current = .finished
        states?.set(reader, reason, healthy: false)
        logger.notice("\(reason)")
    }
}
