public import Foundation
public import KioskCore

/// The properties (PGs) a hub serves: each scopes every other row.
public protocol PropertyStorage: Sendable {
    /// Stores a property's settings; false when a property with its id exists.
    func addProperty(_ property: HubProperty, createdAt: Date) async throws(KioskError) -> Bool
    /// The stored properties (every one but `default`), sorted by id.
    func properties() async throws(KioskError) -> [HubProperty]
}
