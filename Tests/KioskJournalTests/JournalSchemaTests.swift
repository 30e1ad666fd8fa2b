import KioskTesting
import Testing

@testable import KioskJournal

/// Shipped migrations are frozen: they make exactly the schema they made when they shipped.
@Test func theJournalsShippedMigrationsMakeTheSchemaTheyMadeWhenTheyShipped() throws {
    #expect(try ShippedSchema.migrated(by: JournalSchema.migrator, upTo: "v5") == ShippedSchema.snapshot("journal-v5"))
}
