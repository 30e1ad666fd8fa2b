import Foundation
import Testing

/// Waits until `condition` holds, looking every 20 ms; records an issue naming `what` and returns false when it
/// still does not after `limit` (a bound for a broken run, or the bound a promise states).
@discardableResult
func waitUntil(_ what: String, within limit: Duration = .seconds(10), _ condition: () async throws -> Bool) async throws -> Bool {
    let deadline = ContinuousClock.now + limit
    while try await !condition() {
        guard ContinuousClock.now < deadline else {
            Issue.record("\(what) did not happen within \(limit)")
            return false
        }
        try await Task.sleep(for: .milliseconds(20))
    }
    return true
}
