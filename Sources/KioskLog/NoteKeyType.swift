/// The signature types of the log's keys (c2sp.org/signed-note), the byte in key IDs and vkeys.
public enum NoteKeyType: UInt8, Sendable, Hashable, CustomStringConvertible {
    /// An Ed25519 note signature over the note text: kiosks' checkpoints, the hub's own logs.
    case ed25519 = 0x01
    /// A timestamped Ed25519 `cosignature/v1` (c2sp.org/tlog-cosignature): the hub's witness key.
    case cosignature = 0x04

    public var description: String {
        switch self {
        case .ed25519: "0x01 (Ed25519)"
        case .cosignature: "0x04 (Ed25519 cosignature/v1)"
        }
    }
}
