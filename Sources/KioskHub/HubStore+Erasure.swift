public import Foundation
public import KioskCore
import KioskHubStorage
import KioskLog
import KioskWire

/// What an erasure did (CONTRACT.md "Erasure"), from which `kiosk-hub student erase` prints its signed receipt.
public struct StudentErasureReceipt: Sendable, Hashable {
    /// The erased student's id, as the roster gave it.
    public let student: String
    public let property: String
    public let erasedAt: Date
    /// How many events changed, passes were removed and alerts redacted.
    public let events: Int
    public let passes: Int
    public let alerts: Int
    /// The pseudonym their events now carry; not in the receipt.
    public let pseudonym: String

    /// `{"student","property","erasedAt","events","passes","alerts","signature"}`, `signature` a signed note by the
    /// log key of `keys` whose text is the other fields, one `key value` a line, in that order.
    public func json(signedBy keys: HubLogKeys) throws(KioskError) -> String {
        let erasedAt = WireTime.format(erasedAt)
        let text = "student \(student)\nproperty \(property)\nerasedAt \(erasedAt)\nevents \(events)\npasses \(passes)\nalerts \(alerts)\n"
        let signature: String
        do {
            signature = try SignedNote(text: text, signedBy: keys.log).serialized
        } catch {
            throw KioskError(.dataError, "cannot sign the receipt of the erasure: \(error)")
        }
        var writer = JSONWriter(capacity: 512)
        writer.raw("{\"student\":")
        writer.string(student)
        writer.raw(",\"property\":")
        writer.string(property)
        writer.raw(",\"erasedAt\":")
        writer.string(erasedAt)
        writer.raw(",\"events\":")
        writer.integer(Int64(events))
        writer.raw(",\"passes\":")
        writer.integer(Int64(passes))
        writer.raw(",\"alerts\":")
        writer.integer(Int64(alerts))
        writer.raw(",\"signature\":")
        writer.string(signature)
        writer.raw("}")
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}

extension HubStore {
    /// Erases student `studentID` of `property` (CONTRACT.md "Erasure"): their roster entry, cards and passes go; their
    /// events keep their places under a pseudonym without UIDs, each keeping its original leaf hash so every log still
    /// verifies; alerts naming them are redacted; audit entries naming them are emptied, their leaf hashes kept; the
    /// `student.erase` entry names the pseudonym. Then the database is rewritten so nothing erased stays readable.
    /// `.dataError` (`.notFound`) when the property holds nothing of them. `pseudonym` is given only to erase the same
    /// student from another copy of the database under the same one; `compacting` false leaves the rewrite to the
    /// caller, erasing several.
    public func eraseStudent(
        _ studentID: String,
        property propertyID: String,
        now: Date,
        pseudonym given: String? = nil,
        compacting: Bool = true
    ) async throws(KioskError) -> StudentErasureReceipt {
        let (property, entry, cards, events, _, alerts) = try await holdings(ofStudent: studentID, property: propertyID)
        let words = [studentID] + (entry.map { [$0.student.name] } ?? []) + cards
        let pseudonym = given ?? StudentErasure.pseudonym(randomBits: UInt32.random(in: .min ... .max))
        var auditEntries: [RemovedLeaf] = []
        try await forEachAuditEntry(of: property.id) { (entry) throws(KioskError) in
            guard entry.removedLeafHash == nil, StudentErasure.names(entry.subject + " " + entry.detail + " " + entry.actor, anyOf: words)
            else { return }
            do {
                auditEntries.append(RemovedLeaf(seq: entry.seq, leafHash: try entry.leaf.leafHash))
            } catch {
                throw KioskError(.dataError, "audit entry \(entry.seq) of property '\(property.id)' cannot be hashed: \(error)")
            }
        }
        let plan = StudentErasurePlan(
            property: property.id,
            studentID: studentID,
            pseudonym: pseudonym,
            erasedAt: now,
            subjects: [WireErasure.subject(studentID: studentID)] + cards.map(WireErasure.subject(uid:)),
            events: events.map { event in
                ErasedEvent(
                    id: event.id.rawValue,
                    leafHash: try? EventLeaf(event).leafHash,
                    studentID: event.studentID == studentID ? pseudonym : event.studentID,
                    reason: event.reason.map { StudentErasure.redacted($0, removing: words) }
                )
            },
            alerts: alerts.map { Self.redacted($0, studentID: studentID, cards: cards, pseudonym: pseudonym, words: words) },
            auditEntries: auditEntries
        )
        let removedPasses = try await storage.erase(plan)
        try await audit(.studentErase, property: property.id, subject: pseudonym, now: now)
        if compacting { try await storage.compactAfterErasure() }
        await storage.announce(.day(property: property.id))
        return StudentErasureReceipt(
            student: studentID,
            property: property.id,
            erasedAt: now,
            events: events.count,
            passes: removedPasses,
            alerts: alerts.count,
            pseudonym: pseudonym
        )
    }

    /// `alert` with the erased student in it under their pseudonym (no name, no room), and without their cards' UIDs.
    private static func redacted(_ alert: Alert, studentID: String, cards: [String], pseudonym: String, words: [String]) -> Alert {
        Alert(
            id: alert.id,
            event: alert.event,
            property: alert.property,
            at: alert.at,
            students: alert.students.map { student in
                student.studentId == studentID
                    ? Alert.Student(studentId: pseudonym, name: pseudonym, room: "", lastOut: student.lastOut) : student
            },
            kiosk: alert.kiosk,
            uid: alert.uid.flatMap { cards.contains($0) ? nil : $0 },
            log: alert.log,
            reason: alert.reason.map { StudentErasure.redacted($0, removing: words) }
        )
    }

    /// Erases, as their erasure did, the events among `records` (just stored for `property`) of a student `property`
    /// erased: a gate offline during an erasure pushes its events of the student afterwards, and none is kept whole.
    /// They were stored whole first, so a kiosk's tree never takes a leaf from what an erasure left of an event.
    func eraseLateEvents(_ records: [EventRecord], property: String) async throws(KioskError) {
        guard !records.isEmpty else { return }
        let erased = try await storage.erasedStudents(property: property)
        guard !erased.isEmpty else { return }
        var pseudonyms: [String: String] = [:]
        for student in erased {
            for subject in student.subjects { pseudonyms[subject] = student.pseudonym }
        }
        let changes = records.compactMap { record -> ErasedEvent? in
            let byStudent = record.studentID.flatMap { pseudonyms[WireErasure.subject(studentID: $0)] }
            let byCard = record.uid.flatMap { pseudonyms[WireErasure.subject(uid: $0.hex)] }
            guard byStudent != nil || byCard != nil else { return nil }
            return ErasedEvent(
                id: record.id.rawValue,
                leafHash: try? EventLeaf(record).leafHash,
                studentID: byStudent ?? record.studentID,
                reason: record.reason.map { StudentErasure.redacted($0, removing: [record.studentID, record.uid?.hex].compactMap(\.self)) }
            )
        }
        guard !changes.isEmpty else { return }
        try await storage.eraseEvents(changes, property: property)
        try await storage.compactAfterErasure()
    }

    /// `[retention] keep_days`: erases every inactive student of every property with no event (theirs or their cards')
    /// since the cutoff of `retention` at `now`, as the system; rewrites the database once. Returns how many.
    public func eraseInactiveStudents(pastKeeping retention: RetentionPolicy, now: Date) async throws(KioskError) -> Int {
        let cutoff = retention.cutoff(at: now)
        let system = acting(as: .system)
        var erased = 0
        for property in try await properties() {
            for entry in try await storage.roster(property: property.id) where entry.student.status == .inactive {
                let events = try await storage.events(property: property.id, ofStudent: entry.student.id, orUIDs: entry.tags.map(\.hex))
                guard events.allSatisfy({ $0.occurredAt < cutoff }) else { continue }
                _ = try await system.eraseStudent(entry.student.id, property: property.id, now: now, compacting: false)
                erased += 1
            }
        }
        if erased > 0 { try await storage.compactAfterErasure() }
        return erased
    }
}
