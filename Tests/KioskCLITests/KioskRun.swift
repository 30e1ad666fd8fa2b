import Foundation
import KioskTesting

/// Runs the built `kiosk` executable, as a user or script would, on a simulated wall clock (`SimulatedClock.shared`
/// unless the test chose an instant).
struct KioskRun {
    let status: Int32
    let stdout: String
    let stderr: String

    /// The `kiosk` binary beside the test bundle in the build directory.
    static let executable: URL = {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("kiosk")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return root.appendingPathComponent(".build/debug/kiosk")
    }()

    init(
        _ arguments: [String],
        environment: [String: String] = [:],
        directory: URL? = nil,
        executable: URL = Self.executable,
        clock: SimulatedClock = .shared,
        input: String? = nil
    ) throws {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var merged = ProcessInfo.processInfo.environment
        merged["KIOSK_CONFIG"] = nil
        merged.merge(clock.environment) { $1 }
        merged.merge(environment) { $1 }
        process.environment = merged
        if let directory { process.currentDirectoryURL = directory }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        let inputPipe = Pipe()
        process.standardInput = input == nil ? FileHandle.nullDevice : inputPipe
        try process.run()
        if let input {
            try inputPipe.fileHandleForWriting.write(contentsOf: Data(input.utf8))
            try inputPipe.fileHandleForWriting.close()
        }
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        let errData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        status = process.terminationStatus
        stdout = String(decoding: outData, as: UTF8.self)
        stderr = String(decoding: errData, as: UTF8.self)
    }
}

/// A temporary kiosk: a config file and a data directory.
struct KioskSandbox {
    /// Removed with everything in it when the last copy of the sandbox goes away.
    private let scratch: ScratchDirectory
    var directory: URL { scratch.url }
    /// The wall clock of every command run in the sandbox.
    let clock: SimulatedClock
    var config: String { directory.appendingPathComponent("kiosk.conf").path }
    var journal: String { directory.appendingPathComponent("data/journal.sqlite").path }
    /// What `kiosk run` on a terminal logged (data_dir/kiosk.log), or why it cannot be read.
    var runLog: String {
        (try? String(contentsOfFile: directory.appendingPathComponent("data/kiosk.log").path, encoding: .utf8)) ?? "(no kiosk.log)"
    }

    /// - Parameter exitReader: whether kiosk.conf declares the PC/SC reader "exit-gate" (direction out).
    init(exitReader: Bool = true, kioskID: String = "gate-1", clock: SimulatedClock = .shared) throws {
        self.clock = clock
        scratch = try ScratchDirectory("kiosk-cli")
        let text = """
            [kiosk]
            id = "\(kioskID)"
            data_dir = "\(directory.appendingPathComponent("data").path)"

            [attendance]
            timezone = "Asia/Kolkata"
            day_starts_at = "04:00"
            curfew = "22:30"
            debounce_seconds = 10
            initial_state = "in"

            """ + (exitReader ? "\n[[readers]]\nname = \"exit-gate\"\ndriver = \"pcsc\"\ndirection = \"out\"\n" : "")
        try text.write(toFile: config, atomically: true, encoding: .utf8)
    }

    func write(_ name: String, _ text: String) throws -> String {
        let path = directory.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Configures sync to the hub on loopback `port` with `token`, kept in an owner-only token file.
    func connect(toHubOnPort port: Int, token: String) throws {
        let tokenPath = try write("token", token + "\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: tokenPath)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: config))
        handle.seekToEndOfFile()
        handle.write(Data("\n[sync]\nhub_url = \"http://127.0.0.1:\(port)\"\ntoken_file = \"token\"\n".utf8))
        try handle.close()
    }

    func kiosk(_ arguments: String...) throws -> KioskRun {
        try kiosk(arguments)
    }

    func kiosk(_ arguments: [String]) throws -> KioskRun {
        try KioskRun(arguments + ["--config", config], clock: clock)
    }

    func withRoster() throws -> KioskSandbox {
        let roster = try write(
            "roster.csv",
            """
            student_id,name,room,tag_uid,status
            S001,Asha Verma,101,04A1B2C3,active
            S001,Asha Verma,101,04:A1:B2:C3:D4:E5:F6,active
            S002,राहुल शर्मा,102,11223344,
            S003,Old Resident,103,55667788,inactive

            """
        )
        let run = try kiosk("roster", "import", roster)
        guard run.status == 0 else { throw CLIError(run: run) }
        return self
    }
}

struct CLIError: Error {
    let run: KioskRun
}
