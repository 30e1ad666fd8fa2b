/// One signature line of a signed note: `— <key name> base64(key ID || signature)`.
public struct NoteSignature: Sendable, Hashable {
    public let keyName: String
    /// The first four bytes, big-endian.
    public let keyID: UInt32
    /// The bytes after the key ID: an Ed25519 signature, or for a cosignature T and an Ed25519 signature.
    public let signature: [UInt8]

    init(keyName: String, keyID: UInt32, signature: [UInt8]) {
        self.keyName = keyName
        self.keyID = keyID
        self.signature = signature
    }

    /// The line with its LF.
    public var line: String {
        let keyIDBytes = (0..<4).reversed().map { UInt8(truncatingIfNeeded: keyID >> ($0 * 8)) }
        return "\u{2014} \(keyName) \(CanonicalBase64.encode(keyIDBytes + signature))\n"
    }

    /// Whether the line is one of `key`'s: same name bytes and key ID.
    func isSigned(by key: NoteVerifier) -> Bool {
        keyID == key.keyID && keyName.hasSameBytes(as: key.name)
    }
}
