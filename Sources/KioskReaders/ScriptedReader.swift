import Foundation
public import KioskCore

/// A reader with no hardware: it presents a list of cards at a steady pace, each as a real presentation
/// through the same path as a reader's (the demo's simulated taps). After the last card it calls `finished`.
public struct ScriptedReader: TagReader {
    public let configuration: ReaderConfiguration
    private let cards: [TagUID]
    private let pause: Duration
    private let finished: @Sendable () -> Void
    private let states: ReaderStates?

    /// - Parameters:
    ///   - cards: the UIDs presented, in order.
    ///   - pause: the time before each presentation.
    ///   - states: where it reports its state.
    ///   - finished: called once every card was presented and handled.
    public init(
        configuration: ReaderConfiguration,
        cards: [TagUID],
        pause: Duration,
        states: ReaderStates? = nil,
        finished: @escaping @Sendable () -> Void = {}
    ) {
        self.states = states
        self.configuration = configuration
        self.cards = cards
        self.pause = pause
        self.finished = finished
    }

    public func run(_ handle: @escaping @Sendable (CardPresentation) async -> Void) async {
        states?.set(configuration.name, "simulated taps", healthy: true)
        for uid in cards {
            do { try await Task.sleep(for: pause) } catch { return }
            await handle(
                CardPresentation(
                    uid: uid,
                    reader: configuration,
                    device: "simulated",
                    cardType: "simulated card",
                    presentedAt: Date(),
                    feedback: FeedbackChannel()
                )
            )
        }
        finished()
    }
}
