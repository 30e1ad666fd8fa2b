import Foundation
import KioskCore
import KioskHub
import KioskHubStorage
import KioskReports

/// What `kiosk-hub property list` prints: a line per property, or the JSON array of the contract.
struct PropertyListing {
    let properties: [HubProperty]

    /// `[{"id","name","timezone","dayStartsAt","curfew","debounceSeconds","initialState"}]` and a newline.
    var json: String {
        JSONValue.array(
            properties.map { property in
                let policy = property.policy
                return .object([
                    ("id", .string(property.id)), ("name", .string(property.name)), ("timezone", .string(policy.timeZone.identifier)),
                    ("dayStartsAt", .string(policy.dayStartsAt.description)), ("curfew", .string(policy.curfew.description)),
                    ("debounceSeconds", .int(policy.debounceSeconds)), ("initialState", .string(policy.initialState.rawValue)),
                ])
            }
        ).serialized() + "\n"
    }

    /// One tab-separated line per property: id, name, zone, day start, curfew, debounce, initial state.
    var text: String {
        properties.map { property in
            let policy = property.policy
            return [
                property.id, property.name, policy.timeZone.identifier, policy.dayStartsAt.description, policy.curfew.description,
                "\(policy.debounceSeconds)s", policy.initialState.rawValue,
            ].joined(separator: "\t") + "\n"
        }.joined()
    }
}
