import Foundation
public import KioskCore
public import KioskHubStorage
import KioskWire

extension HubStore {
    /// Makes a leave pass for an active student of `property` (an unknown or inactive one is bad data, 65) and
    /// returns it. Kiosks of the property get it with their next roster pull.
    public func createPass(_ request: LeavePassRequest, property: String = HubProperty.defaultID) async throws(KioskError) -> LeavePass {
        _ = try await activeStudent(request.studentID, property: property)
        let pass = request.pass()
        try await storage.addPass(pass, property: property)
        await storage.announce(.day(property: property))
        try await audit(
            .passCreate,
            property: property,
            subject: pass.studentID,
            detail: "pass \(pass.id) from \(WireTime.format(pass.from)) until \(WireTime.format(pass.until)): \(pass.reason)"
        )
        return pass
    }

    /// Cancels the pass `id` of `property`; an unknown id is bad data (65) naming it.
    public func cancelPass(id: String, property: String = HubProperty.defaultID) async throws(KioskError) {
        guard try await storage.removePass(id: id, property: property) else {
            throw KioskError(
                .dataError,
                "no leave pass of property '\(property)' has the id '\(id)'; `kiosk-hub pass list` shows them",
                domain: .notFound
            )
        }
        await storage.announce(.day(property: property))
        try await audit(.passCancel, property: property, subject: id)
    }

    /// The passes of `property` covering some instant of day `date` (every pass when nil), by start, then id.
    public func passes(of property: HubProperty, on date: AttendanceDate? = nil) async throws(KioskError) -> [LeavePass] {
        let day = date.map(property.policy.firstAndLastInstants(of:))
        return try await storage.passes(property: property.id, from: day?.first, through: day?.last)
    }
}
