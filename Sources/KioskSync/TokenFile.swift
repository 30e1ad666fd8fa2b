import Foundation
public import KioskCore

/// The file holding the kiosk's bearer token. Its content is never shown; a file that others may read is
/// reported so it can be fixed.
public enum TokenFile {
    /// The token in `path` (surrounding whitespace removed), and a warning when the file is readable by
    /// its group or others.
    public static func read(_ path: String) throws(KioskError) -> (token: String, warning: String?) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw KioskError(
                .configuration,
                "[sync] token_file \(path): no such file, or it cannot be read; put the token from `kiosk-hub token create` there"
            )
        }
        let token = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !token.isEmpty, !token.contains(where: \.isWhitespace) else {
            throw KioskError(.configuration, "[sync] token_file \(path): expected one token on one line")
        }
        let mode = ((try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int) ?? 0
        let warning =
            mode & 0o077 == 0
            ? nil : "warning: token file \(path) is readable by others (mode \(String(mode & 0o777, radix: 8))); run: chmod 600 \(path)"
        return (token, warning)
    }
}
