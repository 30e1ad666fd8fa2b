import KioskTesting
import Testing

@testable import KioskJournal

/// Shipped migrations are frozen: they make exactly the schema they made when they shipped.
@Test func theJournalsShippedMigrationsMakeTheSchemaTheyMadeWhenTheyShipped() throws {
    for last in ["v5", "v6", "v7", "v8", "v9", "v10", "v11", "v12"] {
        #expect(try ShippedSchema.migrated(by: JournalSchema.migrator, upTo: last) == ShippedSchema.snapshot("journal-\(last)"))
    }
}
