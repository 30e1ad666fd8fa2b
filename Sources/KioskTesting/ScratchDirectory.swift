public import Foundation

/// A new directory under the system's temporary directory, removed with everything in it when the last copy of
/// the fixture holding it goes away. Test fixtures are structs; this class gives them the end of life they lack.
public final class ScratchDirectory: Sendable {
    public let url: URL

    /// Creates `TMPDIR/PREFIX-UUID`.
    public init(_ prefix: String) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    public var path: String { url.path }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}
