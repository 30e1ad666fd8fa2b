public import Foundation
public import KioskCore
public import KioskLog

/// The kiosk's Ed25519 log key, `data_dir/log.key`: made at the kiosk's first start, owner-only (0600), never sent
/// anywhere. The file is one line in the signer-key format of Go's `note` package:
/// `PRIVATE+KEY+kiosk/<kiosk id>+<hex8 key ID>+<base64(0x01 || 32-byte seed)>`.
public struct GateLogKey: Sendable {
    /// The key that signs the kiosk's checkpoints, named `kiosk/<kiosk id>`.
    public let signer: NoteSigner
    /// Why a new key was made in place of the file's, when it was (the file was unreadable, damaged or another
    /// kiosk's); nil when the file's key was read or there was none yet.
    public let replaced: String?

    /// The key file's name in the data directory.
    public static let fileName = "log.key"

    /// The key name of `kioskID`'s log: the origin line of its checkpoints.
    public static func keyName(kioskID: String) -> String { Checkpoint.kioskOriginPrefix + kioskID }

    /// The key of `kioskID` in `dataDirectory`, made when there is none. A file that cannot be read or holds no key of
    /// this kiosk never stops the gate: it is set aside (`log.key.replaced-<Unix time>`) and a new key made, which
    /// the hub will refuse until an operator pins it; `replaced` says so.
    public static func loadOrCreate(dataDirectory: String, kioskID: String, now: Date = Date()) throws(KioskError) -> GateLogKey {
        let path = dataDirectory + "/" + fileName
        let name = keyName(kioskID: kioskID)
        var replaced: String?
        if FileManager.default.fileExists(atPath: path) {
            switch read(path, name: name) {
            case .success(let signer): return GateLogKey(signer: signer, replaced: nil)
            case .failure(let problem):
                let aside = path + ".replaced-\(Int64(now.timeIntervalSince1970))"
                guard rename(path, aside) == 0 else {
                    throw KioskError(.ioError, "\(path): \(problem), and it cannot be set aside: \(String(cString: strerror(errno)))")
                }
                replaced = "\(path): \(problem); it was set aside as \(aside) and a new key made"
            }
        }
        let signer: NoteSigner
        do {
            signer = try NoteSigner(generatingKeyNamed: name)
        } catch {
            throw KioskError(.configuration, "cannot make a log key named '\(name)': \(error)")
        }
        try OwnerOnlyDirectory.create(dataDirectory, noun: "data directory")
        try OwnerOnlyFile.write(Array((signer.keyText + "\n").utf8), to: path)
        return GateLogKey(signer: signer, replaced: replaced)
    }

    /// The signer in the key file at `path`, which must be `name`'s; why not otherwise.
    static func read(_ path: String, name: String) -> Result<NoteSigner, KeyFileProblem> {
        guard let data = FileManager.default.contents(atPath: path) else { return .failure(KeyFileProblem("it cannot be read")) }
        let line = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        do {
            return .success(try SignerKeyText.signer(line, name: name))
        } catch {
            return .failure(KeyFileProblem(error.description))
        }
    }

    /// Why a key file's key cannot be used.
    struct KeyFileProblem: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
