import KioskCore
import KioskHubStorage
import Logging
import PostgresNIO

/// The PostgreSQL hub database's schema: named migrations, never edited once shipped, applied once even when
/// several hub processes start at the same moment (a session advisory lock), and refused when the database holds
/// a newer schema or tables that are not the hub's.
enum PostgresHubSchema {
    /// The advisory lock key of the migrations ("KHUBMIGR" in ASCII).
    static let migrationLock: Int64 = 0x4B48_5542_4D49_4752

    /// Brings the database up to date, or refuses it.
    static func migrate(_ client: PostgresClient, url: DatabaseURL, logger: Logger) async throws {
        try await client.withConnection { connection in
            _ = try await connection.query("SELECT pg_advisory_lock(\(migrationLock))", logger: logger)
            do {
                try await migrate(connection, url: url, logger: logger)
                _ = try await connection.query("SELECT pg_advisory_unlock(\(migrationLock))", logger: logger)
            } catch {
                _ = try? await connection.query("SELECT pg_advisory_unlock(\(migrationLock))", logger: logger)
                throw error
            }
        }
    }

    private static func migrate(_ connection: PostgresConnection, url: DatabaseURL, logger: Logger) async throws {
        var tables: Set<String> = []
        for try await name in try await connection.query(
            "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()",
            logger: logger
        ).decode(String.self) {
            tables.insert(name)
        }
        if !tables.isEmpty && !tables.contains("kiosk_hub_schema") {
            throw KioskError(
                .ioError,
                "hub database \(url) holds tables that are not the hub's (\(tables.sorted().prefix(5).joined(separator: ", "))); refusing to touch it"
            )
        }
        _ = try await connection.query("CREATE TABLE IF NOT EXISTS kiosk_hub_schema (identifier TEXT PRIMARY KEY NOT NULL)", logger: logger)
        var applied: Set<String> = []
        for try await identifier in try await connection.query("SELECT identifier FROM kiosk_hub_schema", logger: logger).decode(String.self) {
            applied.insert(identifier)
        }
        let known = Set(migrations.map(\.identifier))
        if !applied.subtracting(known).isEmpty {
            throw KioskError(
                .ioError,
                "hub database \(url) was written by a newer version of kiosk-hub (unknown schema migrations); refusing to touch it"
            )
        }
        for migration in migrations where !applied.contains(migration.identifier) {
            try await connection.withTransaction(logger: logger) { transaction in
                for statement in migration.statements {
                    _ = try await transaction.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
                _ = try await transaction.query("INSERT INTO kiosk_hub_schema (identifier) VALUES (\(migration.identifier))", logger: logger)
            }
        }
    }
}
