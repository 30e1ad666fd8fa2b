import Foundation

/// A child process run to its end with what the kernel measured of it: wall time and peak resident memory
/// (`wait4`'s `ru_maxrss`), each child measured on its own.
struct MeasuredCommand {
    let status: Int32
    let seconds: Double
    let peakResidentBytes: Int

    /// Runs `executable` with `arguments`, output discarded, and waits for it (blocking: call it off the
    /// cooperative pool).
    static func run(_ executable: URL, _ arguments: [String]) throws -> MeasuredCommand {
        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        var pid: pid_t = 0
        let start = ContinuousClock.now
        guard posix_spawn(&pid, executable.path, &actions, nil, argv, environ) == 0 else { throw BenchError("cannot start \(executable.path)") }
        var status: Int32 = 0
        var usage = rusage()
        guard wait4(pid, &status, 0, &usage) == pid else { throw BenchError("wait4 failed for \(executable.path)") }
        let elapsed = ContinuousClock.now - start
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return MeasuredCommand(status: exitStatus, seconds: elapsed.milliseconds / 1000, peakResidentBytes: usage.ru_maxrss * 1024)
    }
}
