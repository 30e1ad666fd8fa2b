/// A signed note (c2sp.org/signed-note): a text ending in LF, an empty line, then signature lines, each ending in
/// LF.
public struct SignedNote: Sendable, Hashable {
    /// The note text, its final LF included.
    public let text: String
    /// The signature lines, in order.
    public let signatures: [NoteSignature]

    /// The most signature lines a note may carry.
    public static let maximumSignatures = 100

    init(text: String, signatures: [NoteSignature]) {
        self.text = text
        self.signatures = signatures
    }

    /// Reads the signed note `note`, refusing a control character other than LF (or a BOM), a note without an empty
    /// line before its signature lines or not ending in LF, more than 100 signature lines, and a signature line that
    /// is not `— `, a valid key name, a space and the canonical base64 of at least 5 bytes. The text is what comes
    /// before the note's last empty line. Signatures are not checked here: see `verify(with:)`.
    public init(parsing note: String) throws(NoteError) {
        var lineNumber = 1
        for scalar in note.unicodeScalars {
            if scalar == "\n" {
                lineNumber += 1
            } else if NoteText.isForbidden(scalar) {
                throw .controlCharacter(line: lineNumber)
            }
        }
        let bytes = Array(note.utf8)
        guard let blank = bytes.indices.dropLast().last(where: { bytes[$0] == 0x0A && bytes[$0 + 1] == 0x0A }) else {
            throw .malformed(line: lineNumber, "no empty line between the text and the signature lines")
        }
        let textBytes = bytes[...blank]
        let signatureBytes = bytes[(blank + 2)...]
        guard signatureBytes.last == 0x0A else { throw .malformed(line: lineNumber, "the note does not end with a signature line and LF") }
        let lines = signatureBytes.dropLast().split(separator: 0x0A, omittingEmptySubsequences: false)
        guard lines.count <= Self.maximumSignatures else { throw .tooManySignatures(lines.count) }
        let firstSignatureLine = Self.lineCount(textBytes) + 2
        var signatures: [NoteSignature] = []
        for (offset, line) in lines.enumerated() {
            signatures.append(try Self.signature(line, lineNumber: firstSignatureLine + offset))
        }
        self.init(text: String(decoding: textBytes, as: UTF8.self), signatures: signatures)
    }

    /// The note: the text, an empty line, the signature lines.
    public var serialized: String {
        text + "\n" + signatures.map(\.line).joined()
    }

    /// Checks the signatures of `keys`: each key must have at least one signature line (same key name and key ID),
    /// and every line of it must verify; lines of other keys are ignored.
    public func verify(with keys: [NoteVerifier]) throws(NoteError) {
        guard !keys.isEmpty else { throw .noKeys }
        let firstSignatureLine = Self.lineCount(text.utf8) + 2
        for key in keys {
            let lines = signatures.indices.filter { signatures[$0].isSigned(by: key) }
            guard !lines.isEmpty else { throw .missingSignature(key: key.name) }
            for line in lines where !key.verifies(signatures[line].signature, over: text) {
                throw .badSignature(key: key.name, line: firstSignatureLine + line)
            }
        }
    }

    /// The note with `signature` after its signature lines, in place of any line of the same key.
    func replacingOrAdding(_ signature: NoteSignature) throws(NoteError) -> SignedNote {
        let others = signatures.filter { $0.keyID != signature.keyID || !$0.keyName.hasSameBytes(as: signature.keyName) }
        guard others.count < Self.maximumSignatures else { throw .tooManySignatures(others.count + 1) }
        return SignedNote(text: text, signatures: others + [signature])
    }

    private static func signature(_ line: ArraySlice<UInt8>, lineNumber: Int) throws(NoteError) -> NoteSignature {
        let prefix: [UInt8] = [0xE2, 0x80, 0x94, 0x20]
        guard line.starts(with: prefix) else { throw .malformed(line: lineNumber, "a signature line starts with an em dash and a space") }
        let rest = line.dropFirst(prefix.count)
        guard let space = rest.firstIndex(of: 0x20) else {
            throw .malformed(line: lineNumber, "no space between the key name and the signature")
        }
        let name = String(decoding: rest[..<space], as: UTF8.self)
        guard NoteText.isKeyName(name) else { throw .invalidKeyName(name) }
        guard let bytes = CanonicalBase64.decode(String(decoding: rest[(space + 1)...], as: UTF8.self)), bytes.count >= 5 else {
            throw .malformed(line: lineNumber, "the signature is not the canonical base64 of a key ID and a signature")
        }
        let keyID = bytes.prefix(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        return NoteSignature(keyName: name, keyID: keyID, signature: Array(bytes.dropFirst(4)))
    }

    private static func lineCount(_ bytes: some Sequence<UInt8>) -> Int {
        bytes.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
    }
}

extension SignedNote {
    /// `text` (lines each ending in a newline) signed by `signer`.
    public init(text: String, signedBy signer: NoteSigner) throws(NoteError) {
        self.init(text: text, signatures: [try signer.sign(text)])
    }
}
