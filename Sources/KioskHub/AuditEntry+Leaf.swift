public import KioskHubStorage
public import KioskLog
import KioskWire

extension AuditEntry {
    /// The entry's `kiosk-audit/v1` leaf (LOG-FORMAT.md section 7).
    public var leaf: AuditLeaf {
        AuditLeaf(
            id: id,
            property: property,
            seq: seq,
            at: WireTime.format(at),
            actor: actor,
            action: action,
            subject: subject,
            detail: detail
        )
    }

    /// The hash of the entry's leaf: of its content, or the one it had before an erasure emptied it.
    public var leafHash: MerkleHash {
        get throws(LeafError) {
            if let removedLeafHash { return removedLeafHash }
            return try leaf.leafHash
        }
    }

    /// The entry as `audit export` prints it: its JSON, or `{"property","seq","leafHash"}` for one an erasure emptied.
    public var exportLine: String {
        guard let removedLeafHash else { return json }
        var writer = JSONWriter(capacity: 128)
        writer.raw("{\"property\":")
        writer.string(property)
        writer.raw(",\"seq\":")
        writer.integer(seq)
        writer.raw(",\"leafHash\":")
        writer.string(removedLeafHash.base64)
        writer.raw("}")
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// `{"id","property","seq","at","actor","action","subject","detail"}`, one line.
    public var json: String {
        var writer = JSONWriter(capacity: 256)
        writer.raw("{\"id\":")
        writer.string(id)
        writer.raw(",\"property\":")
        writer.string(property)
        writer.raw(",\"seq\":")
        writer.integer(seq)
        writer.raw(",\"at\":")
        writer.string(WireTime.format(at))
        writer.raw(",\"actor\":")
        writer.string(actor)
        writer.raw(",\"action\":")
        writer.string(action)
        writer.raw(",\"subject\":")
        writer.string(subject)
        writer.raw(",\"detail\":")
        writer.string(detail)
        writer.raw("}")
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}
