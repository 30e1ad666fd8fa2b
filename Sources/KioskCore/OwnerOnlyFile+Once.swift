import Foundation

extension OwnerOnlyFile {
    /// The line the file at `path` holds; when there is no file, `line` written there first (owner-only, complete or
    /// not at all). Of two processes making it at once, both get the line of the one that made it first.
    public static func createOnce(_ path: String, line: String) throws(KioskError) -> String {
        if let existing = try readLine(path) { return existing }
        let draft = path + ".draft-\(getpid())"
        try write(Array((line + "\n").utf8), to: draft)
        defer { unlink(draft) }
        guard link(draft, path) == 0 || errno == EEXIST else {
            throw KioskError(.ioError, "cannot make \(path): \(String(cString: strerror(errno)))")
        }
        guard let made = try readLine(path) else { throw KioskError(.ioError, "\(path) is empty") }
        return made
    }

    /// The file's first line, nil when there is no file.
    private static func readLine(_ path: String) throws(KioskError) -> String? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw KioskError(.ioError, "cannot read \(path): \(String(cString: strerror(errno)))")
        }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
