import Foundation

/// Runs a reader's blocking C loop on its own thread (never on the cooperative pool) and hands what it reads
/// to async code through a bounded stream. Cancelling the calling task calls `interrupt`, which must make
/// the blocking call return.
enum ReaderThread {
    /// How many presentations may wait for the journal before the oldest waiting ones are kept and new ones dropped.
    static let bufferLimit = 32

    static func run(
        name: String,
        loop: @escaping @Sendable (_ emit: @escaping @Sendable (CardPresentation) -> Void) -> Void,
        interrupt: @escaping @Sendable () -> Void,
        handle: @escaping @Sendable (CardPresentation) async -> Void
    ) async {
        let (stream, continuation) = AsyncStream.makeStream(of: CardPresentation.self, bufferingPolicy: .bufferingOldest(bufferLimit))
        continuation.onTermination = { _ in interrupt() }
        let thread = Thread {
            loop { continuation.yield($0) }
            continuation.finish()
        }
        thread.name = name
        thread.start()
        await withTaskCancellationHandler {
            for await presentation in stream {
                await handle(presentation)
            }
        } onCancel: {
            interrupt()
        }
    }
}
