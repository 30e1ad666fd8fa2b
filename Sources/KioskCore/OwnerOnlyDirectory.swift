import Foundation

/// Directories the programs create for what they keep (journals, hub databases, reports): every directory made,
/// the parents of the one asked for included, is owner-only (0700) whatever the umask; directories that already
/// exist keep the mode their owner gave them.
public enum OwnerOnlyDirectory {
    /// Creates `path` and any missing parent, each 0700. Throws, naming the `noun` (`data directory`), when one cannot
    /// be made or a file is in the way.
    public static func create(_ path: String, noun: String = "directory") throws(KioskError) {
        var made = ""
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            made += (made.isEmpty && !path.hasPrefix("/") ? "" : "/") + component
            if mkdir(made, 0o700) == 0 {
                // mkdir's mode passes through the umask, which may take bits away but never adds them.
                guard chmod(made, 0o700) == 0 else { throw failure(noun, path, made) }
                continue
            }
            guard errno == EEXIST else { throw failure(noun, path, made) }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: made, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw KioskError(.ioError, "cannot create \(noun) \(path): \(made) is a file, not a directory")
            }
        }
    }

    private static func failure(_ noun: String, _ path: String, _ made: String) -> KioskError {
        KioskError(.ioError, "cannot create \(noun) \(path): \(made): \(String(cString: strerror(errno)))")
    }
}
