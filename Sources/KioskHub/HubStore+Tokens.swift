import Crypto
public import Foundation
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
        try await storage.addToken(hash: Self.hash(token), kioskID: kioskID, createdAt: now)
        return token
    }

    /// The kiosk a presented token belongs to, or nil for an unknown or revoked token.
    public func kiosk(presenting token: String) async throws(KioskError) -> String? {
        try await storage.kiosk(tokenHash: Self.hash(token))
    }

    /// Removes the tokens whose hash starts with `tokenID` (at least 8 hex digits); returns how many.
    public func revokeToken(id tokenID: String) async throws(KioskError) -> Int {
        let prefix = tokenID.lowercased()
        guard prefix.count >= 8, prefix.allSatisfy(\.isHexDigit) else {
            throw KioskError(.usage, "a token id is at least 8 hex digits as `token list` shows it, not '\(tokenID)'")
        }
        return try await storage.removeTokens(hashPrefix: prefix)
    }

    /// Every token's kiosk, id and creation time, by kiosk.
    public func tokens() async throws(KioskError) -> [TokenListing] {
        try await storage.tokens().map { TokenListing(kioskID: $0.kioskID, tokenID: String($0.hash.prefix(12)), createdAt: $0.createdAt) }
    }

    static func hash(_ token: String) -> String {
        SHA256.hash(data: Data(token.utf8)).map { String(format: "%02x", $0) }.joined()
    }
}
