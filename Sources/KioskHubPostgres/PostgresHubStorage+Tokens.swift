public import Foundation
public import KioskCore
public import KioskHubStorage
import KioskStore
import PostgresNIO

extension PostgresHubStorage {
    public func addToken(hash: String, holder: TokenHolder, createdAt: Date) async throws(KioskError) {
        try await failing("write failed") {
            _ = try await query(
                """
                INSERT INTO token (hash, role, kiosk_id, property_id, created_at)
                VALUES (\(hash), \(holder.role), \(holder.kioskID), \(holder.propertyID), \(createdAt.storeMillis))
                """
            )
        }
    }

    public func holder(tokenHash hash: String) async throws(KioskError) -> TokenHolder? {
        try await failing("read failed") {
            for (role, kiosk, property) in try await query(
                "SELECT role, kiosk_id, property_id FROM token WHERE hash = \(hash)"
            ).decode((String, String?, String?).self) {
                return TokenHolder(role: role, kioskID: kiosk, propertyID: property)
            }
            return nil
        }
    }

    public func property(ofKiosk kioskID: String) async throws(KioskError) -> String? {
        try await failing("read failed") {
            for property in try await query(
                """
                SELECT property_id FROM token WHERE kiosk_id = \(kioskID)
                UNION ALL (SELECT property_id FROM event WHERE kiosk_id = \(kioskID) LIMIT 1) LIMIT 1
                """
            ).decode(String.self) {
                return property
            }
            return nil
        }
    }

    public func removeTokens(hashPrefix prefix: String) async throws(KioskError) -> Int {
        try await failing("write failed") {
            var removed = 0
            for _ in try await query(
                "DELETE FROM token WHERE hash LIKE \(prefix + "%") RETURNING hash"
            ) {
                removed += 1
            }
            return removed
        }
    }

    public func tokens() async throws(KioskError) -> [StoredToken] {
        try await failing("read failed") {
            var tokens: [StoredToken] = []
            for (role, kiosk, property, hash, created) in try await query(
                """
                SELECT role, kiosk_id, property_id, hash, created_at FROM token
                ORDER BY kiosk_id IS NULL, kiosk_id, created_at
                """
            ).decode((String, String?, String?, String, Int64).self) {
                guard let holder = TokenHolder(role: role, kioskID: kiosk, propertyID: property) else { continue }
                tokens.append(StoredToken(holder: holder, hash: hash, createdAt: Date(storeMillis: created)))
            }
            return tokens
        }
    }
}
