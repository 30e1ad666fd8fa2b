public import KioskReaders
public import ServiceLifecycle

/// Runs readers side by side until graceful shutdown or cancellation, handing each card presentation to
/// `handle`. A reader that fails is reopened inside its own loop, so the others never stop.
public struct ReaderService: Service {
    private let readers: [any TagReader]
    private let handle: @Sendable (CardPresentation) async -> Void

    public init(readers: [any TagReader], handle: @escaping @Sendable (CardPresentation) async -> Void) {
        self.readers = readers
        self.handle = handle
    }

    /// The check-in service: every presentation is recorded through `Journal.record` (exactly the path of
    /// `kiosk tap`) and answered on the reader.
    public init(readers: [any TagReader], recorder: TapRecorder) {
        self.init(readers: readers) { presentation in await recorder.record(presentation) }
    }

    /// Reads until graceful shutdown or cancellation; with no readers (or when they have all ended) it waits
    /// for the shutdown, so the kiosk keeps running for `kiosk tap` and manual entries.
    public func run() async throws {
        let handle = self.handle
        await cancelWhenGracefulShutdown {
            await withDiscardingTaskGroup { group in
                for reader in readers {
                    group.addTask { await reader.run(handle) }
                }
            }
        }
        try? await gracefulShutdown()
    }
}
