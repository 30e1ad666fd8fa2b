import Synchronization

/// The first of several answers to one question (an operation's result or its deadline), given to whoever waits;
/// later answers are dropped.
package final class FirstAnswer<T: Sendable>: Sendable {
    private enum State {
        case waiting(CheckedContinuation<T, any Error>?)
        case answered(Result<T, any Error>)
    }

    private let state = Mutex<State>(.waiting(nil))

    package init() {}

    /// Gives `result` unless an answer was given already.
    package func give(_ result: Result<T, any Error>) {
        let waiter: CheckedContinuation<T, any Error>? = state.withLock { state in
            guard case .waiting(let waiter) = state else { return nil }
            state = .answered(result)
            return waiter
        }
        waiter?.resume(with: result)
    }

    /// The first answer, when there is one.
    package func value() async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let answered: Result<T, any Error>? = state.withLock { state in
                switch state {
                case .answered(let result): return result
                case .waiting:
                    state = .waiting(continuation)
                    return nil
                }
            }
            if let answered { continuation.resume(with: answered) }
        }
    }
}
