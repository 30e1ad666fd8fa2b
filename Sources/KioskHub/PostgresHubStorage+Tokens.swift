public import Foundation
public import KioskCore
import KioskStore
import PostgresNIO

extension PostgresHubStorage {
    public func addToken(hash: String, kioskID: String, createdAt: Date) async throws(KioskError) {
        try await failing("write failed") {
            _ = try await client.query(
                "INSERT INTO token (hash, kiosk_id, created_at) VALUES (\(hash), \(kioskID), \(createdAt.storeMillis))",
                logger: logger
            )
        }
    }

    public func kiosk(tokenHash hash: String) async throws(KioskError) -> String? {
        try await failing("read failed") {
            try await query("SELECT kiosk_id FROM token WHERE hash = \(hash)").first?.decode(String.self)
        }
    }

    public func removeTokens(hashPrefix prefix: String) async throws(KioskError) -> Int {
        try await failing("write failed") {
            var removed = 0
            for try await _ in try await client.query(
                "DELETE FROM token WHERE hash LIKE \(prefix + "%") RETURNING hash",
                logger: logger
            ) {
                removed += 1
            }
            return removed
        }
    }

    public func tokens() async throws(KioskError) -> [(kioskID: String, hash: String, createdAt: Date)] {
        try await failing("read failed") {
            var tokens: [(kioskID: String, hash: String, createdAt: Date)] = []
            for try await (kiosk, hash, created) in try await client.query(
                "SELECT kiosk_id, hash, created_at FROM token ORDER BY kiosk_id COLLATE \"C\", created_at",
                logger: logger
            ).decode((String, String, Int64).self) {
                tokens.append((kiosk, hash, Date(storeMillis: created)))
            }
            return tokens
        }
    }
}
