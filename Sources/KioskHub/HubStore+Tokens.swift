import Crypto
public import Foundation
public import KioskCore
public import KioskHubStorage

extension HubStore {
    /// A token as `token list` shows it: never the token itself, only the start of its hash.
    public struct TokenListing: Sendable, Hashable {
        public let holder: TokenHolder
        /// The first 12 hex digits of the token's SHA-256, which `token revoke` takes.
        public let tokenID: String
        public let createdAt: Date
    }

    /// Makes a new bearer token for kiosk `kioskID` of `property`, stores its SHA-256 and returns the token, which is
    /// never stored. A kiosk id is unique in the hub: a kiosk known at another property is refused.
    public func createToken(
        kioskID: String,
        property: String = HubProperty.defaultID,
        now: Date = WallClock.system.now()
    ) async throws(KioskError) -> String {
        _ = try await self.property(property)
        if kioskID.hasPrefix(Self.consoleKioskPrefix) {
            throw KioskError(
                .usage,
                "kiosk ids starting with '\(Self.consoleKioskPrefix)' name the web console's entries; give this kiosk another id"
            )
        }
        if let home = try await storage.property(ofKiosk: kioskID), home != property {
            throw KioskError(
                .dataError,
                "kiosk '\(kioskID)' belongs to property '\(home)'; a kiosk id is unique in the hub, give this kiosk another id"
            )
        }
        return try await createToken(for: .kiosk(id: kioskID, property: property), now: now)
    }

    /// Makes a new token for the chain's operator: the summary over every property, nothing else.
    public func createOperatorToken(now: Date = WallClock.system.now()) async throws(KioskError) -> String {
        try await createToken(for: .chainOperator, now: now)
    }

    /// Whom a presented token speaks for, or nil for an unknown or revoked token.
    public func holder(presenting token: String) async throws(KioskError) -> TokenHolder? {
        try await storage.holder(tokenHash: Self.tokenHash(token))
    }

    /// Removes the tokens whose hash starts with `tokenID` (at least 8 hex digits); returns how many.
    public func revokeToken(id tokenID: String) async throws(KioskError) -> Int {
        let prefix = tokenID.lowercased()
        guard prefix.count >= 8, prefix.allSatisfy(\.isHexDigit) else {
            throw KioskError(.usage, "a token id is at least 8 hex digits as `token list` shows it, not '\(tokenID)'")
        }
        return try await storage.removeTokens(hashPrefix: prefix)
    }

    /// Every token's holder, id and creation time: kiosks' by kiosk, then the operator's.
    public func tokens() async throws(KioskError) -> [TokenListing] {
        try await storage.tokens().map { TokenListing(holder: $0.holder, tokenID: String($0.hash.prefix(12)), createdAt: $0.createdAt) }
    }

    private func createToken(for holder: TokenHolder, now: Date) async throws(KioskError) -> String {
        let token = "kh_" + Self.randomHex(bytes: 32)
        try await storage.addToken(hash: Self.tokenHash(token), holder: holder, createdAt: now)
        return token
    }

    /// `bytes` bytes from the system's secure generator, in hex.
    static func randomHex(bytes: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<bytes).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }

    /// The SHA-256 of a bearer token in hex: what the database keeps of it.
    static func tokenHash(_ token: String) -> String {
        SHA256.hash(data: Data(token.utf8)).map { String(format: "%02x", $0) }.joined()
    }
}
