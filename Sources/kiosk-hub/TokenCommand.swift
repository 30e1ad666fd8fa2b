import ArgumentParser
import Foundation
import KioskCore
import KioskHub
import KioskHubStorage

/// `kiosk-hub token create|revoke|list`: the kiosks' bearer tokens, kept only as hashes.
struct TokenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token",
        abstract: "Create, revoke and list the kiosks' and the operator's tokens.",
        subcommands: [Create.self, Revoke.self, List.self]
    )

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Make a new token for a kiosk (or the chain's operator, or metrics) and print it once, alone on the last line (only its hash is kept)."
        )

        @OptionGroup var options: HubOptions
        @OptionGroup var property: PropertyOption

        @Option(help: ArgumentHelp("The kiosk id the token is for (its [kiosk] id).", valueName: "id"))
        var kiosk: String?

        @Flag(help: "A token for the chain summary (GET /v1/properties/summary) only.")
        var `operator` = false

        @Flag(help: "A token for Prometheus: GET /metrics only.")
        var metrics = false

        @Option(help: ArgumentHelp("Pin the kiosk's log key (what `kiosk log key` prints): its checkpoints are checked with it.", valueName: "vkey"))
        var vkey: String?

        func validate() throws {
            switch [kiosk != nil, `operator`, metrics].filter({ $0 }).count {
            case 0: throw ValidationError("give --kiosk ID, --operator for the chain summary or --metrics for GET /metrics")
            case 1: break
            default: throw ValidationError("a token is for one of a kiosk (--kiosk), the operator (--operator) or metrics (--metrics)")
            }
            if let kiosk {
                guard kiosk.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }), !kiosk.isEmpty, kiosk.count <= 64 else {
                    throw ValidationError("--kiosk must be 1 to 64 letters, digits, '-', '_' or '.', not '\(kiosk)'")
                }
            }
            if vkey != nil, kiosk == nil { throw ValidationError("--vkey pins a kiosk's log key: give --kiosk ID too") }
        }

        func run() async throws {
            let (kiosk, propertyID, vkey, metrics) = (self.kiosk, property.property, self.vkey, self.metrics)
            let token = try await options.withStore { _, store in
                if metrics { return try await store.createMetricsToken() }
                guard let kiosk else { return try await store.createOperatorToken() }
                return try await store.createToken(kioskID: kiosk, property: propertyID, vkey: vkey)
            }
            if let vkey { print("kiosk '\(kiosk ?? "")' log key pinned: \(vkey)") }
            if let kiosk {
                print(
                    "new token for kiosk '\(kiosk)' of property '\(propertyID)'; put it in the kiosk's token_file (mode 600), it is not shown again:"
                )
            } else if metrics {
                print("new metrics token for GET /metrics (Prometheus's bearer token); keep it secret, it is not shown again:")
            } else {
                print("new operator token for the chain summary; keep it secret, it is not shown again:")
            }
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
        static let configuration = CommandConfiguration(
            abstract: "List tokens: kiosk (or 'operator', 'metrics'), property, token id and creation time (never the token)."
        )

        @OptionGroup var options: HubOptions

        func run() async throws {
            for token in try await options.withStore({ _, store in try await store.tokens() }) {
                let holder =
                    switch token.holder {
                    case .kiosk(let id, let property): "\(id)\t\(property)"
                    case .chainOperator: "operator\t-"
                    case .metrics: "metrics\t-"
                    }
                print("\(holder)\t\(token.tokenID)\t\(token.createdAt.formatted(Date.ISO8601FormatStyle()))")
            }
        }
    }
}
