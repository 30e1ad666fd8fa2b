/// One kiosk event as a leaf of its kiosk's log: the 15 values of a `kiosk-event/v1` leaf (LOG-FORMAT.md section 2).
/// An optional value of nil and an empty string encode the same, as an empty value; the other values are required
/// (an empty instant is not an instant).
public struct EventLeaf: Sendable, Hashable {
    /// The event's UUID, in any case.
    public var id: String
    /// The kiosk whose log holds the event: non-empty, no Unicode space, no `+`.
    public var kioskID: String
    /// The event's place in its kiosk's log, 1 for leaf 0.
    public var seq: Int64
    public var reader: String?
    /// The card's UID, hex digits in any case.
    public var uid: String?
    public var studentID: String?
    /// `tap`, `manual` or `unknown`.
    public var kind: String?
    /// `in` or `out`.
    public var direction: String?
    /// `accepted`, `ignored`, `unknown` or `refused`.
    public var outcome: String?
    public var reason: String?
    public var occurredAt: LeafInstant
    public var recordedAt: LeafInstant
    public var monotonicNanoseconds: UInt64
    public var bootID: String?
    public var clockSynced: Bool

    /// The first line of the leaf bytes.
    public static let format = "kiosk-event/v1"

    static let kinds = ["tap", "manual", "unknown"]
    static let directions = ["in", "out"]
    static let outcomes = ["accepted", "ignored", "unknown", "refused"]

    public init(
        id: String,
        kioskID: String,
        seq: Int64,
        reader: String?,
        uid: String?,
        studentID: String?,
        kind: String?,
        direction: String?,
        outcome: String?,
        reason: String?,
        occurredAt: LeafInstant,
        recordedAt: LeafInstant,
        monotonicNanoseconds: UInt64,
        bootID: String?,
        clockSynced: Bool
    ) {
        self.id = id
        self.kioskID = kioskID
        self.seq = seq
        self.reader = reader
        self.uid = uid
        self.studentID = studentID
        self.kind = kind
        self.direction = direction
        self.outcome = outcome
        self.reason = reason
        self.occurredAt = occurredAt
        self.recordedAt = recordedAt
        self.monotonicNanoseconds = monotonicNanoseconds
        self.bootID = bootID
        self.clockSynced = clockSynced
    }

    /// The leaf bytes: 16 LF-terminated lines in UTF-8. Throws when a value cannot be encoded (a control character,
    /// a malformed UUID, instant, kiosk id or UID, a seq below 1, a value outside its enumeration), naming the
    /// event's JSON field and the value.
    public var bytes: [UInt8] {
        get throws(LeafError) {
            var writer = LeafWriter(format: Self.format)
            try writer.uuid("id", id, field: "id")
            try writer.identity("kiosk", kioskID, field: "kioskId")
            try writer.seq("seq", seq)
            try writer.text("reader", reader, field: "reader")
            try writer.hexDigits("uid", uid, field: "uid")
            try writer.text("student", studentID, field: "studentId")
            try writer.oneOf(Self.kinds, "kind", kind, field: "kind")
            try writer.oneOf(Self.directions, "direction", direction, field: "direction")
            try writer.oneOf(Self.outcomes, "outcome", outcome, field: "outcome")
            try writer.text("reason", reason, field: "reason")
            try writer.instant("occurred", occurredAt, field: "occurredAt")
            try writer.instant("recorded", recordedAt, field: "recordedAt")
            writer.line("monotonic", String(monotonicNanoseconds))
            try writer.text("boot", bootID, field: "bootId")
            writer.line("synced", clockSynced ? "true" : "false")
            return writer.bytes
        }
    }

    /// The leaf's hash, SHA-256(0x00 || bytes).
    public var leafHash: MerkleHash {
        get throws(LeafError) { MerkleTree.leafHash(try bytes) }
    }
}
