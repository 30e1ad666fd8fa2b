import KioskTesting

/// Where the machine's CPU went while a load ran: the share of it left idle, the CPU seconds of the hub processes, of
/// the side driving the load (the pushing kiosk, or the benchmark's own clients) and of everything else (the
/// database's processes, the kernel's network work). It tells a load that waits from one that fills the machine,
/// and which side's work sets the rate.
struct LoadCPU {
    let idleShare: Double
    let hubSeconds: Double
    let loadSeconds: Double
    let otherSeconds: Double

    /// Runs `body`, which returns its value and the CPU seconds of the load it drove, and reads the machine and the
    /// processes `hubs` over it.
    static func during<T>(hubs: [Int32], _ body: () async throws -> (T, loadSeconds: Double)) async throws -> (T, LoadCPU) {
        let machine = MachineCPU.now
        let hubsBefore = try cpuSeconds(of: hubs)
        let (value, loadSeconds) = try await body()
        let hubSeconds = try cpuSeconds(of: hubs) - hubsBefore
        guard let machine, let after = MachineCPU.now else { throw BenchError("the machine's CPU time could not be read from /proc/stat") }
        let busy = after.busySeconds - machine.busySeconds
        return (
            value,
            LoadCPU(
                idleShare: after.idleShare(since: machine),
                hubSeconds: hubSeconds,
                loadSeconds: loadSeconds,
                otherSeconds: max(0, busy - hubSeconds - loadSeconds)
            )
        )
    }

    /// The split as figure values per 1,000 of `records`, prefixed with `prefix`; `load` names the loading side.
    func values(records: Int, load: String, prefix: String = "") -> [Measured] {
        let perThousand = 1_000_000 / Double(records)
        return [
            Measured(label: "\(prefix)machine idle", value: idleShare * 100, unit: "%"),
            Measured(label: "\(prefix)hub CPU per 1,000", value: hubSeconds * perThousand, unit: "ms"),
            Measured(label: "\(prefix)\(load) CPU per 1,000", value: loadSeconds * perThousand, unit: "ms"),
            Measured(label: "\(prefix)other CPU per 1,000", value: otherSeconds * perThousand, unit: "ms"),
        ]
    }

    /// The CPU seconds this process has used so far.
    static func ownSeconds() throws -> Double {
        guard let seconds = ProcessStatistics.current.cpuSeconds else { throw BenchError("this process's CPU time could not be read") }
        return seconds
    }

    private static func cpuSeconds(of pids: [Int32]) throws -> Double {
        try pids.map { pid in
            guard let seconds = ProcessStatistics(pid: pid).cpuSeconds else { throw BenchError("the CPU time of hub \(pid) could not be read") }
            return seconds
        }
        .reduce(0, +)
    }
}
