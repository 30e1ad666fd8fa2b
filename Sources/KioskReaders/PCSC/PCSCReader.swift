#if PCSC
public import KioskCore
public import Logging

/// A configured `driver = "pcsc"` reader: every reader pcscd has whose name contains `match` (all of them
/// when empty), including readers plugged in later.
public struct PCSCReader: TagReader {
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
        let context = PCSCContext()
        let watch = PCSCWatch(configuration: configuration, context: context, logger: logger, states: states)
        await ReaderThread.run(
            name: "pcsc \(configuration.name)",
            loop: { emit in watch.run(emit: emit) },
            interrupt: { context.stop() },
            handle: handle
        )
    }
}
#endif
