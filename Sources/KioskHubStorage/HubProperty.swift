public import KioskCore

/// A property: one PG of a chain, with its own roster, attendance settings, kiosks, tokens and reports. Every hub has
/// the property `default`, whose settings are the configuration's `[attendance]` section.
public struct HubProperty: Sendable, Hashable {
    /// The id of the property every hub has, and every command without `--property` acts on.
    public static let defaultID = "default"

    /// 1-32 characters of `a-z 0-9 -`.
    public let id: String
    /// What its pages and reports call it.
    public var name: String
    public var policy: AttendancePolicy

    public init(id: String, name: String, policy: AttendancePolicy) {
        self.id = id
        self.name = name
        self.policy = policy
    }

    /// The `default` property of a hub configured with nothing but defaults.
    public static let fallbackDefault = HubProperty(id: defaultID, name: "PG", policy: AttendancePolicy())

    /// Why `id` cannot name a property, or nil when it can.
    public static func idProblem(_ id: String) -> String? {
        let allowed = id.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
        guard (1...32).contains(id.count), allowed else {
            return "a property id is 1 to 32 characters of a-z, 0-9 and '-', not '\(id.unicodeScalars.map { $0.escaped(asASCII: true) }.joined())'"
        }
        return nil
    }
}
