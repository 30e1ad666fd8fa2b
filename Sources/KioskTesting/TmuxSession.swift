import Foundation

/// A tmux server of the test's own (its own socket), running one command in a window of a given size, so a
/// test sees the screen as a person would.
public struct TmuxSession {
    public let socket = "kiosk-test-\(UUID().uuidString.prefix(8))"

    /// Whether tmux is installed.
    public static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") }

    /// Runs `command` in a `width` × `height` window; with `keepingScreen`, the window and its last screen stay
    /// after the command ended (tmux's `remain-on-exit`, set before the command starts).
    public init(command: [String], width: Int, height: Int, keepingScreen: Bool = false) throws {
        let quoted = command.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let options = keepingScreen ? ["start-server", ";", "set-option", "-g", "remain-on-exit", "on", ";"] : []
        try startServer(options + ["new-session", "-d", "-s", "kiosk", "-x", "\(width)", "-y", "\(height)", quoted])
    }

    /// The visible screen, one string per row.
    public func screen() throws -> [String] {
        try tmux(["capture-pane", "-p", "-t", "kiosk"]).components(separatedBy: "\n").dropLast().map { $0 }
    }

    /// Waits up to `timeout` (a bound for a hung run, generous for a loaded machine: in the whole suite on two
    /// cores a kiosk's first screen once took over 30 s) for the screen to contain every one of `texts` (a screen
    /// caught while it is drawn holds only some); returns the last screen seen.
    public func waitFor(_ texts: String..., timeout: Duration = .seconds(120)) async throws -> [String] {
        let start = ContinuousClock.now
        var rows = try screen()
        while !texts.allSatisfy(rows.joined(separator: "\n").contains), ContinuousClock.now - start < timeout {
            try await Task.sleep(for: .milliseconds(100))
            rows = try screen()
        }
        return rows
    }

    public func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-t", "kiosk", "-x", "\(width)", "-y", "\(height)"])
    }

    public func sendKeys(_ keys: String) throws {
        try tmux(["send-keys", "-t", "kiosk", keys])
    }

    /// Ends the server and what runs in it; a server that does not go at `kill-server` (seen with a dead pane kept
    /// by `remain-on-exit`) is killed.
    public func kill() {
        let pid = (try? tmux(["display-message", "-p", "#{pid}"])).flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        _ = try? tmux(["kill-server"])
        if let pid { Glibc.kill(pid, SIGKILL) }
    }

    /// Starts the server with posix_spawn and waitpid: the server outlives its client and would inherit the
    /// descriptors `Process` watches to see its child end, so `Process` would wait for it forever.
    private func startServer(_ arguments: [String]) throws {
        let argv = (["/usr/bin/tmux", "-L", socket] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, "/usr/bin/tmux", nil, nil, argv, environ) == 0 else { throw TmuxError() }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
    }

    /// Runs one tmux command against the running server and returns what it printed.
    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/tmux")
        process.arguments = ["-L", socket] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}

/// tmux could not be started.
public struct TmuxError: Error {}
