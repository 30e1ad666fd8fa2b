import KioskJournal
public import KioskReaders
public import ServiceLifecycle

/// Runs every configured reader and records each presentation through `Journal.record` (exactly the path of
/// `kiosk tap`), then shows the outcome on the reader. One failing reader never stops the others.
public struct CheckInService: Service {
    private let readers: [any TagReader]
    private let recorder: TapRecorder

    public init(readers: [any TagReader], recorder: TapRecorder) {
        self.readers = readers
        self.recorder = recorder
    }

    /// Reads until graceful shutdown or cancellation; with no readers (or when they have all ended) it waits
    /// for the shutdown, so the kiosk keeps running for `kiosk tap` and manual entries.
    public func run() async throws {
        let recorder = self.recorder
        await cancelWhenGracefulShutdown {
            await withDiscardingTaskGroup { group in
                for reader in readers {
                    group.addTask {
                        await reader.run { presentation in await recorder.record(presentation) }
                    }
                }
            }
        }
        try? await gracefulShutdown()
    }
}
