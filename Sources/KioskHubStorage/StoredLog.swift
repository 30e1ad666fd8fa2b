/// One of the Merkle logs whose tree the hub stores: a kiosk's events, or a property's audit entries.
public enum StoredLog: Sendable, Hashable {
    case kiosk(String)
    case audit(property: String)

    /// How messages name the log: `kiosk 'gate-1'`, `the audit log of property 'pg-7'`.
    public var description: String {
        switch self {
        case .kiosk(let id): "kiosk '\(id)'"
        case .audit(let property): "the audit log of property '\(property)'"
        }
    }
}

extension StoredLog {
    /// Where both backends keep the log's tree: the table of its tiles, the key column, and this log's key.
    package var tileRows: (table: String, key: String, value: String) {
        switch self {
        case .kiosk(let id): ("kiosk_log_tile", "kiosk_id", id)
        case .audit(let property): ("audit_log_tile", "property_id", property)
        }
    }
}
