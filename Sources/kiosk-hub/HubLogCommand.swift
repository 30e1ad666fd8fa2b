import ArgumentParser
import KioskCore
import KioskHub
import KioskLog
import KioskWire

/// `kiosk-hub log key|verify|proof|checkpoint|export`: the hub's side of the kiosks' signed logs (CONTRACT.md "Signed
/// logs").
struct HubLogCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "log",
        abstract: "The hub's log keys, and the kiosks' logs as it holds and witnessed them: verified, proofs, checkpoints, exports.",
        subcommands: [Key.self, Verify.self, Proof.self, Checkpoint.self, Export.self]
    )

    struct Key: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the hub's witness vkey (cosigns the kiosks' checkpoints), then its log vkey (signs its own logs)."
        )

        @OptionGroup var options: HubOptions

        func run() async throws {
            let keys = try await options.withStore { configuration, store in
                try await HubLogKeys.load(logName: configuration.logName, storage: store.storage)
            }
            print(keys.witness.verifier.vkey)
            print(keys.log.verifier.vkey)
        }
    }

    struct Checkpoint: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the latest checkpoint of a kiosk's log the hub cosigned, with its signatures (exit 69 when there is none yet)."
        )

        @OptionGroup var options: HubOptions

        @Option(help: ArgumentHelp("The kiosk whose log it is.", valueName: "id"))
        var kiosk: String

        func run() async throws {
            let kiosk = self.kiosk
            guard let note = try await options.withStore({ _, store in try await store.cosignedCheckpoint(kiosk: kiosk) }) else {
                throw KioskError(.unavailable, "the hub has cosigned no checkpoint of kiosk '\(kiosk)' yet")
            }
            print(note, terminator: "")
        }
    }

    struct Verify: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Check every kiosk's log the hub holds and its own audit logs against their stored trees and checkpoints (exit 65 naming the first seq that changed)."
        )

        @OptionGroup var options: HubOptions

        @Option(help: ArgumentHelp("Only this property's kiosks.", valueName: "id"))
        var property: String?

        @Option(help: ArgumentHelp("Only this kiosk's log.", valueName: "id"))
        var kiosk: String?

        func run() async throws {
            let (property, kiosk) = (self.property, self.kiosk)
            let checks = try await options.withStore { configuration, store in
                let keys = try await HubLogKeys.load(logName: configuration.logName, storage: store.storage)
                return try await store.verifyLogs(property: property, kiosk: kiosk, keys: keys)
            }
            var failed = false
            for check in checks {
                if check.problems.isEmpty {
                    let noun = check.name.hasPrefix("audit/") ? (check.leaves == 1 ? "entry" : "entries") : (check.leaves == 1 ? "event" : "events")
                    let gone = EventLogRecomputation.keptLeavesNote(removed: check.removed)
                    print("\(check.name): log verified: \(check.leaves) \(noun)\(gone)")
                } else {
                    failed = true
                    for problem in check.problems { print("\(check.name): \(problem)") }
                }
            }
            if checks.isEmpty { print("no log yet") }
            if failed { throw ExitCode(65) }
        }
    }

    struct Proof: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Print a tlog-proof of an event against its kiosk's latest cosigned checkpoint (66: unknown event; 69: no checkpoint covers it yet)."
        )

        @OptionGroup var options: HubOptions

        @Argument(help: ArgumentHelp("The event's id.", valueName: "event-id"))
        var eventID: String

        func run() async throws {
            let eventID = self.eventID
            print(try await options.withStore { _, store in try await store.logProof(eventID: eventID) }, terminator: "")
        }
    }

    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print a kiosk's log as the hub holds it, as JSON Lines in seq order.")

        @OptionGroup var options: HubOptions

        @Option(help: ArgumentHelp("The kiosk whose log it is.", valueName: "id"))
        var kiosk: String

        func run() async throws {
            let kiosk = self.kiosk
            try await options.withStore { _, store in try await store.exportLog(kiosk: kiosk) { print($0) } }
        }
    }
}
