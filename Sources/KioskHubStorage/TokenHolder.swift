/// Whom a bearer token speaks for.
public enum TokenHolder: Sendable, Hashable {
    /// A kiosk of one property: it pushes, pulls and reads that property's data only.
    case kiosk(id: String, property: String)
    /// The chain's operator: the summary over every property, nothing else.
    case chainOperator
    /// A metrics scraper (Prometheus): `GET /metrics` and nothing else.
    case metrics

    /// The `role` column of the token tables.
    package var role: String {
        switch self {
        case .kiosk: "kiosk"
        case .chainOperator: "operator"
        case .metrics: "metrics"
        }
    }

    /// The `kiosk_id` column: the kiosk's id, or nil for the operator.
    package var kioskID: String? {
        if case .kiosk(let id, _) = self { id } else { nil }
    }

    /// The `property_id` column: the kiosk's property, or nil for the operator.
    package var propertyID: String? {
        if case .kiosk(_, let property) = self { property } else { nil }
    }

    /// The holder a token row names, or nil for a row this hub does not understand.
    package init?(role: String, kioskID: String?, propertyID: String?) {
        switch (role, kioskID, propertyID) {
        case ("kiosk", let kiosk?, let property?): self = .kiosk(id: kiosk, property: property)
        case ("operator", _, _): self = .chainOperator
        case ("metrics", _, _): self = .metrics
        default: return nil
        }
    }
}
