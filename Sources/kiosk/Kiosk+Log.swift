import ArgumentParser
import Foundation
import KioskConfig
import KioskCore
import KioskGateLog
import KioskJournal
import KioskLog
import KioskWire

/// `kiosk log key|verify|export`: the gate's signed log (CONTRACT.md "Signed logs").
struct LogCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "log",
        abstract: "The gate's signed log: its key, a check of the journal against it, an export.",
        subcommands: [LogKeyCommand.self, LogVerifyCommand.self, LogExportCommand.self]
    )
}

/// `kiosk log key`: the kiosk's verifier key (vkey), one line, made at the first start.
struct LogKeyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "key", abstract: "Print the kiosk's log verifier key (vkey).")

    @OptionGroup var options: ConfigOptions

    func run() async throws {
        let configuration = try options.load().configuration
        let key = try GateLogKey.loadOrCreate(dataDirectory: configuration.dataDirectory, kioskID: configuration.kioskID)
        if let replaced = key.replaced { FileHandle.standardError.write(Data("kiosk: \(replaced)\n".utf8)) }
        print(key.signer.verifier.vkey)
    }
}

/// `kiosk log verify`: recomputes the journal's tree and checks the checkpoints it keeps; exit 65 with one line per
/// problem. Reads the journal read-only.
struct LogVerifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check the journal's events against the signed log (exit 65 naming the first seq that changed)."
    )

    @OptionGroup var options: ConfigOptions

    func run() async throws {
        let configuration = try options.load().configuration
        let journal = try Journal.open(path: configuration.journalPath, kioskID: configuration.kioskID, for: .reading)
        let (events, removed, problems) = try await GateLogVerification.verify(journal)
        guard problems.isEmpty else {
            for problem in problems { print(problem) }
            throw ExitCode(65)
        }
        let kept = try await journal.keptCheckpoints().map { "\($0.kind) up to seq \($0.size)" }
        let gone = EventLogRecomputation.keptLeavesNote(removed: removed)
        print("log verified: \(events) events\(gone)" + (kept.isEmpty ? ", no checkpoint yet" : "; checkpoints: \(kept.joined(separator: ", "))"))
    }
}

/// `kiosk log export`: the whole log as JSON Lines in seq order.
struct LogExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "export", abstract: "Print the kiosk's log as JSON Lines, in seq order.")

    @OptionGroup var options: ConfigOptions

    func run() async throws {
        let configuration = try options.load().configuration
        let journal = try Journal.open(path: configuration.journalPath, kioskID: configuration.kioskID, for: .reading)
        try await GateLogExport.lines(of: journal) { print($0) }
    }
}
