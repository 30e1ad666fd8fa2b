import Foundation

/// What the host says about time when an event is recorded: the monotonic clock, the boot it belongs to,
/// and whether the system clock is synchronised (the kernel's NTP status, as `timedatectl` shows it).
public struct HostClock: Sendable {
    /// `/proc/sys/kernel/random/boot_id`, which changes at every boot.
    public let bootID: String

    public init() {
        let text = try? String(contentsOfFile: "/proc/sys/kernel/random/boot_id", encoding: .utf8)
        bootID = text?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "unknown"
    }

    /// CLOCK_MONOTONIC in nanoseconds.
    public func monotonicNanoseconds() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec)
    }

    /// Whether the kernel considers the system clock synchronised (adjtimex reports no TIME_ERROR).
    public func isSynchronised() -> Bool {
        SystemClockStatus.isSynchronised
    }
}
