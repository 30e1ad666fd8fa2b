/// A witness's Ed25519 `cosignature/v1` key (type 0x04, c2sp.org/tlog-cosignature): the hub's witness key, which
/// cosigns kiosks' checkpoints.
public struct Cosigner: Sendable {
    private let key: SigningKey
    /// The public key, to check this key's cosignatures with.
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
        verifier = try NoteVerifier(name: key.name, type: .cosignature, publicKey: key.publicKey)
    }

    public var name: String { key.name }

    /// The 32-byte private key seed, to save and load the key with.
    public var seed: [UInt8] { key.seed }

    /// The cosignature of the checkpoint text `text` at `time`, POSIX seconds in 0...Int64.max: key ID, T as a
    /// big-endian uint64, and the Ed25519 signature of the `cosignature/v1` message.
    func cosign(_ text: String, time: Int64) throws(NoteError) -> NoteSignature {
        guard time >= 0 else { throw .timeOutOfRange(time) }
        let timeBytes = (0..<8).reversed().map { UInt8(truncatingIfNeeded: time >> ($0 * 8)) }
        let signature = try key.sign(Self.message(over: text, time: time))
        return NoteSignature(keyName: key.name, keyID: verifier.keyID, signature: timeBytes + signature)
    }

    /// `cosignature/v1` LF `time T` LF, then the checkpoint text.
    static func message(over text: String, time: Int64) -> [UInt8] {
        Array("cosignature/v1\ntime \(time)\n\(text)".utf8)
    }
}
