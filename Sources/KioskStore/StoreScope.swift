import GRDB

/// Which rows of a store a statement sees: the whole database (a kiosk's journal), or the rows of one property in a
/// hub that keeps several PGs apart by a `property_id` column in every scoped table.
public struct StoreScope: Sendable, Hashable {
    /// The property whose rows are seen; nil for the whole database.
    public let propertyID: String?

    /// Every row: a store without properties.
    public static let whole = StoreScope(propertyID: nil)

    /// The rows of property `id`.
    public static func property(_ id: String) -> StoreScope { StoreScope(propertyID: id) }

    /// ` AND table.property_id = ?`, or nothing for the whole database; `arguments` holds its value.
    func condition(_ table: String? = nil) -> String {
        guard propertyID != nil else { return "" }
        return " AND " + (table.map { "\($0)." } ?? "") + "property_id = ?"
    }

    /// ` AND table.property_id = other.property_id` (rows of `table` in the same property as those of `other` they are
    /// joined to), or nothing for the whole database.
    func sameProperty(_ table: String, _ other: String) -> String {
        propertyID == nil ? "" : " AND \(table).property_id = \(other).property_id"
    }

    /// The value of `condition`'s placeholder, if it has one.
    var arguments: StatementArguments { StatementArguments(propertyID.map { [$0] } ?? []) }

    /// `, property_id` for the column list of an INSERT (nothing for the whole database).
    var column: String { propertyID == nil ? "" : ", property_id" }

    /// `, ?` for the values of an INSERT, matching `column`.
    var placeholder: String { propertyID == nil ? "" : ", ?" }

    /// The columns of a key unique within the scope: `property_id, key` or `key`.
    func key(_ column: String) -> String { propertyID == nil ? column : "property_id, \(column)" }
}
