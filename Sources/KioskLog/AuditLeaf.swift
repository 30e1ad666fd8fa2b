/// One entry of a property's audit log on the hub: the 8 values of a `kiosk-audit/v1` leaf (LOG-FORMAT.md section
/// 7). An optional value of nil and an empty string encode the same, as an empty value.
public struct AuditLeaf: Sendable, Hashable {
    /// The entry's UUID, in any case.
    public var id: String
    /// The property whose audit log holds the entry: non-empty, no Unicode space, no `+`.
    public var property: String
    /// The entry's place in the property's audit log, 1 for leaf 0.
    public var seq: Int64
    /// RFC 3339 text at any offset.
    public var at: String
    /// `user:NAME`, `cli:UNIXUSER`, `parent:CONTACT` or `system`.
    public var actor: String
    /// What was done, such as `roster.import`: non-empty.
    public var action: String
    /// What it acted on.
    public var subject: String?
    /// One line of text.
    public var detail: String?

    /// The first line of the leaf bytes.
    public static let format = "kiosk-audit/v1"

    private static let actorKinds = ["user:", "cli:", "parent:"]

    public init(
        id: String,
        property: String,
        seq: Int64,
        at: String,
        actor: String,
        action: String,
        subject: String?,
        detail: String?
    ) {
        self.id = id
        self.property = property
        self.seq = seq
        self.at = at
        self.actor = actor
        self.action = action
        self.subject = subject
        self.detail = detail
    }

    /// The leaf bytes: 9 LF-terminated lines in UTF-8. Throws when a value cannot be encoded, naming the entry's
    /// JSON field and the value.
    public var bytes: [UInt8] {
        get throws(LeafError) {
            var writer = LeafWriter(format: Self.format)
            try writer.uuid("id", id, field: "id")
            try writer.identity("property", property, field: "property")
            try writer.seq("seq", seq)
            try writer.instant("at", .text(at), field: "at")
            try Self.checkActor(actor)
            try writer.required("actor", actor, field: "actor")
            try writer.required("action", action, field: "action")
            try writer.text("subject", subject, field: "subject")
            try writer.text("detail", detail, field: "detail")
            return writer.bytes
        }
    }

    /// The leaf's hash, SHA-256(0x00 || bytes).
    public var leafHash: MerkleHash {
        get throws(LeafError) { MerkleTree.leafHash(try bytes) }
    }

    private static func checkActor(_ actor: String) throws(LeafError) {
        let named = actorKinds.contains { actor.utf8.starts(with: $0.utf8) && actor.utf8.count > $0.utf8.count }
        guard actor.hasSameBytes(as: "system") || named || actor.isEmpty else {
            throw .notAllowed(field: "actor", value: actor, allowed: ["user:NAME", "cli:UNIXUSER", "parent:CONTACT", "system"])
        }
    }
}
