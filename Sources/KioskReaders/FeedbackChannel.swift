import Foundation

/// Hands the outcome of a read from the async side back to the reader's thread, which waits for it
/// (bounded) before it lets go of the card.
final class FeedbackChannel: @unchecked Sendable {
    // Every access to `answered` and `signal` holds `condition`.
    private let condition = NSCondition()
    private var answered = false
    private var signal: ReaderFeedback?

    /// Answers the read: with a signal to show, or nil to show nothing.
    func send(_ feedback: ReaderFeedback?) {
        condition.lock()
        defer { condition.unlock() }
        guard !answered else { return }
        answered = true
        signal = feedback
        condition.broadcast()
    }

    /// Blocks the reader's thread until the answer arrives or `timeout` passes; nil means show nothing.
    func wait(timeout: TimeInterval) -> ReaderFeedback? {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while !answered, condition.wait(until: deadline) {}
        return signal
    }
}
