import Foundation
import KioskReaders
import Synchronization

/// Every state each reader reported, in order, so a test waits for a reader to fail or to watch again instead of
/// pausing for as long as that usually takes.
final class ReaderStateLog: Sendable {
    private final class History: Sendable {
        let byReader = Mutex<[String: [ReaderStates.State]]>([:])
    }

    private let history: History
    /// The states the readers under test report to.
    let states: ReaderStates

    init() {
        let history = History()
        self.history = history
        self.states = ReaderStates { all in
            history.byReader.withLock { byReader in
                for (reader, state) in all where byReader[reader]?.last != state {
                    byReader[reader, default: []].append(state)
                }
            }
        }
    }

    /// How many states `reader` has reported so far.
    func count(of reader: String) -> Int {
        history.byReader.withLock { $0[reader]?.count ?? 0 }
    }

    /// Waits until `reader` reports, as its `after`-th state or later, one that satisfies `condition`, and returns
    /// its position; nil when none came within `timeout` seconds.
    func wait(
        for reader: String,
        after: Int,
        timeout: Double = 30,
        where condition: @escaping @Sendable (ReaderStates.State) -> Bool
    ) async -> Int? {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while Date() < deadline {
            let found = history.byReader.withLock { byReader -> Int? in
                let states = byReader[reader] ?? []
                return states.indices.first { $0 >= after && condition(states[$0]) }
            }
            if let found { return found }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return nil
    }
}
