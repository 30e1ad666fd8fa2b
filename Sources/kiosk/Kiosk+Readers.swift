import ArgumentParser
import Foundation
import KioskCards
import KioskConfig
import KioskCore
import KioskDaemon
import KioskReaders
import ServiceLifecycle
import UnixSignals

/// `kiosk readers`: tools for installers.
struct ReadersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "readers",
        abstract: "List the readers found, or watch every card read on them.",
        subcommands: [List.self, Watch.self]
    )

    /// `kiosk readers list`.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List the PC/SC readers pcscd has and the configured reader that claims each.",
            discussion: "Exits 69 when pcscd cannot be reached."
        )

        @OptionGroup var options: ConfigOptions

        func run() async throws {
            let configured = try options.load().configuration.readers
            #if PCSC
            let names = try PCSCDirectory.readerNames()
            if names.isEmpty { printLine("no PC/SC readers connected") }
            for name in names {
                let claims = configured.filter { $0.driver == .pcsc && $0.matchesPCSCReader(named: name) }
                let claim =
                    claims.isEmpty
                    ? "not used by any configured reader" : claims.map { "\($0.name) (\($0.direction.rawValue))" }.joined(separator: ", ")
                printLine("pcsc  \(name)  -> \(claim)")
            }
            #endif
            for reader in configured where reader.driver != .pcsc {
                printLine(
                    "\(reader.driver.rawValue)  \(reader.match.isEmpty ? "(first device)" : reader.match)  -> \(reader.name) (\(reader.direction.rawValue))"
                )
            }
        }
    }

    /// `kiosk readers watch`.
    struct Watch: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "watch",
            abstract: "Print the reader, UID and card type of every card read, until Ctrl-C. Records nothing.",
            discussion: """
                Watches the configured readers, or every PC/SC reader when none is configured. With [cards] sun_keys_file, \
                each line ends with what the card's SUN proves (its read counter), or why it proves nothing.
                """
        )

        @OptionGroup var options: ConfigOptions

        func run() async throws {
            let configuration = try options.load().configuration
            let keys = try configuration.cards.sunKeysFile.map { (path) throws(KioskError) in try SunKeys.load(path: path) }
            let selection = try ReaderSelection(configuration, defaultToEveryPCSCReader: true, readsSun: keys != nil)
            let service = ReaderService(readers: selection.readers) { presentation in
                let sun = keys.map { "  SUN: " + SunCheck(presentation.sun, uid: presentation.uid, keys: $0).description } ?? ""
                printLine("\(presentation.device)  UID \(presentation.uid)  \(presentation.cardType)  (\(presentation.reader.name))\(sun)")
                presentation.release()
            }
            let group = ServiceGroup(
                configuration: ServiceGroupConfiguration(
                    services: [.init(service: service)],
                    gracefulShutdownSignals: [.sigterm, .sigint],
                    logger: KioskLog.logger
                )
            )
            try await group.run()
        }
    }
}
