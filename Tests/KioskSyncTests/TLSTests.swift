import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import KioskCore
import KioskHub
import KioskHubServer
import KioskJournal
import KioskSync
import KioskTesting
import Logging
import NIOSSL
import Testing

/// A private CA and a certificate it signed for localhost and 127.0.0.1, made with openssl.
struct TestCertificates {
    let directory: String
    var caFile: String { directory + "/ca.pem" }

    init(in directory: String) throws {
        self.directory = directory
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try "subjectAltName=DNS:localhost,IP:127.0.0.1\nbasicConstraints=CA:FALSE\n".write(
            toFile: directory + "/server.ext",
            atomically: true,
            encoding: .utf8
        )
        let ca = "/CN=Kiosk Test CA"
        try Self.openssl(
            ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out", "ca.pem", "-days", "2", "-subj", ca]
                + ["-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign"],
            in: directory
        )
        try Self.openssl(
            ["req", "-newkey", "rsa:2048", "-nodes", "-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=localhost"],
            in: directory
        )
        try Self.openssl(
            ["x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial", "-out", "server.pem"]
                + ["-days", "2", "-extfile", "server.ext"],
            in: directory
        )
    }

    /// The hub's side: its certificate and key.
    func serverConfiguration() throws -> TLSConfiguration {
        TLSConfiguration.makeServerConfiguration(
            certificateChain: try NIOSSLCertificate.fromPEMFile(directory + "/server.pem").map { .certificate($0) },
            privateKey: .privateKey(try NIOSSLPrivateKey(file: directory + "/server.key", format: .pem))
        )
    }

    private static func openssl(_ arguments: [String], in directory: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.executableLoad) }
    }
}

@Test func anHTTPSHubIsTrustedThroughTheCAFileAndOnlyThen() async throws {
    let fixture = try await SyncFixture(events: 5)
    let certificates = try TestCertificates(in: fixture.directory + "/tls")
    var logger = Logger(label: "tls-test")
    logger.logLevel = .critical
    let quiet = logger
    let server = try HTTPServerBuilder.tls(tlsConfiguration: try certificates.serverConfiguration())
    let hub = fixture.hub
    let makeHub = { (report: @escaping @Sendable (Int) async -> Void) in
        HubServer.application(store: hub, configuration: HubConfiguration(port: 0), logger: quiet, server: server, onServerRunning: report)
    }
    let outcomes = try await withRunning(makeHub) { port in
        var outcomes: [SyncPassOutcome] = []
        // Without the CA file the client gives up on the hub within its short timeouts, whichever comes first; with
        // it, the timeouts are generous, so that one pass gets its answer even on a loaded machine.
        for (caFile, timeout) in [(nil, 2), (certificates.caFile, 60)] {
            let configuration = SyncConfiguration(
                hubURL: URL(string: "https://localhost:\(port)")!,
                tokenFile: "",
                connectTimeoutSeconds: timeout,
                requestTimeoutSeconds: timeout,
                caFile: caFile
            )
            let client = try HubClient(configuration: configuration, token: fixture.token)
            let engine = SyncEngine(journal: fixture.journal, client: client, configuration: configuration, logger: quiet)
            outcomes.append(try await engine.pushPending().outcome)
            await engine.shutdown()
        }
        return outcomes
    }
    guard case .unavailable = outcomes[0] else {
        Issue.record("a hub certificate from an unknown CA was accepted: \(outcomes[0])")
        return
    }
    #expect(outcomes[1] == .drained(quarantined: 0))
    try await fixture.expectHubHoldsEverything()
}

/// A ca_file that is not PEM is a configuration error (78) naming the key, not a TLS failure at the first push.
@Test func aCAFileThatIsNotPEMIsAConfigurationError() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("not-pem-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: file) }
    try "just some text\n".write(toFile: file, atomically: true, encoding: .utf8)
    let configuration = SyncConfiguration(hubURL: URL(string: "https://localhost:1")!, tokenFile: "", caFile: file)
    let error = #expect(throws: KioskError.self) { try HubClient(configuration: configuration, token: "t") }
    #expect(error?.category == .configuration)
    #expect(error?.message.hasPrefix("[sync] ca_file \(file):") == true)
}
