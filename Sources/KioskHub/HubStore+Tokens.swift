import Crypto
public import Foundation
import GRDB
public import KioskCore

extension HubStore {
    /// A token as `token list` shows it: never the token itself, only the start of its hash.
    public struct TokenListing: Sendable, Hashable {
        public let kioskID: String
        /// The first 12 hex digits of the token's SHA-256, which `token revoke` takes.
        public let tokenID: String
        public let createdAt: Date
    }

    /// Makes a new bearer token for `kioskID`, stores its SHA-256 and returns the token, which is never stored.
    public func createToken(kioskID: String, now: Date = WallClock.system.now()) async throws(KioskError) -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let token = "kh_" + bytes.map { String(format: "%02x", $0) }.joined()
        let hash = Self.hash(token)
        try await write { db in
            try db.execute(
                sql: "INSERT INTO token (hash, kiosk_id, created_at) VALUES (?, ?, ?)",
                arguments: [hash, kioskID, Int64(now.timeIntervalSince1970 * 1000)]
            )
        }
        return token
    }

    /// The kiosk a presented token belongs to, or nil for an unknown or revoked token.
    public func kiosk(presenting token: String) async throws(KioskError) -> String? {
        let hash = Self.hash(token)
        return try await read { db in try String.fetchOne(db, sql: "SELECT kiosk_id FROM token WHERE hash = ?", arguments: [hash]) }
    }

    /// Removes the tokens whose hash starts with `tokenID` (at least 8 hex digits); returns how many.
    public func revokeToken(id tokenID: String) async throws(KioskError) -> Int {
        let prefix = tokenID.lowercased()
        guard prefix.count >= 8, prefix.allSatisfy(\.isHexDigit) else {
            throw KioskError(.usage, "a token id is at least 8 hex digits as `token list` shows it, not '\(tokenID)'")
        }
        return try await write { db in
            try db.execute(sql: "DELETE FROM token WHERE substr(hash, 1, ?) = ?", arguments: [prefix.count, prefix])
            return db.changesCount
        }
    }

    /// Every token's kiosk, id and creation time, by kiosk.
    public func tokens() async throws(KioskError) -> [TokenListing] {
        try await read { db in
            try Row.fetchAll(db, sql: "SELECT kiosk_id, hash, created_at FROM token ORDER BY kiosk_id, created_at").map { row in
                TokenListing(
                    kioskID: row["kiosk_id"],
                    tokenID: String((row["hash"] as String).prefix(12)),
                    createdAt: Date(timeIntervalSince1970: Double(row["created_at"] as Int64) / 1000)
                )
            }
        }
    }

    static func hash(_ token: String) -> String {
        SHA256.hash(data: Data(token.utf8)).map { String(format: "%02x", $0) }.joined()
    }
}
