import Foundation
package import KioskCore

/// A stored property's settings as the databases keep them: text and integers in the configuration's own notation.
package struct PropertyRow: Sendable, Hashable {
    package let id: String
    package let name: String
    package let timeZone: String
    package let dayStartsAt: String
    package let curfew: String
    package let debounceSeconds: Int
    package let initialState: String

    package init(_ property: HubProperty) {
        id = property.id
        name = property.name
        timeZone = property.policy.timeZone.identifier
        dayStartsAt = property.policy.dayStartsAt.description
        curfew = property.policy.curfew.description
        debounceSeconds = property.policy.debounceSeconds
        initialState = property.policy.initialState.rawValue
    }

    package init(id: String, name: String, timeZone: String, dayStartsAt: String, curfew: String, debounceSeconds: Int, initialState: String) {
        self.id = id
        self.name = name
        self.timeZone = timeZone
        self.dayStartsAt = dayStartsAt
        self.curfew = curfew
        self.debounceSeconds = debounceSeconds
        self.initialState = initialState
    }

    /// The property, or an error naming the setting a database holds that this hub cannot use.
    package func property() throws(KioskError) -> HubProperty {
        guard let zone = TimeZone(identifier: timeZone) else { throw problem("timezone", timeZone) }
        guard let start = TimeOfDay(parsing: dayStartsAt) else { throw problem("day_starts_at", dayStartsAt) }
        guard let curfew = TimeOfDay(parsing: curfew) else { throw problem("curfew", self.curfew) }
        guard let state = Direction(rawValue: initialState) else { throw problem("initial_state", initialState) }
        let policy = AttendancePolicy(timeZone: zone, dayStartsAt: start, curfew: curfew, debounceSeconds: debounceSeconds, initialState: state)
        return HubProperty(id: id, name: name, policy: policy)
    }

    private func problem(_ field: String, _ value: String) -> KioskError {
        KioskError(.ioError, "property '\(id)' in the hub database has \(field) '\(value)', which this hub cannot use")
    }
}
