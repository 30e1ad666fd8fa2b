/// A private key as one line of text, the signer-key format of Go's `note` package:
/// `PRIVATE+KEY+<name>+<hex8 key ID>+<base64(type || 32-byte seed)>`. What key files hold (owner-only): the kiosk's
/// log key, and the hub's witness and log keys.
public enum SignerKeyText {
    /// The line of a key named `name` of `type` with `seed`, whose public key gives `keyID`.
    static func text(name: String, type: NoteKeyType, seed: [UInt8], keyID: UInt32) -> String {
        "PRIVATE+KEY+\(name)+\(String(keyID, radix: 16).leftPadded(to: 8))+\(CanonicalBase64.encode([type.rawValue] + seed))"
    }

    /// The note signer `line` holds, which must be named `name`; why not otherwise.
    public static func signer(_ line: String, name: String) throws(NoteError) -> NoteSigner {
        let seed = try seed(line, name: name, type: .ed25519)
        let signer = try NoteSigner(name: name, seed: seed)
        guard signer.keyText == line else { throw .invalidSignerKey(name, "its key ID does not match its key") }
        return signer
    }

    /// The cosigner `line` holds, which must be named `name`; why not otherwise.
    public static func cosigner(_ line: String, name: String) throws(NoteError) -> Cosigner {
        let seed = try seed(line, name: name, type: .cosignature)
        let cosigner = try Cosigner(name: name, seed: seed)
        guard cosigner.keyText == line else { throw .invalidSignerKey(name, "its key ID does not match its key") }
        return cosigner
    }

    private static func seed(_ line: String, name: String, type: NoteKeyType) throws(NoteError) -> [UInt8] {
        let parts = line.utf8.split(separator: UInt8(ascii: "+"), maxSplits: 4, omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        guard parts.count == 5, parts[0] == "PRIVATE", parts[1] == "KEY", let key = CanonicalBase64.decode(parts[4]), key.count == 33 else {
            throw .invalidSignerKey(name, "it holds no Ed25519 signer key")
        }
        guard key[0] == type.rawValue else {
            throw .invalidSignerKey(name, "it holds a key of signature type 0x\(String(key[0], radix: 16)), not \(type)")
        }
        guard parts[2] == name else { throw .invalidSignerKey(name, "it holds the key of '\(parts[2])', not '\(name)'") }
        return Array(key.dropFirst())
    }
}

extension NoteSigner {
    /// The key as a line of signer-key text (`SignerKeyText`): secret, for an owner-only file.
    public var keyText: String { SignerKeyText.text(name: name, type: .ed25519, seed: seed, keyID: verifier.keyID) }
}

extension Cosigner {
    /// The key as a line of signer-key text (`SignerKeyText`): secret, for an owner-only file.
    public var keyText: String { SignerKeyText.text(name: name, type: .cosignature, seed: seed, keyID: verifier.keyID) }
}
