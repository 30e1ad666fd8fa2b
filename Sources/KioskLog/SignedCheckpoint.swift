/// A checkpoint as a signed note: signed by its log's key, then cosigned by witnesses (LOG-FORMAT.md section 4).
public struct SignedCheckpoint: Sendable, Hashable {
    public let checkpoint: Checkpoint
    /// The note: the checkpoint's text and the signature lines.
    public let note: SignedNote

    /// The checkpoint signed by `signer`, with one signature line.
    public init(_ checkpoint: Checkpoint, signedBy signer: NoteSigner) throws(NoteError) {
        self.checkpoint = checkpoint
        note = SignedNote(text: checkpoint.text, signatures: [try signer.sign(checkpoint.text)])
    }

    /// Reads a signed checkpoint: a signed note (see `SignedNote.init(parsing:)`) whose text is a checkpoint.
    /// Signatures are not checked here.
    public init(parsing text: String) throws(NoteError) {
        note = try SignedNote(parsing: text)
        checkpoint = try Checkpoint(text: note.text)
    }

    private init(checkpoint: Checkpoint, note: SignedNote) {
        self.checkpoint = checkpoint
        self.note = note
    }

    /// The signed note's text: the checkpoint, an empty line, the signature lines.
    public var text: String { note.serialized }

    /// The checkpoint with `cosigner`'s `cosignature/v1` line at `time` (POSIX seconds) after the lines it has, in
    /// place of any earlier line of the same key.
    public func cosigned(by cosigner: Cosigner, time: Int64) throws(NoteError) -> SignedCheckpoint {
        SignedCheckpoint(checkpoint: checkpoint, note: try note.replacingOrAdding(try cosigner.cosign(note.text, time: time)))
    }

    /// Checks a kiosk's checkpoint: the origin is `kiosk/<kioskId>` and is the name of `kioskKey` (type 0x01), whose
    /// signature and each witness's (type 0x04) cosignature are there and verify.
    public func verify(kioskKey: NoteVerifier, witnessKeys: [NoteVerifier]) throws(NoteError) {
        guard checkpoint.kioskID != nil, kioskKey.name.hasSameBytes(as: checkpoint.origin) else {
            throw .keyNameNotOrigin(key: kioskKey.name, origin: checkpoint.origin)
        }
        try verify(logKey: kioskKey, witnessKeys: witnessKeys)
    }

    /// Checks a checkpoint signed by `logKey` (type 0x01, any name, as the hub's `<log_name>/log` key for its audit
    /// logs): its signature and each witness's (type 0x04) cosignature are there and verify.
    public func verify(logKey: NoteVerifier, witnessKeys: [NoteVerifier]) throws(NoteError) {
        guard logKey.type == .ed25519 else { throw .wrongKeyType(key: logKey.name, expected: .ed25519) }
        for witness in witnessKeys where witness.type != .cosignature {
            throw .wrongKeyType(key: witness.name, expected: .cosignature)
        }
        try note.verify(with: [logKey] + witnessKeys)
    }
}
