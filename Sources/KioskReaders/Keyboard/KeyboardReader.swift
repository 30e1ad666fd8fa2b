public import KioskCore
public import Logging

/// A configured `driver = "keyboard"` reader: a USB reader that types the UID and Enter, read from the evdev
/// device at `match` (grabbed) or, with `match` empty, from standard input.
public struct KeyboardReader: TagReader {
    public let configuration: ReaderConfiguration
    private let logger: Logger
    private let states: ReaderStates?

    /// - Parameter states: where the reader reports its state (for the live summary), if anywhere.
    public init(configuration: ReaderConfiguration, logger: Logger, states: ReaderStates? = nil) {
        self.configuration = configuration
        self.logger = logger
        self.states = states
    }

    public func run(_ handle: @escaping @Sendable (CardPresentation) async -> Void) async {
        let input = KeyboardInput()
        let watch = KeyboardWatch(configuration: configuration, input: input, logger: logger, states: states)
        await ReaderThread.run(
            name: "keyboard \(configuration.name)",
            loop: { emit in watch.run(emit: emit) },
            interrupt: { input.stop() },
            handle: handle
        )
    }
}
