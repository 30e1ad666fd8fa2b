import Crypto

/// A named Ed25519 private key, kept as its 32-byte seed.
struct SigningKey: Sendable {
    let name: String
    let seed: [UInt8]
    let publicKey: [UInt8]

    init(name: String, seed: [UInt8]) throws(NoteError) {
        guard NoteText.isKeyName(name) else { throw .invalidKeyName(name) }
        guard seed.count == 32, let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: seed) else {
            throw .invalidSeed(count: seed.count)
        }
        self.name = name
        self.seed = seed
        self.publicKey = Array(key.publicKey.rawRepresentation)
    }

    /// A key with a new random seed.
    init(generatingNamed name: String) throws(NoteError) {
        try self.init(name: name, seed: Array(Curve25519.Signing.PrivateKey().rawRepresentation))
    }

    /// The Ed25519 signature (RFC 8032) of `message`.
    func sign(_ message: [UInt8]) throws(NoteError) -> [UInt8] {
        do {
            return Array(try Curve25519.Signing.PrivateKey(rawRepresentation: seed).signature(for: message))
        } catch {
            throw .signingFailed(key: name)
        }
    }
}
