import Foundation

/// Hands the outcome of a read from the async side back to the reader's thread, which waits for it
/// (bounded) before it lets go of the card.
final class FeedbackChannel: @unchecked Sendable {
    // Every access to `signal` holds `condition`.
    private let condition = NSCondition()
    private var signal: ReaderFeedback?

    func send(_ feedback: ReaderFeedback) {
        condition.lock()
        defer { condition.unlock() }
        guard signal == nil else { return }
        signal = feedback
        condition.broadcast()
    }

    /// Blocks the reader's thread until the outcome arrives or `timeout` passes.
    func wait(timeout: TimeInterval) -> ReaderFeedback? {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while signal == nil, condition.wait(until: deadline) {}
        return signal
    }
}
