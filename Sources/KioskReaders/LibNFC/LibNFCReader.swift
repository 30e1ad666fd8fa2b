#if LibNFC
public import KioskCore
public import Logging

/// A configured `driver = "libnfc"` reader: the device at the libnfc connstring in `match` (e.g.
/// `pn532_uart:/dev/ttyUSB0`), or the first device libnfc finds when empty.
public struct LibNFCReader: TagReader {
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
        let device = LibNFCDevice()
        let watch = LibNFCWatch(configuration: configuration, device: device, logger: logger, states: states)
        await ReaderThread.run(
            name: "libnfc \(configuration.name)",
            loop: { emit in watch.run(emit: emit) },
            interrupt: { device.stop() },
            handle: handle
        )
    }
}
#endif
