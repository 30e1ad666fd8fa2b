public import Foundation
public import KioskCore
import KioskHubStorage
import KioskWire

extension HubStore {
    /// The kiosk id prefix of manual entries made in the web console (`console.<property>`); no kiosk may take it.
    public static let consoleKioskPrefix = "console."
    /// How many sequence numbers a manual entry tries before it gives up.
    static let manualEntryRounds = 1000

    /// Records a warden's manual entry for an active student of `property` as an event of the console's own kiosk id,
    /// so every gate of the property pulls it like another gate's tap and its toggle follows.
    public func recordManualEntry(
        studentID: String,
        direction: Direction,
        at instant: Date,
        reason: String,
        property: String,
        now: Date
    ) async throws(KioskError) -> EventRecord {
        let reason = reason.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !reason.isEmpty else { throw KioskError(.usage, "a manual entry needs a reason") }
        guard reason.count <= RecordLimits.reason, RecordLimits.controlCharacter(in: reason) == nil else {
            throw KioskError(.usage, "a reason is one line of at most \(RecordLimits.reason) characters")
        }
        guard let student = try await storage.roster(property: property).first(where: { $0.student.id == studentID })?.student else {
            throw KioskError(.dataError, "unknown student '\(studentID)'", domain: .notFound)
        }
        guard student.status == .active else {
            throw KioskError(.dataError, "student '\(studentID)' is inactive; a manual entry needs an active student")
        }
        let kioskID = Self.consoleKioskPrefix + property
        // Entries made at once (in this process or another sharing the database) may take the same `seq`: the losers
        // take the next one. Each round stores at least one of them, so every entry is stored within as many rounds as
        // entries were made at once; the bound only stops a database that never stores one.
        for _ in 0..<Self.manualEntryRounds {
            let record = EventRecord(
                id: EventID.make(at: now),
                kioskID: kioskID,
                seq: try await storage.highestSeq(ofKiosk: kioskID) + 1,
                reader: "web-console",
                uid: nil,
                studentID: studentID,
                kind: .manual,
                direction: direction,
                outcome: .accepted,
                reason: reason,
                occurredAt: instant,
                recordedAt: now,
                monotonicNanoseconds: 0,
                bootID: "hub",
                clockSynchronised: true
            )
            if try await storage.insert([record], property: property, receivedAt: now) == [.stored] {
                await storage.announce(.day(property: property))
                try await audit(
                    .manualEntry,
                    property: property,
                    subject: studentID,
                    detail: "event \(record.id): \(direction.rawValue) at \(WireTime.format(instant)): \(reason)",
                    now: now
                )
                return record
            }
        }
        throw KioskError(.ioError, "could not store the manual entry: its sequence number was taken \(Self.manualEntryRounds) times; try again")
    }
}
