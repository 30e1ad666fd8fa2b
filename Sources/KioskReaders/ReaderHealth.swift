import Logging

/// Logs a reader's state once per change (not once per retry): working, or failing and why.
struct ReaderHealth {
    private let logger: Logger
    private var current: String?

    init(reader: String, logger: Logger) {
        var logger = logger
        logger[metadataKey: "reader"] = "\(reader)"
        self.logger = logger
    }

    /// Records the reader's current state; logs only when it differs from the last one.
    mutating func report(_ state: String, failing: Bool) {
        guard state != current else { return }
        current = state
        if failing { logger.warning("\(state)") } else { logger.info("\(state)") }
    }
}
