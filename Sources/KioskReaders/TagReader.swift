public import KioskCore

/// A configured reader: it turns card presentations into `CardPresentation`s until its task is cancelled.
/// Failures of the device or its service are handled inside (reopened with backoff, logged once per change);
/// `run` returns only when cancelled.
public protocol TagReader: Sendable {
    /// The `[[readers]]` entry this reader serves.
    var configuration: ReaderConfiguration { get }

    /// Reads until the calling task is cancelled, calling `handle` once per card presentation, in order.
    func run(_ handle: @escaping @Sendable (CardPresentation) async -> Void) async
}
