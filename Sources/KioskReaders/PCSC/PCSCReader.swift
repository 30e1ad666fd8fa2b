#if PCSC
public import KioskCore
public import Logging

/// A configured `driver = "pcsc"` reader: every reader pcscd has whose name contains `match` (all of them
/// when empty), including readers plugged in later.
public struct PCSCReader: TagReader {
    public let configuration: ReaderConfiguration
    private let logger: Logger

    public init(configuration: ReaderConfiguration, logger: Logger) {
        self.configuration = configuration
        self.logger = logger
    }

    public func run(_ handle: @escaping @Sendable (CardPresentation) async -> Void) async {
        let context = PCSCContext()
        let watch = PCSCWatch(configuration: configuration, context: context, logger: logger)
        await ReaderThread.run(
            name: "pcsc \(configuration.name)",
            loop: { emit in watch.run(emit: emit) },
            interrupt: { context.stop() },
            handle: handle
        )
    }
}
#endif
