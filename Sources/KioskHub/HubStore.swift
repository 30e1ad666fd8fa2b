import Foundation
import GRDB
public import KioskCore

/// The hub's SQLite database under its data directory: every kiosk's events, the roster and the kiosks'
/// token hashes. WAL mode with `synchronous=FULL` and one writer, so several kiosks pushing at once are
/// serialised and an acknowledged batch is on disk.
public struct HubStore: Sendable {
    let writer: any DatabaseWriter

    /// Opens (creating if needed) `hub.sqlite` in `dataDirectory`.
    public static func open(dataDirectory: String) throws(KioskError) -> HubStore {
        let path = (dataDirectory as NSString).appendingPathComponent("hub.sqlite")
        do {
            try FileManager.default.createDirectory(atPath: dataDirectory, withIntermediateDirectories: true)
        } catch {
            throw KioskError(.ioError, "cannot create data directory \(dataDirectory): \(error.localizedDescription)")
        }
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        do {
            let pool = try DatabasePool(path: path, configuration: configuration)
            try pool.writeWithoutTransaction { try $0.execute(sql: "PRAGMA synchronous = FULL") }
            try HubSchema.migrator.migrate(pool)
            return HubStore(writer: pool)
        } catch {
            throw KioskError(.ioError, "hub database \(path): \(error)")
        }
    }

    /// Whether the database answers a query.
    public func isHealthy() async -> Bool {
        (try? await writer.read { try Int.fetchOne($0, sql: "SELECT 1") }) == 1
    }

    func write<T: Sendable>(_ updates: @Sendable @escaping (Database) throws -> T) async throws(KioskError) -> T {
        do {
            return try await writer.write(updates)
        } catch let error as KioskError {
            throw error
        } catch {
            throw KioskError(.ioError, "hub database write failed: \(error)")
        }
    }

    func read<T: Sendable>(_ value: @Sendable @escaping (Database) throws -> T) async throws(KioskError) -> T {
        do {
            return try await writer.read(value)
        } catch let error as KioskError {
            throw error
        } catch {
            throw KioskError(.ioError, "hub database read failed: \(error)")
        }
    }
}
