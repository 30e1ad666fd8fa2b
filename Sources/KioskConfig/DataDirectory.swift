import Foundation

/// What a configured data directory must be: a directory, or nothing yet (it is created on first use).
enum DataDirectory {
    /// Why `path` cannot be the data directory, or nil.
    static func problem(_ path: String) -> String? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else { return nil }
        return "\(path) is a file, not a directory; give a directory (it is created if missing)"
    }
}
