import Foundation

/// The whole machine's CPU time so far, from the first line of /proc/stat: two readings tell how much of the
/// machine a load left idle.
public struct MachineCPU: Sendable {
    /// CPU seconds spent working (user, nice, system, interrupts, steal), summed over every CPU.
    public let busySeconds: Double
    /// CPU seconds spent idle or waiting for I/O, summed over every CPU.
    public let idleSeconds: Double

    /// The machine's counters now, or nil when /proc/stat cannot be read.
    public static var now: MachineCPU? {
        guard let stat = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
            let line = stat.split(separator: "\n").first, line.hasPrefix("cpu ")
        else { return nil }
        // user nice system idle iowait irq softirq steal (guest time is already counted in user).
        let ticks = line.split(separator: " ").dropFirst().prefix(8).compactMap { Double($0) }
        guard ticks.count == 8 else { return nil }
        let perSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
        return MachineCPU(
            busySeconds: (ticks[0] + ticks[1] + ticks[2] + ticks[5] + ticks[6] + ticks[7]) / perSecond,
            idleSeconds: (ticks[3] + ticks[4]) / perSecond
        )
    }

    /// The share of the machine's CPU time that stayed idle since `earlier`, from 0 to 1.
    public func idleShare(since earlier: MachineCPU) -> Double {
        let idle = idleSeconds - earlier.idleSeconds
        let total = idle + busySeconds - earlier.busySeconds
        return total > 0 ? idle / total : 0
    }
}
