import Foundation
import Synchronization

/// Runs a reader's blocking C loop on its own thread (never on the cooperative pool) and hands what it reads
/// to async code through a bounded stream. Cancelling the calling task calls `interrupt`, which must make
/// the blocking call return.
enum ReaderThread {
    /// How many presentations may wait for the journal; a reader with that many waiting blocks on its own
    /// thread until one is recorded, so a burst (a keyboard wedge typing from a pipe) is slowed, never dropped.
    static let bufferLimit = 32

    static func run(
        name: String,
        loop: @escaping @Sendable (_ emit: @escaping @Sendable (CardPresentation) -> Void) -> Void,
        interrupt: @escaping @Sendable () -> Void,
        handle: @escaping @Sendable (CardPresentation) async -> Void
    ) async {
        let (stream, continuation) = AsyncStream.makeStream(of: CardPresentation.self)
        let slots = DispatchSemaphore(value: bufferLimit)
        let ended = Atomic(false)
        continuation.onTermination = { _ in
            ended.store(true, ordering: .sequentiallyConsistent)
            interrupt()
        }
        let thread = Thread {
            loop { presentation in
                while slots.wait(timeout: .now() + .milliseconds(100)) == .timedOut {
                    if ended.load(ordering: .sequentiallyConsistent) { return }
                }
                continuation.yield(presentation)
            }
            continuation.finish()
        }
        thread.name = name
        thread.start()
        await withTaskCancellationHandler {
            for await presentation in stream {
                await handle(presentation)
                slots.signal()
            }
        } onCancel: {
            interrupt()
        }
    }
}
