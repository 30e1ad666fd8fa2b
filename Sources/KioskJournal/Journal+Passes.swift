public import Foundation
public import KioskCore
import KioskStore

extension Journal {
    /// Records a new leave pass for an active student (else bad data, 65) and returns it.
    public func createPass(_ request: LeavePassRequest) async throws(KioskError) -> LeavePass {
        let pass = request.pass()
        try await writeFacts { db in try LeavePassTable.insert(pass, db) }
        return pass
    }

    /// Cancels the pass `id`; an unknown id is bad data (65) naming it.
    public func cancelPass(id: String) async throws(KioskError) {
        guard try await writeFacts({ db in try LeavePassTable.remove(id: id, db) }) else {
            throw KioskError(.dataError, "no leave pass has the id '\(id)'; `kiosk pass list` shows them", domain: .notFound)
        }
    }

    /// The passes covering some instant of [`start`, `end`] (every pass when both are nil), by start, then id.
    public func passes(from start: Date? = nil, through end: Date? = nil) async throws(KioskError) -> [LeavePass] {
        try await read { db in try LeavePassTable.passes(from: start, through: end, db) }
    }
}
