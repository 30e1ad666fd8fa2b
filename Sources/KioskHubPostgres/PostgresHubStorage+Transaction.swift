import KioskCore
import KioskHubStorage
import PostgresNIO

extension PostgresHubStorage {
    /// Runs `body` in a transaction on one pooled connection, like `PostgresClient.withTransaction`, but sends nothing
    /// more on a connection the server has ended. postgres-nio 1.33 never answers a statement written to a closed
    /// connection: after a database restart the ROLLBACK of a failed transaction waited forever, holding the kiosk's
    /// request, the pool's connection and the hub's shutdown.
    func transaction<T: Sendable>(_ body: (PostgresConnection) async throws -> T) async throws -> T {
        try await client.withConnection { connection in
            try await run("BEGIN", on: connection)
            let value: T
            do {
                value = try await body(connection)
            } catch {
                if !connection.isClosed { _ = try? await run("ROLLBACK", on: connection) }
                throw error
            }
            try await run("COMMIT", on: connection)
            return value
        }
    }

    /// Runs one statement on a pooled connection and reads its answer (see `transaction`): a connection the server has
    /// ended but the pool has not yet noticed fails at once.
    func query(_ statement: PostgresQuery) async throws -> [PostgresRow] {
        try await client.withConnection { connection in try await run(statement, on: connection) }
    }

    /// Runs one statement on `connection` and reads its answer to the end, so the next one is sent only once it is
    /// done; on a connection the server has ended it fails at once (see `transaction`).
    @discardableResult
    func run(_ statement: PostgresQuery, on connection: PostgresConnection) async throws -> [PostgresRow] {
        guard !connection.isClosed else { throw KioskError(.unavailable, "hub database \(url) cannot be reached: the server closed the connection") }
        return try await connection.query(statement, logger: logger).collect()
    }
}

extension Array where Element == PostgresRow {
    /// Every row decoded as `types`, in order.
    func decode<each Column: PostgresDecodable>(_ types: (repeat each Column).Type) throws -> [(repeat each Column)] {
        try map { try $0.decode(types) }
    }
}
