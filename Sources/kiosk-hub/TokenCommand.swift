import ArgumentParser
import Foundation
import KioskCore
import KioskHub

/// `kiosk-hub token create|revoke|list`: the kiosks' bearer tokens, kept only as hashes.
struct TokenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token",
        abstract: "Create, revoke and list kiosk tokens.",
        subcommands: [Create.self, Revoke.self, List.self]
    )

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make a new token for a kiosk and print it once, alone on the last line (only its hash is kept)."
        )

        @OptionGroup var options: HubOptions

        @Option(help: ArgumentHelp("The kiosk id the token is for (its [kiosk] id).", valueName: "id"))
        var kiosk: String

        func validate() throws {
            guard kiosk.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }), !kiosk.isEmpty, kiosk.count <= 64 else {
                throw ValidationError("--kiosk must be 1 to 64 letters, digits, '-', '_' or '.', not '\(kiosk)'")
            }
        }

        func run() async throws {
            let kiosk = self.kiosk
            let token = try await options.withStore { _, store in try await store.createToken(kioskID: kiosk) }
            print("new token for kiosk '\(kiosk)'; put it in the kiosk's token_file (mode 600), it is not shown again:")
            print(token)
        }
    }

    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove a token by the id `token list` shows.")

        @OptionGroup var options: HubOptions

        @Argument(help: ArgumentHelp("The token id (at least 8 hex digits).", valueName: "token-id"))
        var tokenID: String

        func run() async throws {
            let tokenID = self.tokenID
            let removed = try await options.withStore { _, store in try await store.revokeToken(id: tokenID) }
            guard removed > 0 else { throw KioskError(.dataError, "no token has the id '\(tokenID)'") }
            print("revoked \(removed) token\(removed == 1 ? "" : "s")")
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List tokens: kiosk, token id and creation time (never the token).")

        @OptionGroup var options: HubOptions

        func run() async throws {
            for token in try await options.withStore({ _, store in try await store.tokens() }) {
                print("\(token.kioskID)\t\(token.tokenID)\t\(token.createdAt.formatted(Date.ISO8601FormatStyle()))")
            }
        }
    }
}
