import Foundation
public import KioskCore

/// A reader with no hardware: it presents cards from a script, each as a real presentation through the same path
/// as a reader's. The demo's simulated taps are a fixed list at a steady pace; a test feeds cards one by one.
public struct ScriptedReader: TagReader {
    public let configuration: ReaderConfiguration
    private let cards: AsyncStream<TagUID>
    private let pause: Duration
    private let handled: @Sendable (TagUID) -> Void
    private let finished: @Sendable () -> Void
    private let states: ReaderStates?

    /// Presents `cards` in order, each after `pause`; after the last one was handled it calls `finished`.
    public init(
        configuration: ReaderConfiguration,
        cards: [TagUID],
        pause: Duration,
        states: ReaderStates? = nil,
        finished: @escaping @Sendable () -> Void = {}
    ) {
        let (stream, continuation) = AsyncStream.makeStream(of: TagUID.self)
        for card in cards { continuation.yield(card) }
        continuation.finish()
        self.init(configuration: configuration, cards: stream, pause: pause, states: states, handled: { _ in }, finished: finished)
    }

    /// Presents each card `cards` yields, at once, and calls `handled` once it was recorded and answered.
    public init(
        configuration: ReaderConfiguration,
        cards: AsyncStream<TagUID>,
        pause: Duration = .zero,
        states: ReaderStates? = nil,
        handled: @escaping @Sendable (TagUID) -> Void,
        finished: @escaping @Sendable () -> Void = {}
    ) {
        self.configuration = configuration
        self.cards = cards
        self.pause = pause
        self.states = states
        self.handled = handled
        self.finished = finished
    }

    public func run(_ handle: @escaping @Sendable (CardPresentation) async -> Void) async {
        states?.set(configuration.name, "simulated taps", healthy: true)
        for await uid in cards {
            do { try await Task.sleep(for: pause) } catch { return }
            await handle(
                CardPresentation(
                    uid: uid,
                    reader: configuration,
                    device: "simulated",
                    cardType: "simulated card",
                    presentedAt: WallClock.system.now(),
                    feedback: FeedbackChannel()
                )
            )
            handled(uid)
        }
        guard !Task.isCancelled else { return }
        finished()
    }
}
