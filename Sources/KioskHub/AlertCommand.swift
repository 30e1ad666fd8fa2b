import CProcessExit
import Foundation
import KioskHubStorage
import Synchronization

/// Runs a command channel's program with an alert's JSON on its standard input. The program is started, timed and
/// waited for on a thread of its own (never the cooperative pool, so a busy hub cannot delay its time limit), in a
/// process group of its own. Its input and standard error are unlinked temporary files, not pipes: a program that does
/// not read its input cannot block the hub, and one that leaves a child in the background is done when it exits itself
/// (Foundation's `Process` waits for every process holding a descriptor it hands the program). After `limits.command`
/// the group gets SIGTERM, then SIGKILL `limits.commandGrace` later; cancelling the task kills it at once.
final class AlertCommand: Sendable {
    /// The running program, once started, and what ended it early, if anything did.
    private struct State {
        var group: pid_t?
        var exited = false
        var endedBecause: String?
    }

    private let state = Mutex(State())

    /// nil when the program exited 0; otherwise what went wrong, with the end of its standard error.
    static func run(_ command: [String], input: Data, limits: AlertDeliveryLimits) async -> String? {
        let running = AlertCommand()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                Thread { continuation.resume(returning: running.runWaiting(command, input: input, limits: limits)) }.start()
            }
        } onCancel: {
            running.end(with: SIGKILL, because: "was stopped with the hub")
        }
    }

    /// Sends `signal` to the program's process group while the program has not been waited for (so its id is still
    /// its own), or as soon as it starts.
    private func end(with signal: Int32, because reason: String?) {
        state.withLock { state in
            if state.endedBecause == nil { state.endedBecause = reason }
            if let group = state.group, !state.exited { kill(-group, signal) }
        }
    }

    private func runWaiting(_ command: [String], input: Data, limits: AlertDeliveryLimits) -> String? {
        guard let program = command.first else { return "no program to run" }
        let errors: FileHandle
        let group: pid_t
        do {
            let standardInput = try Self.scratchFile(holding: input)
            errors = try Self.scratchFile(holding: Data())
            group = try Self.spawn(command, standardInput: standardInput.fileDescriptor, standardError: errors.fileDescriptor)
        } catch {
            return "cannot run \(program): \(error.localizedDescription)"
        }
        let endedEarly = state.withLock { state in
            state.group = group
            return state.endedBecause != nil
        }
        if endedEarly { kill(-group, SIGKILL) }
        if !Self.exits(group, within: limits.command) {
            end(with: SIGTERM, because: "ran longer than \(limits.command)")
            if !Self.exits(group, within: limits.commandGrace) { end(with: SIGKILL, because: nil) }
        }
        // Waits for the exit without reaping, so that a signal sent meanwhile cannot reach another process.
        var info = siginfo_t()
        while waitid(P_PID, id_t(group), &info, WEXITED | WNOWAIT) == -1, errno == EINTR {}
        let endedBecause = state.withLock { state in
            state.exited = true
            return state.endedBecause
        }
        var status: Int32 = 0
        while waitpid(group, &status, 0) == -1, errno == EINTR {}
        let (exitCode, signal) = (status >> 8 & 0xff, status & 0x7f)
        guard signal != 0 || exitCode != 0 else { return nil }
        let said = String(decoding: Self.tail(of: errors), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let how = signal == 0 ? "exited \(exitCode)" : "was killed by signal \(signal)"
        return "\(program) \(endedBecause.map { $0 + " and " } ?? "")\(how)" + (said.isEmpty ? "" : ": \(said)")
    }

    /// Whether the (not yet reaped) process `process` exits within `limit`, waiting no longer; true when it cannot be
    /// watched, so that the caller waits for the exit itself.
    private static func exits(_ process: pid_t, within limit: Duration) -> Bool {
        let watch = pidfd_open(process, 0)
        guard watch >= 0 else { return true }
        defer { close(watch) }
        let clock = ContinuousClock()
        let deadline = clock.now + limit
        while true {
            let left = clock.now.duration(to: deadline)
            let milliseconds = max(0, left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000)
            let answer = kiosk_wait_for_exit(watch, Int32(clamping: milliseconds))
            if answer != -1 || errno != EINTR { return answer != 0 }
        }
    }

    /// Starts `command` in a process group of its own with default signal handling, its standard output discarded;
    /// returns its process id (also its group's).
    private static func spawn(_ command: [String], standardInput: Int32, standardError: Int32) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, standardInput, STDIN_FILENO)
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, standardError, STDERR_FILENO)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in 1..<Int32(32) where signal != SIGKILL && signal != SIGSTOP { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETPGROUP))
        let arguments = command.map { strdup($0) } + [nil]
        let environment = ProcessInfo.processInfo.environment.map { strdup("\($0)=\($1)") } + [nil]
        defer { for pointer in arguments + environment { free(pointer) } }
        var process = pid_t()
        let failure = posix_spawn(&process, command[0], &actions, &attributes, arguments, environment)
        guard failure == 0 else { throw POSIXError(POSIXErrorCode(rawValue: failure) ?? .EIO) }
        return process
    }

    /// An unlinked temporary file holding `data`, read from its start, closed in programs started later.
    private static func scratchFile(holding data: Data) throws -> FileHandle {
        var template = Array((NSTemporaryDirectory() + "/kiosk-alert.XXXXXX").utf8CString)
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        unlink(template)
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        let file = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        try file.write(contentsOf: data)
        try file.seek(toOffset: 0)
        return file
    }

    /// The last 300 bytes the program wrote to standard error.
    private static func tail(of errors: FileHandle) -> Data {
        guard let size = try? errors.seekToEnd() else { return Data() }
        try? errors.seek(toOffset: size > 300 ? size - 300 : 0)
        return (try? errors.readToEnd()) ?? Data()
    }
}
