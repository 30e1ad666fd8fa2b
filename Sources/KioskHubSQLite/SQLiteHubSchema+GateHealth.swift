import GRDB

extension SQLiteHubSchema {
    /// The shipped migrations for gate health across a chain (v21: gates found by property), frozen SQL.
    static func registerGateHealthMigrations(_ migrator: inout DatabaseMigrator) {
        // A property's gates (its kiosk tokens and the gates heard from) found by an index, not by reading every
        // gate of the chain: the Gates page, `/metrics` and the offline decisions read them per property (P16).
        migrator.registerMigration("v21") { db in
            try db.execute(
                sql: """
                    CREATE INDEX token_by_property ON token (property_id, kiosk_id);
                    CREATE INDEX kiosk_contact_by_property ON kiosk_contact (property_id);
                    """
            )
        }
    }
}
