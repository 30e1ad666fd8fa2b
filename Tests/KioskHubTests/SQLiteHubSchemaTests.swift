import KioskTesting
import Testing

@testable import KioskHub
@testable import KioskHubSQLite
@testable import KioskHubStorage

/// Shipped migrations are frozen: they make exactly the schema they made when they shipped.
@Test(arguments: ["v9", "v10", "v11", "v12", "v13", "v14", "v15", "v16", "v17", "v18", "v19", "v20", "v21", "v22"])
func theSQLiteHubsShippedMigrationsMakeTheSchemaTheyMadeWhenTheyShipped(last: String) throws {
    #expect(try ShippedSchema.migrated(by: SQLiteHubSchema.migrator, upTo: last) == ShippedSchema.snapshot("hub-\(last)"))
}
