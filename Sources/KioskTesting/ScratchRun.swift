public import Foundation

/// What every benchmark figure or fault scenario of one run shares: the mode and a scratch directory on the
/// same disk as a kiosk's data (under /var/tmp), removed at the end.
public struct ScratchRun: Sendable {
    /// Shorter loops, so the whole run fits in five minutes.
    public let quick: Bool
    public let scratch: URL

    /// A run of `tool` (its name prefixes the scratch directory).
    public init(tool: String, quick: Bool) throws {
        self.quick = quick
        scratch = URL(fileURLWithPath: "/var/tmp").appendingPathComponent("\(tool)-\(getpid())")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    /// A new empty directory inside the scratch directory.
    public func directory(_ name: String) throws -> URL {
        let url = scratch.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    public func removeScratch() {
        try? FileManager.default.removeItem(at: scratch)
    }
}
