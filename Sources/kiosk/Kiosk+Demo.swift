import ArgumentParser
import Foundation
import KioskCore
import KioskDaemon
import KioskJournal
import KioskReaders
import KioskSync
import Logging
import ServiceLifecycle
import UnixSignals

/// `kiosk demo`: the whole loop on a machine with no reader.
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Show the whole loop on a machine with no reader.",
        discussion: """
            Makes a temporary data directory with a demo roster, starts a local hub on loopback, and taps simulated \
            cards at a watchable pace through the same path as real reads: decided and committed in the journal, \
            shown on the live summary, synced to the hub. At the end it writes the day's reports and prints where.
            """
    )

    @Option(help: ArgumentHelp("Seconds between simulated taps.", valueName: "seconds"))
    var pace: Double = 2

    @Flag(help: "Log one line per tap instead of drawing the live summary, even on a terminal.")
    var plain = false

    func validate() throws {
        guard pace >= 0.05, pace <= 60 else { throw ValidationError("--pace must be between 0.05 and 60 seconds, not \(pace)") }
    }

    func run() async throws {
        let directory = try Self.temporaryDirectory()
        let policy = AttendancePolicy(timeZone: .current)
        let rows = try RosterCSV.parse(DemoScript.roster, file: "demo roster")
        let port = try LoopbackPort.free()
        // The hub is kiosk-hub's own: its data in the demo's directory, made by its own commands, then served.
        let hub = try DemoHub.beside(dataDirectory: directory + "/hub")
        let rosterFile = directory + "/roster.csv"
        try Data(DemoScript.roster.utf8).write(to: URL(fileURLWithPath: rosterFile))
        _ = try await hub.command(["roster", "import", rosterFile])
        let consolePassword = try await hub.command(["user", "create", "warden", "--property", "default", "--role", "warden"])
        let consoleLogin = "http://127.0.0.1:\(port)/ (sign in as warden, password \(consolePassword))"
        let tokenFile = directory + "/token"
        try Self.writeSecret(try await hub.command(["token", "create", "--kiosk", "demo-gate"]), to: tokenFile)
        let serving = try hub.serve(port: port, log: directory + "/hub.log")
        do {
            try await run(
                in: directory,
                hubPort: port,
                tokenFile: tokenFile,
                rows: rows,
                policy: policy,
                serving: serving,
                consoleLogin: consoleLogin
            )
        } catch {
            await serving.stop()
            throw error
        }
        await serving.stop()
    }

    /// The demo itself, once its hub serves: the taps, the live summary, the reports, and on a terminal the console
    /// kept open until Ctrl-C.
    private func run(
        in directory: String,
        hubPort port: Int,
        tokenFile: String,
        rows: [RosterRow],
        policy: AttendancePolicy,
        serving: ServingHub,
        consoleLogin: String
    ) async throws {
        let sync = SyncConfiguration(hubURL: URL(string: "http://127.0.0.1:\(port)")!, tokenFile: tokenFile)
        let reader = ReaderConfiguration(name: "demo-reader", driver: .keyboard, direction: .toggle)
        let configuration = KioskConfiguration(
            kioskID: "demo-gate",
            dataDirectory: directory + "/kiosk",
            attendance: policy,
            readers: [reader],
            sync: sync
        )
        let client = try HubClient(configuration: sync, token: try TokenFile.read(tokenFile).token)
        try await Self.waitUntilServing(client, serving)
        print("The web console of the demo's hub: \(consoleLogin)")
        // Scripts and tests read the address as soon as it is printed, through a pipe as well as on a terminal.
        fflush(nil)
        let journal = try Journal.open(path: configuration.journalPath, kioskID: configuration.kioskID)
        _ = try await journal.importRoster(rows, file: "demo roster", replace: true)

        var display = RuntimeLogging.start(plain: plain, dataDirectory: configuration.dataDirectory)
        if case .terminal(let colors, _, let output) = display { display = .terminal(colors: colors, keepsFinalScreen: true, output: output) }
        let logger = Logger(label: "kiosk")
        let (tapsDone, tapsDoneSignal) = AsyncStream.makeStream(of: Void.self)
        let cards = try DemoScript.taps.map { uid throws(KioskError) in try TagUID(parsing: uid) }
        let states = ReaderStates()
        let scripted = ScriptedReader(configuration: reader, cards: cards, pause: .milliseconds(Int(pace * 1000)), states: states) {
            tapsDoneSignal.yield()
        }
        let reports = ReportPaths()
        let engine = SyncEngine(
            journal: journal,
            client: client,
            configuration: sync,
            idlePoll: .seconds(2),
            logger: logger
        )
        let extraServices: [ServiceGroupConfiguration.ServiceConfiguration] = [
            .init(
                service: DemoFinale(journal: journal, configuration: configuration, tapsDone: tapsDone) { reports.set($0) },
                successTerminationBehavior: .gracefullyShutdownGroup,
                failureTerminationBehavior: .gracefullyShutdownGroup
            )
        ]
        let runtime = KioskRuntime(
            configuration: configuration,
            journal: journal,
            readers: [scripted],
            readerStates: states,
            sync: engine,
            display: display,
            extraServices: extraServices,
            logger: logger
        )
        try await runtime.run()
        print("Demo finished: \(cards.count) simulated taps recorded in \(configuration.journalPath) and synced to the local hub.")
        print("The day's reports so far:")
        for path in reports.get() { print("  \(path)") }
        print("Everything is kept in \(directory) (delete it when done).")
        guard isatty(STDOUT_FILENO) == 1 else { return }
        print("The web console stays open at \(consoleLogin); press Ctrl-C to end.")
        for await _ in await UnixSignalsSequence(trapping: .sigint, .sigterm) { break }
    }

    /// Waits until the demo's hub answers the gate's token (at most 30 s), or says why it stopped.
    private static func waitUntilServing(_ client: HubClient, _ serving: ServingHub) async throws {
        let start = ContinuousClock.now
        while ContinuousClock.now - start < .seconds(30) {
            switch await client.roster(ifNoneMatch: nil) {
            case .value, .unchanged: return
            case .tokenRejected(let status): throw KioskError(.unavailable, "the demo's hub refused its token (\(status)); see \(serving.log)")
            case .unavailable:
                guard serving.isRunning else { throw KioskError(.unavailable, "the demo's hub stopped; see \(serving.log)") }
                try await Task.sleep(for: .milliseconds(100))
            }
        }
        throw KioskError(.unavailable, "the demo's hub did not answer within 30 s; see \(serving.log)")
    }

    private static func temporaryDirectory() throws(KioskError) -> String {
        var template = Array(((NSTemporaryDirectory() as NSString).appendingPathComponent("kiosk-demo.XXXXXX")).utf8CString)
        guard let made = mkdtemp(&template) else { throw KioskError(.ioError, "cannot make a temporary directory for the demo") }
        return String(cString: made)
    }

    private static func writeSecret(_ secret: String, to path: String) throws(KioskError) {
        guard FileManager.default.createFile(atPath: path, contents: Data((secret + "\n").utf8), attributes: [.posixPermissions: 0o600]) else {
            throw KioskError(.ioError, "cannot write the demo's token file \(path)")
        }
    }
}
