public import Foundation
public import KioskCore
public import KioskHubStorage

extension HubStore {
    /// Adds a property; its id must be new and well-formed.
    public func createProperty(_ property: HubProperty, now: Date = WallClock.system.now()) async throws(KioskError) {
        if let problem = HubProperty.idProblem(property.id) { throw KioskError(.usage, problem) }
        guard !property.name.isEmpty, RecordLimits.controlCharacter(in: property.name) == nil else {
            throw KioskError(.usage, "a property's name is not empty and holds no control characters")
        }
        guard property.id != HubProperty.defaultID, try await storage.addProperty(property, createdAt: now) else {
            throw KioskError(.dataError, "the property '\(property.id)' exists already")
        }
        try await audit(.propertyCreate, property: property.id, subject: property.id, detail: property.name, now: now)
    }

    /// Every property, `default` first, then the others by id.
    public func properties() async throws(KioskError) -> [HubProperty] {
        [defaultProperty] + (try await storage.properties())
    }

    /// The property `id`; an unknown id is a configuration error (78) that names it.
    public func property(_ id: String) async throws(KioskError) -> HubProperty {
        if id == HubProperty.defaultID { return defaultProperty }
        guard let property = try await storage.properties().first(where: { $0.id == id }) else {
            throw KioskError(.configuration, "no property has the id '\(id)'; `kiosk-hub property list` shows them", domain: .notFound)
        }
        return property
    }
}
