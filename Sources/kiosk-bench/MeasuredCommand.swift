import Foundation
import KioskTesting

/// A child process run to its end with its wall time, its CPU time and its own peak resident memory (VmHWM, read
/// every 10 ms until it exits), each child measured on its own.
struct MeasuredCommand {
    let status: Int32
    let seconds: Double
    /// User plus system CPU time of the child, from `wait4`.
    let cpuSeconds: Double
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
        // wait4's ru_maxrss would also count the spawning process's own peak (Linux keeps the high-water mark of
        // the memory image exec replaced), so the child's own VmHWM is read from /proc until it exits.
        var peak = 0
        var status: Int32 = 0
        var usage = rusage()
        while true {
            peak = max(peak, ProcessStatistics(pid: pid).peakResidentBytes ?? 0)
            let waited = wait4(pid, &status, WNOHANG, &usage)
            if waited == pid { break }
            guard waited == 0 else { throw BenchError("wait4 failed for \(executable.path)") }
            usleep(10_000)
        }
        let elapsed = ContinuousClock.now - start
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        let cpu = [usage.ru_utime, usage.ru_stime].map { Double($0.tv_sec) + Double($0.tv_usec) / 1_000_000 }.reduce(0, +)
        return MeasuredCommand(status: exitStatus, seconds: elapsed.milliseconds / 1000, cpuSeconds: cpu, peakResidentBytes: peak)
    }
}
