public import Foundation

/// A private PostgreSQL 15 cluster for one benchmark figure or fault scenario, run by scripts/postgres-fixture.sh
/// in a new directory under /tmp (the script runs the server as `postgres`, so this needs root), and stopped and
/// removed by `stop()`.
public struct PostgresCluster: Sendable {
    /// Where Debian's PostgreSQL 15 programs are.
    public static let binaries = "/usr/lib/postgresql/15/bin"
    /// The cluster's directory (data, server log, socket, `url`).
    public let directory: URL
    /// The URL of database `kiosk`, whose role may create more databases.
    public let url: String

    /// Starts a new cluster, runs `body` with it, and stops and removes it whichever way `body` ends.
    public static func with<T: Sendable>(_ body: (PostgresCluster) async throws -> T) async throws -> T {
        let cluster = try await start()
        do {
            let value = try await body(cluster)
            await cluster.stop()
            return value
        } catch {
            await cluster.stop()
            throw error
        }
    }

    /// Starts a new cluster (initdb, a free port, role and database `kiosk`).
    public static func start() async throws -> PostgresCluster {
        guard FileManager.default.isExecutableFile(atPath: binaries + "/pg_ctl") else {
            throw PostgresClusterError("PostgreSQL 15 is not installed (no \(binaries)/pg_ctl): apt-get install postgresql")
        }
        guard getuid() == 0 else { throw PostgresClusterError("a private PostgreSQL cluster needs root (its server runs as the postgres user)") }
        var template = Array("/tmp/kiosk-harness-pg.XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw PostgresClusterError("cannot make a directory under /tmp") }
        let directory = URL(fileURLWithPath: String(cString: made))
        do {
            try await fixture("start", directory, timeout: .seconds(120))
            let url = try String(contentsOf: directory.appendingPathComponent("url"), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
            guard url.hasPrefix("postgres://") else { throw PostgresClusterError("postgres-fixture.sh start wrote no URL to \(directory.path)/url") }
            return PostgresCluster(directory: directory, url: url)
        } catch {
            try? await fixture("stop", directory, timeout: .seconds(60))
            throw error
        }
    }

    /// Stops the server (fast: open connections are cut) and starts it again on the same port; returns once it
    /// accepts connections.
    public func restart() async throws {
        try await Self.fixture("restart", directory, timeout: .seconds(60))
    }

    /// The server log's last `count` lines (what the server said about a restart or a client it dropped).
    public func serverLogTail(_ count: Int) -> [String] {
        let log = (try? String(contentsOf: directory.appendingPathComponent("server.log"), encoding: .utf8)) ?? ""
        return Array(log.split(whereSeparator: \.isNewline).suffix(count).map(String.init))
    }

    /// Stops the server and removes its directory.
    public func stop() async {
        try? await Self.fixture("stop", directory, timeout: .seconds(60))
    }

    /// Runs the fixture script's `action` on the cluster in `directory`, waiting at most `timeout`.
    private static func fixture(_ action: String, _ directory: URL, timeout: Duration) async throws {
        guard let script else { throw PostgresClusterError("scripts/postgres-fixture.sh not found: run from the repository's root") }
        let log = directory.appendingPathComponent("fixture-\(action).log")
        guard FileManager.default.createFile(atPath: log.path, contents: nil) else { throw PostgresClusterError("cannot write \(log.path)") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [script.path, action, directory.path]
        // No pipes: nothing the server started by the script could inherit may be waited on. (The script closes the
        // other descriptors it inherits, among them the socket by which Process sees its child end.)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = (try? FileHandle(forWritingTo: log)) ?? FileHandle.nullDevice
        try process.run()
        let deadline = ContinuousClock.now + timeout
        while process.isRunning {
            guard ContinuousClock.now < deadline else {
                process.terminate()
                throw PostgresClusterError("postgres-fixture.sh \(action) took longer than \(timeout)")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        guard process.terminationStatus == 0 else {
            let said = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            throw PostgresClusterError("postgres-fixture.sh \(action) failed (\(process.terminationStatus)): \(said.suffix(600))")
        }
    }

    /// scripts/postgres-fixture.sh in the current directory (the tools run from the repository's root), else in the
    /// source tree this was built from.
    private static var script: URL? {
        let relative = "scripts/postgres-fixture.sh"
        let candidates = [
            URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(relative),
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent(relative),
        ]
        return candidates.first { FileManager.default.fileExists(atPath: $0.path) }
    }
}

/// A private PostgreSQL cluster could not be started, restarted or read.
public struct PostgresClusterError: Error, CustomStringConvertible {
    public let description: String

    init(_ description: String) { self.description = description }
}
