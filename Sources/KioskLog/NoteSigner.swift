/// A log's Ed25519 note signing key (type 0x01): a kiosk's key, named `kiosk/<kioskId>`, or the hub's log key,
/// named `<log_name>/log`.
public struct NoteSigner: Sendable {
    private let key: SigningKey
    /// The public key, to check this key's signatures with.
    public let verifier: NoteVerifier

    /// The key with this name and 32-byte private key seed.
    public init(name: String, seed: [UInt8]) throws(NoteError) {
        try self.init(key: SigningKey(name: name, seed: seed))
    }

    /// A new key with a random seed.
    public init(generatingKeyNamed name: String) throws(NoteError) {
        try self.init(key: SigningKey(generatingNamed: name))
    }

    private init(key: SigningKey) throws(NoteError) {
        self.key = key
        verifier = try NoteVerifier(name: key.name, type: .ed25519, publicKey: key.publicKey)
    }

    public var name: String { key.name }

    /// The 32-byte private key seed, to save and load the key with.
    public var seed: [UInt8] { key.seed }

    /// The signature of the note text `text`.
    func sign(_ text: String) throws(NoteError) -> NoteSignature {
        NoteSignature(keyName: key.name, keyID: verifier.keyID, signature: try key.sign(Array(text.utf8)))
    }
}
