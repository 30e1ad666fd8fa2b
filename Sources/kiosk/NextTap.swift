import KioskReaders

/// Waits for the first card presented on any of `readers`, or nil after `timeout` seconds.
enum NextTap {
    static func wait(on readers: [any TagReader], timeout: Double) async -> CardPresentation? {
        let (stream, continuation) = AsyncStream.makeStream(of: CardPresentation.self, bufferingPolicy: .bufferingOldest(1))
        return await withTaskGroup(of: Void.self) { group in
            for reader in readers {
                group.addTask { await reader.run { continuation.yield($0) } }
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(timeout))
                continuation.finish()
            }
            var presentations = stream.makeAsyncIterator()
            let first = await presentations.next()
            continuation.finish()
            group.cancelAll()
            return first
        }
    }
}
