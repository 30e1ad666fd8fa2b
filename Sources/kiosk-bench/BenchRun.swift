import Foundation

/// What every figure of one run shares: the mode and a scratch directory on the same disk as a kiosk's data.
struct BenchRun: Sendable {
    /// Shorter loops, so the whole run fits in five minutes.
    let quick: Bool
    /// A fresh directory for this run's journals, hubs and files; removed at the end.
    let scratch: URL

    init(quick: Bool) throws {
        self.quick = quick
        scratch = URL(fileURLWithPath: "/var/tmp").appendingPathComponent("kiosk-bench-\(getpid())")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    /// A new empty directory inside the scratch directory.
    func directory(_ name: String) throws -> URL {
        let url = scratch.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    func removeScratch() {
        try? FileManager.default.removeItem(at: scratch)
    }
}
