import Foundation
import GRDB
import KioskCore

/// One row of the `event` table. Instants are Unix milliseconds (UTC).
struct EventRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "event"
    static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
    static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.convertToSnakeCase

    var id: String
    var kioskId: String
    var seq: Int64
    var reader: String
    var uid: String?
    var studentId: String?
    var kind: String
    var direction: String?
    var outcome: String
    var reason: String?
    var occurredAt: Int64
    var recordedAt: Int64
    var monotonicNs: Int64
    var bootId: String
    var clockSynced: Bool
    var syncState: String = "pending"
    var syncReason: String?
    var syncedAt: Int64?
}

extension Date {
    /// Unix milliseconds, the journal's unit of time.
    var journalMillis: Int64 { Int64((timeIntervalSince1970 * 1000).rounded(.down)) }

    init(journalMillis: Int64) {
        self.init(timeIntervalSince1970: Double(journalMillis) / 1000)
    }
}
