/// Why a signed note, checkpoint, key or signature is refused.
public struct NoteError: Error, CustomStringConvertible, Sendable, Equatable {
    private enum Reason: Equatable {
        case malformed(line: Int, what: String)
        case controlCharacter(line: Int)
        case tooManySignatures(Int)
        case invalidKeyName(String)
        case invalidVerifierKey(String, why: String)
        case invalidSeed(count: Int)
        case invalidCheckpoint(line: Int, what: String)
        case invalidCheckpointValue(String)
        case noKeys
        case missingSignature(key: String)
        case badSignature(key: String, line: Int)
        case wrongKeyType(key: String, expected: NoteKeyType)
        case keyNameNotOrigin(key: String, origin: String)
        case signingFailed(key: String)
        case timeOutOfRange(Int64)
        case invalidSignerKey(String, why: String)
    }

    private let reason: Reason

    private init(_ reason: Reason) { self.reason = reason }

    static func malformed(line: Int, _ what: String) -> NoteError { .init(.malformed(line: line, what: what)) }
    static func controlCharacter(line: Int) -> NoteError { .init(.controlCharacter(line: line)) }
    static func tooManySignatures(_ count: Int) -> NoteError { .init(.tooManySignatures(count)) }
    static func invalidKeyName(_ name: String) -> NoteError { .init(.invalidKeyName(name)) }
    static func invalidVerifierKey(_ vkey: String, _ why: String) -> NoteError { .init(.invalidVerifierKey(vkey, why: why)) }
    static func invalidSeed(count: Int) -> NoteError { .init(.invalidSeed(count: count)) }
    static func invalidCheckpoint(line: Int, _ what: String) -> NoteError { .init(.invalidCheckpoint(line: line, what: what)) }
    static func invalidCheckpointValue(_ what: String) -> NoteError { .init(.invalidCheckpointValue(what)) }
    static let noKeys = NoteError(.noKeys)
    static func missingSignature(key: String) -> NoteError { .init(.missingSignature(key: key)) }
    static func badSignature(key: String, line: Int) -> NoteError { .init(.badSignature(key: key, line: line)) }
    static func wrongKeyType(key: String, expected: NoteKeyType) -> NoteError { .init(.wrongKeyType(key: key, expected: expected)) }
    static func keyNameNotOrigin(key: String, origin: String) -> NoteError { .init(.keyNameNotOrigin(key: key, origin: origin)) }
    static func signingFailed(key: String) -> NoteError { .init(.signingFailed(key: key)) }
    static func timeOutOfRange(_ time: Int64) -> NoteError { .init(.timeOutOfRange(time)) }
    static func invalidSignerKey(_ name: String, _ why: String) -> NoteError { .init(.invalidSignerKey(name, why: why)) }

    public var description: String {
        switch reason {
        case .malformed(let line, let what): "signed note line \(line): \(what)"
        case .controlCharacter(let line): "signed note line \(line): a control character other than LF, or a BOM"
        case .tooManySignatures(let count): "signed note has \(count) signature lines, more than 100"
        case .invalidKeyName(let name): "key name \(name.quoted) is empty or contains a Unicode space, \"+\" or a control character"
        case .invalidVerifierKey(let vkey, let why): "verifier key \(vkey.quoted): \(why)"
        case .invalidSeed(let count): "an Ed25519 private key seed has 32 bytes, not \(count)"
        case .invalidCheckpoint(let line, let what): "checkpoint line \(line): \(what)"
        case .invalidCheckpointValue(let what): "checkpoint: \(what)"
        case .noKeys: "no key to check the signatures with"
        case .missingSignature(let key): "no signature line of key \(key.quoted)"
        case .badSignature(let key, let line): "signed note line \(line): the signature of key \(key.quoted) does not verify"
        case .wrongKeyType(let key, let expected): "key \(key.quoted) is not a key of type \(expected)"
        case .keyNameNotOrigin(let key, let origin):
            "the log key's name \(key.quoted) is not the checkpoint's origin \(origin.quoted)"
        case .signingFailed(let key): "signing with key \(key.quoted) failed"
        case .timeOutOfRange(let time): "cosignature time \(time) is outside 0...\(Int64.max)"
        case .invalidSignerKey(_, let why): why
        }
    }
}
