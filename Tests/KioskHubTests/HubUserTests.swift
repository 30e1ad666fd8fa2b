import Foundation
import HummingbirdBcrypt
import KioskCore
import Testing

@testable import KioskHub
@testable import KioskHubStorage

/// The web console's users on both backends: passwords kept only as bcrypt hashes, names unique, roles scoped.
@Suite struct HubUserTests {
    @Test func aUsersPasswordIsKeptOnlyAsABcryptHash() async throws {
        let hub = try await HubFixture()
        let chosen = "a long enough secret"
        let store = HubStore(storage: hub.store.storage)
        #expect(store.passwordCost == 12)
        #expect(try await store.createUser(name: "asha", role: .warden(property: "default"), password: chosen) == nil)
        let stored = try #require(try await hub.store.storage.user(named: "asha"))
        #expect(stored.passwordHash.hasPrefix("$2b$12$"))
        #expect(Bcrypt.verify(chosen, hash: stored.passwordHash))
        #expect(try await hub.sql("SELECT password_hash FROM hub_user").allSatisfy { !$0.contains(chosen) })

        let generated = try #require(try await hub.store.createUser(name: "ops", role: .chainOperator, password: nil))
        #expect(Bcrypt.verify(generated, hash: try #require(try await hub.store.storage.user(named: "ops")).passwordHash))
        #expect(try await hub.store.users().map(\.name) == ["asha", "ops"])
        #expect(try await hub.store.users().map(\.role) == [.warden(property: "default"), .chainOperator])
    }

    @Test func namesAreUniquePropertiesMustExistAndPasswordsLongEnough() async throws {
        let hub = try await HubFixture()
        _ = try await hub.store.createUser(name: "asha", role: .warden(property: "default"), password: nil)
        let twice = await #expect(throws: KioskError.self) { try await hub.store.createUser(name: "asha", role: .chainOperator, password: nil) }
        #expect(twice?.category == .dataError)
        let nowhere = await #expect(throws: KioskError.self) {
            try await hub.store.createUser(name: "ravi", role: .warden(property: "nowhere"), password: nil)
        }
        #expect(nowhere?.category == .configuration)
        let short = await #expect(throws: KioskError.self) { try await hub.store.createUser(name: "ravi", role: .chainOperator, password: "short") }
        #expect(short?.category == .dataError)
    }

    @Test func aDisabledUserStaysListedAndANewPasswordReplacesTheOld() async throws {
        let hub = try await HubFixture()
        let first = try #require(try await hub.store.createUser(name: "asha", role: .warden(property: "default"), password: nil))
        let second = try #require(try await hub.store.setPassword(nil, forUser: "asha"))
        let hash = try #require(try await hub.store.storage.user(named: "asha")).passwordHash
        #expect(!Bcrypt.verify(first, hash: hash) && Bcrypt.verify(second, hash: hash))
        try await hub.store.disableUser(named: "asha")
        #expect(try await hub.store.users().map(\.disabled) == [true])
        await #expect(throws: KioskError.self) { try await hub.store.disableUser(named: "nobody") }
    }
}
