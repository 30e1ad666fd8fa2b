import KioskCore
import KioskJournal
import KioskWire
import Logging

/// The erasures the hub's roster names, carried out on the journal (CONTRACT.md "Erasure"): a gate offline when a
/// student was erased erases them at its next sync.
extension HubPull {
    /// Keeps the erasures `roster` names and carries out every one not finished; then, when anything was erased or a
    /// new erasure arrived, rewrites the journal so nothing erased stays readable in its files, once `replaceRoster`
    /// (which drops the erased students' roster entries) has run.
    func erase(namedIn roster: WireRoster, replaceRoster: () async throws(KioskError) -> Void) async throws(KioskError) {
        let erasures = roster.erasures.compactMap { erasure in
            WireTime.parse(erasure.erasedAt).map { ErasedStudent(pseudonym: erasure.pseudonym, erasedAt: $0, subjects: erasure.subjects) }
        }
        let arrived = try await journal.keepErasures(erasures)
        let erased = try await carryOutErasures()
        try await replaceRoster()
        if arrived > 0 || erased > 0 { await compact() }
    }

    /// Carries out the erasures kept but not finished (an event of this kiosk's waits until the hub has it); then
    /// rewrites the journal when an event changed.
    func finishErasures() async throws(KioskError) {
        if try await carryOutErasures() > 0 { await compact() }
    }

    /// Rewrites the journal; a failure is logged, not thrown: what was erased stays erased, and the sync goes on.
    private func compact() async {
        do {
            try await journal.compact()
        } catch {
            logger.warning("erasure: \(error.message); the journal's free pages may keep erased bytes until SQLite reuses them")
        }
    }

    /// Carries out the erasures kept but not finished; returns how many events changed.
    private func carryOutErasures() async throws(KioskError) -> Int {
        let erasures = try await journal.erasuresToCarryOut()
        guard !erasures.isEmpty else { return 0 }
        let held = try await journal.heldSubjects()
        var changed = 0
        for erasure in erasures {
            let subjects = Set(erasure.subjects)
            let ids = held.studentIDs.filter { subjects.contains(WireErasure.subject(studentID: $0)) }
            let uids = held.uids.filter { subjects.contains(WireErasure.subject(uid: $0)) }
            let (events, done) = try await journal.erase(erasure, studentIDs: ids, uids: uids)
            changed += events
            if events > 0 || done {
                logger.info(
                    "erasure: \(events) events of a student the hub erased now carry \(erasure.pseudonym)\(done ? "" : "; the rest once the hub has them")",
                    metadata: ["erasure.pseudonym": "\(erasure.pseudonym)", "erasure.events": "\(events)"]
                )
            }
        }
        return changed
    }
}
