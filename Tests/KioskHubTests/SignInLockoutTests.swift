import Foundation
import KioskCore
import Testing

@testable import KioskHub
@testable import KioskHubStorage

/// The sign-in lockout on both backends, against attempts arriving at once and names nobody has.
@Suite struct SignInLockoutTests {
    static let password = "a long enough secret"
    static let now = Date(timeIntervalSince1970: 1_795_000_000)

    /// How many of `outcomes` were refused after their password was checked, signed in, or locked.
    static func tally(_ outcomes: [SignInOutcome]) -> (refused: Int, signedIn: Int, locked: Int) {
        outcomes.reduce(into: (0, 0, 0)) { tally, outcome in
            switch outcome {
            case .refused: tally.0 += 1
            case .signedIn: tally.1 += 1
            case .locked: tally.2 += 1
            }
        }
    }

    static func attempts(_ store: HubStore, _ passwords: [String], name: String = "asha", at now: Date) async throws -> [SignInOutcome] {
        try await withThrowingTaskGroup(of: SignInOutcome.self) { group in
            for password in passwords { group.addTask { try await store.signIn(name: name, password: password, now: now) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
    }

    @Test func thirtyAttemptsAtOnceAfterALockAreCheckedOnlyUntilTheNextLock() async throws {
        let hub = try await HubFixture()
        _ = try await hub.store.createUser(name: "asha", role: .warden(property: "default"), password: Self.password)
        let first = Self.tally(try await Self.attempts(hub.store, Array(repeating: "not the password", count: 5), at: Self.now))
        #expect(first.refused == 4 && first.locked == 1)
        // The lock has run out: of 30 wrong attempts at once, four are checked and refused, the fifth checked locks
        // the name again, and the other 25 are locked without being checked.
        let later = Self.now.addingTimeInterval(61)
        let burst = Self.tally(try await Self.attempts(hub.store, Array(repeating: "not the password", count: 30), at: later))
        #expect(burst.refused == 4)
        #expect(burst.locked == 26)
        #expect(burst.signedIn == 0)
        // The right password among 30 at once is one of at most five guesses checked.
        let again = later.addingTimeInterval(61)
        let mixed = Self.tally(try await Self.attempts(hub.store, Array(repeating: "not the password", count: 29) + [Self.password], at: again))
        #expect(mixed.refused + mixed.signedIn <= 5)
        #expect(mixed.locked >= 25)
    }

    @Test func aNameNobodyHasLocksAsAUsersDoes() async throws {
        let hub = try await HubFixture()
        _ = try await hub.store.createUser(name: "asha", role: .warden(property: "default"), password: Self.password)
        for name in ["asha", "nobody"] {
            var outcomes: [String] = []
            for _ in 0..<6 {
                switch try await hub.store.signIn(name: name, password: "not the password", now: Self.now) {
                case .refused: outcomes.append("refused")
                case .locked: outcomes.append("locked")
                case .signedIn: outcomes.append("signed in")
                }
            }
            #expect(outcomes == ["refused", "refused", "refused", "refused", "locked", "locked"], "\(name)")
        }
        // A locked name is refused whatever the password; the database keeps only the hashes of the names tried.
        guard case .locked = try await hub.store.signIn(name: "asha", password: Self.password, now: Self.now) else {
            Issue.record("a locked name signed in")
            return
        }
        let kept = try await hub.sql("SELECT name_hash FROM sign_in_lock")
        #expect(kept.count == 2)
        #expect(kept.allSatisfy { !$0.contains("asha") && !$0.contains("nobody") })
        guard case .signedIn = try await hub.store.signIn(name: "asha", password: Self.password, now: Self.now.addingTimeInterval(61)) else {
            Issue.record("the lock did not run out")
            return
        }
        #expect(try await hub.sql("SELECT name_hash FROM sign_in_lock").count == 1)
    }

    @Test func everyCharacterOfAPasswordCounts() async throws {
        let hub = try await HubFixture()
        let longest = String(repeating: "ab", count: 36)
        _ = try await hub.store.createUser(name: "asha", role: .warden(property: "default"), password: longest)
        guard case .signedIn = try await hub.store.signIn(name: "asha", password: longest, now: Self.now) else {
            Issue.record("a password of 72 bytes did not sign in")
            return
        }
        // bcrypt reads 72 bytes and stops at a NUL: a longer password, or one with a NUL after the real one, would match.
        _ = try await hub.store.createUser(name: "ravi", role: .warden(property: "default"), password: "ten chars!")
        for (name, wrong) in [("asha", longest + "c"), ("ravi", "ten chars!\u{0}and more")] {
            guard case .refused = try await hub.store.signIn(name: name, password: wrong, now: Self.now) else {
                Issue.record("\(name): \(wrong.utf8.count) bytes were taken for the password")
                return
            }
        }
        for refused in [longest + "c", "ten chars\u{0}and more", "two\nlines of it", String(repeating: "अ", count: 25)] {
            let error = await #expect(throws: KioskError.self) { try await hub.store.setPassword(refused, forUser: "asha") }
            #expect(error?.category == .dataError)
            #expect(error?.message.contains("at most 72 bytes") == true)
        }
    }
}
