import Foundation

/// Runs blocking work (waitpid, pipe reads, sleeps between kills) on a thread of its own, never on the
/// cooperative pool.
public enum DedicatedThread {
    public static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try work() }) }.start()
        }
    }
}
