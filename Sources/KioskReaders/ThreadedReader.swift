import KioskCore
import Logging

/// One driver's blocking loop (PC/SC, libnfc, an evdev device or standard input), run on its reader's own
/// thread: `run` emits presentations until `stop`, called from another thread when the reader is cancelled,
/// makes it return.
protocol ReaderWatch: Sendable {
    /// The driver's name in the reader thread's name (`pcsc`, `libnfc`, `keyboard`).
    static var driver: String { get }
    /// `readsSun`: whether each card is asked for its SUN after its UID (`[cards] sun_keys_file` is set).
    init(configuration: ReaderConfiguration, logger: Logger, states: ReaderStates?, readsSun: Bool)
    func run(emit: @Sendable (CardPresentation) -> Void)
    func stop()
}

/// A configured reader whose driver blocks in C calls: each run makes a new `Watch` and runs it on a thread of
/// its own (`ReaderThread`), never on the cooperative pool, stopping it when the task is cancelled.
struct ThreadedReader<Watch: ReaderWatch>: TagReader {
    let configuration: ReaderConfiguration
    private let logger: Logger
    private let states: ReaderStates?
    private let readsSun: Bool

    init(configuration: ReaderConfiguration, logger: Logger, states: ReaderStates?, readsSun: Bool) {
        self.configuration = configuration
        self.logger = logger
        self.states = states
        self.readsSun = readsSun
    }

    func run(_ handle: @escaping @Sendable (CardPresentation) async -> Void) async {
        let watch = Watch(configuration: configuration, logger: logger, states: states, readsSun: readsSun)
        await ReaderThread.run(
            name: "\(Watch.driver) \(configuration.name)",
            loop: { emit in watch.run(emit: emit) },
            interrupt: { watch.stop() },
            handle: handle
        )
    }
}
