import Foundation

/// A one-line progress bar for `kiosk sync` on a terminal, shown only when the backlog spans several batches.
struct SyncProgressBar: Sendable {
    private let total: Int
    private let isShown: Bool

    init(total: Int, batchSize: Int) {
        self.total = total
        isShown = total > batchSize && isatty(STDOUT_FILENO) == 1
    }

    /// Redraws the bar for `done` of the backlog acknowledged.
    func show(_ done: Int) {
        guard isShown else { return }
        let fraction = min(1, Double(done) / Double(max(total, 1)))
        let filled = Int(fraction * 30)
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: 30 - filled)
        try? FileHandle.standardOutput.write(contentsOf: Data("\r[\(bar)] \(done)/\(total) records".utf8))
    }

    /// Ends the bar's line so later output starts on a new one.
    func finish() {
        guard isShown else { return }
        try? FileHandle.standardOutput.write(contentsOf: Data("\n".utf8))
    }
}
