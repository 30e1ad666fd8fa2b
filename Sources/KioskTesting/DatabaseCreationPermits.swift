/// Lets a few test databases be created and migrated at once and the rest wait their turn: a hundred `CREATE
/// DATABASE`s and migrations at once starve the PostgreSQL server and the test process, and tests that already have
/// their database then see their requests time out.
actor DatabaseCreationPermits {
    private var available: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(_ permits: Int) {
        available = permits
    }

    /// Runs `body` once a permit is free, and frees it after.
    func withPermit<T: Sendable>(_ body: @Sendable () async throws -> T) async rethrows -> T {
        if available > 0 {
            available -= 1
        } else {
            await withCheckedContinuation { waiting.append($0) }
        }
        defer {
            if waiting.isEmpty { available += 1 } else { waiting.removeFirst().resume() }
        }
        return try await body()
    }
}
