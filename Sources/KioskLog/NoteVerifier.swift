import Crypto

/// A public key that checks the signature lines of one key: its name, signature type and Ed25519 public key, and
/// the key ID they give. Its text form is the vkey `name+hex8(keyID)+base64(type || public key)`.
public struct NoteVerifier: Sendable, Hashable, CustomStringConvertible {
    public let name: String
    public let type: NoteKeyType
    /// The 32-byte Ed25519 public key.
    public let publicKey: [UInt8]
    /// SHA-256(name || 0x0A || type || public key)[0:4], big-endian.
    public let keyID: UInt32

    public init(name: String, type: NoteKeyType, publicKey: [UInt8]) throws(NoteError) {
        guard NoteText.isKeyName(name) else { throw .invalidKeyName(name) }
        guard publicKey.count == 32 else { throw .invalidVerifierKey(name, "an Ed25519 public key has 32 bytes, not \(publicKey.count)") }
        self.name = name
        self.type = type
        self.publicKey = publicKey
        self.keyID = NoteText.keyID(name: name, type: type, publicKey: publicKey)
    }

    /// The key a vkey names; its key ID must be the one its name, type and public key give, in lowercase hex.
    public init(vkey: String) throws(NoteError) {
        let parts = vkey.utf8.split(separator: UInt8(ascii: "+"), maxSplits: 2, omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        guard parts.count == 3 else { throw .invalidVerifierKey(vkey, "not name+keyid+key") }
        guard NoteText.isKeyName(parts[0]) else { throw .invalidKeyName(parts[0]) }
        let hex = parts[1].utf8
        guard hex.count == 8, hex.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }), let keyID = UInt32(parts[1], radix: 16)
        else { throw .invalidVerifierKey(vkey, "the key ID is not 8 lowercase hex digits") }
        guard let key = CanonicalBase64.decode(parts[2]), let typeByte = key.first else {
            throw .invalidVerifierKey(vkey, "the key is not canonical base64")
        }
        guard let type = NoteKeyType(rawValue: typeByte) else {
            throw .invalidVerifierKey(vkey, "signature type 0x\(String(typeByte, radix: 16)) is neither 0x01 nor 0x04")
        }
        try self.init(name: parts[0], type: type, publicKey: Array(key.dropFirst()))
        guard self.keyID == keyID else { throw .invalidVerifierKey(vkey, "the key ID is not the one the name and key give") }
    }

    /// `name+hex8(keyID)+base64(type || public key)`.
    public var vkey: String {
        "\(name)+\(String(keyID, radix: 16).leftPadded(to: 8))+\(CanonicalBase64.encode([type.rawValue] + publicKey))"
    }

    public var description: String { vkey }

    /// Whether `signature` (the bytes after the key ID) is this key's valid signature of the note text `text`: an
    /// Ed25519 signature of the text, or for a cosignature the time T and an Ed25519 signature of the
    /// `cosignature/v1` message for T.
    func verifies(_ signature: [UInt8], over text: String) -> Bool {
        let message: [UInt8]
        let ed25519Signature: ArraySlice<UInt8>
        switch type {
        case .ed25519:
            guard signature.count == 64 else { return false }
            message = Array(text.utf8)
            ed25519Signature = signature[...]
        case .cosignature:
            guard signature.count == 72 else { return false }
            let time = signature.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            guard let time = Int64(exactly: time) else { return false }
            message = Cosigner.message(over: text, time: time)
            ed25519Signature = signature.dropFirst(8)
        }
        guard let key = try? Curve25519.Signing.PublicKey(rawRepresentation: publicKey) else { return false }
        return key.isValidSignature(ed25519Signature, for: message)
    }
}
