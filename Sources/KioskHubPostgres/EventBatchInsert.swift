import Foundation
import KioskCore
import KioskHubStorage

/// One kiosk's batch on its way into a hub's `event` table.
struct EventBatchInsert: Sendable {
    let records: [EventRecord]
    let property: String
    let receivedAt: Date
}
