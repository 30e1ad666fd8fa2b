public import Foundation
public import KioskCore

/// What the screen page hears: the latest status, and each greeting, as server-sent event frames to every open page.
/// The greeting's photo is served only while that greeting lasts.
public actor ScreenFeed {
    private var pages: [UUID: AsyncStream<String>.Continuation] = [:]
    private var status: ScreenStatus?
    private var greeting: (id: String, photo: StoredPhoto?, until: ContinuousClock.Instant)?
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    public init() {}

    /// A page opened: its frames, starting with the latest status; `close` when the page is gone.
    public func open() -> (id: UUID, frames: AsyncStream<String>) {
        let id = UUID()
        let (frames, continuation) = AsyncStream.makeStream(of: String.self, bufferingPolicy: .bufferingNewest(16))
        continuation.yield("retry: 1000\n\n")
        if let status { continuation.yield(frame("status", status)) }
        pages[id] = continuation
        return (id, frames)
    }

    /// The page `id` is gone.
    public func close(_ id: UUID) {
        pages.removeValue(forKey: id)?.finish()
    }

    /// Whether any page is open (the status is worth computing).
    public var hasPages: Bool { !pages.isEmpty }

    /// Sends the status to every page.
    public func update(_ status: ScreenStatus) {
        self.status = status
        send(frame("status", status))
    }

    /// Greets a read on every page; its photo is served for `seconds` (a little longer, for a page that asks late).
    public func greet(_ greeting: ScreenGreeting, photo: StoredPhoto?, seconds: Int) {
        self.greeting = (greeting.id, photo, .now + .seconds(seconds + 2))
        send(frame("greeting", greeting))
    }

    /// The photo of the greeting `id`, while it lasts.
    public func photo(of id: String) -> StoredPhoto? {
        guard let greeting, greeting.id == id, ContinuousClock.now < greeting.until else { return nil }
        return greeting.photo
    }

    /// Ends every page's frames (the kiosk stops).
    public func finish() {
        for page in pages.values { page.finish() }
        pages = [:]
    }

    private func send(_ frame: String) {
        for page in pages.values { page.yield(frame) }
    }

    private func frame(_ event: String, _ value: some Encodable) -> String {
        let json = (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return "event: \(event)\ndata: \(json)\n\n"
    }
}
