import ArgumentParser
import KioskCore
import KioskHub
import KioskLog

/// `kiosk-hub log key|checkpoint`: the hub's side of the kiosks' signed logs (CONTRACT.md "Signed logs").
struct HubLogCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "log",
        abstract: "The hub's log keys and the checkpoints of the kiosks' logs it cosigned.",
        subcommands: [Key.self, Checkpoint.self]
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
}
