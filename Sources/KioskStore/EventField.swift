public import KioskCore

/// The fields of an event, declared once in the order every store's columns, the wire's JSON and the signed log's
/// leaf list them: each names its wire key, its column, how it is stored, and reads its value from an
/// `EventRecord`. Stores build their SQL and bindings from this list; tests hold every other mapping (the wire's
/// coding, the row readers, the schemas) to it.
public enum EventField: String, CaseIterable, Sendable {
    case id
    case kioskId
    case seq
    case reader
    case uid
    case studentId
    case kind
    case direction
    case outcome
    case reason
    case occurredAt
    case recordedAt
    case monotonicNs
    case bootId
    case clockSynced
    case sunCounter

    /// How a field's value is stored: text or a 64-bit integer (instants in Unix milliseconds), either of which an
    /// optional field may leave out, or a boolean.
    public enum Storage: Sendable {
        case text
        case integer
        case boolean
    }

    /// The field's key in the wire's JSON.
    public var wireKey: String { rawValue }

    /// The field's column in every store's `event` table.
    public var column: String {
        switch self {
        case .kioskId: "kiosk_id"
        case .studentId: "student_id"
        case .occurredAt: "occurred_at"
        case .recordedAt: "recorded_at"
        case .monotonicNs: "monotonic_ns"
        case .bootId: "boot_id"
        case .clockSynced: "clock_synced"
        case .sunCounter: "sun_counter"
        default: rawValue
        }
    }

    /// How the field is stored.
    public var storage: Storage {
        switch self {
        case .seq, .occurredAt, .recordedAt, .monotonicNs, .sunCounter: .integer
        case .clockSynced: .boolean
        default: .text
        }
    }

    /// Whether an event may lack the field (stored as NULL).
    public var isOptional: Bool {
        switch self {
        case .uid, .studentId, .direction, .reason, .sunCounter: true
        default: false
        }
    }

    /// The field's columns in declaration order, comma-separated, for SQL.
    public static let columnList = allCases.map(\.column).joined(separator: ", ")

    /// The field's value in `record`, as stored.
    public func value(in record: EventRecord) -> EventFieldValue {
        switch self {
        case .id: .text(record.id.rawValue)
        case .kioskId: .text(record.kioskID)
        case .seq: .integer(record.seq)
        case .reader: .text(record.reader)
        case .uid: .text(record.uid?.hex)
        case .studentId: .text(record.studentID)
        case .kind: .text(record.kind.rawValue)
        case .direction: .text(record.direction?.rawValue)
        case .outcome: .text(record.outcome.rawValue)
        case .reason: .text(record.reason)
        case .occurredAt: .integer(record.occurredAt.storeMillis)
        case .recordedAt: .integer(record.recordedAt.storeMillis)
        case .monotonicNs: .integer(record.monotonicNanoseconds)
        case .bootId: .text(record.bootID)
        case .clockSynced: .boolean(record.clockSynchronised)
        case .sunCounter: .integer(record.sunCounter)
        }
    }
}

/// One stored value of an event's field.
public enum EventFieldValue: Sendable, Hashable {
    case text(String?)
    case integer(Int64?)
    case boolean(Bool)
}
