public import Crypto
import Foundation
public import KioskCore

/// The two AES-128 application keys of the PG's NTAG 424 DNA cards (CONTRACT.md "Cards that cannot be cloned"):
/// K_SDMMetaRead decrypts a SUN's PICC data, K_SDMFileRead derives the key of its MAC.
public struct SunKeys: Sendable {
    /// K_SDMMetaRead.
    public let meta: SymmetricKey
    /// K_SDMFileRead.
    public let file: SymmetricKey

    public init(meta: [UInt8], file: [UInt8]) {
        self.meta = SymmetricKey(data: meta)
        self.file = SymmetricKey(data: file)
    }

    /// Reads the keys file at `path`: owner-only, two lines `meta = <32 hex>` and `file = <32 hex>` (blank lines and
    /// `#` comments allowed). Anything else is a configuration error naming the file and line.
    public static func load(path: String) throws(KioskError) -> SunKeys {
        var status = stat()
        guard stat(path, &status) == 0, let data = FileManager.default.contents(atPath: path) else {
            throw problem(path, nil, "no such file, or it cannot be read (\(String(cString: strerror(errno))))")
        }
        guard status.st_mode & 0o077 == 0 else {
            let mode = String(status.st_mode & 0o777, radix: 8)
            throw problem(path, nil, "the keys are readable by group or others (mode \(mode)); run: chmod 600 \(path)")
        }
        return try parse(String(decoding: data, as: UTF8.self), file: path)
    }

    /// Parses the text of a keys file named `file`.
    public static func parse(_ text: String, file: String) throws(KioskError) -> SunKeys {
        var keys: [String: [UInt8]] = [:]
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let content = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0].trimmingCharacters(in: .whitespaces)
            if content.isEmpty { continue }
            let parts = content.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, ["meta", "file"].contains(parts[0]) else {
                throw problem(file, index + 1, "expected `meta = <32 hex digits>` or `file = <32 hex digits>`")
            }
            guard keys[parts[0]] == nil else { throw problem(file, index + 1, "`\(parts[0])` is given twice") }
            guard let key = HexBytes.parse(parts[1]), key.count == 16 else {
                throw problem(file, index + 1, "\(parts[0]): '\(parts[1])' is not an AES-128 key of 32 hex digits")
            }
            keys[parts[0]] = key
        }
        guard let meta = keys["meta"], let fileKey = keys["file"] else {
            let missing = keys["meta"] == nil ? "meta" : "file"
            throw problem(file, nil, "the `\(missing)` key is missing; the file holds `meta = <32 hex>` and `file = <32 hex>`")
        }
        return SunKeys(meta: meta, file: fileKey)
    }

    private static func problem(_ file: String, _ line: Int?, _ why: String) -> KioskError {
        KioskError(.configuration, "[cards] sun_keys_file \(file)\(line.map { ":\($0)" } ?? ""): \(why)")
    }
}
