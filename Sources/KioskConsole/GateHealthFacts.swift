import Foundation
import KioskCore
import KioskHub
import KioskWire

/// The lines of a gate's tile that its latest heartbeat gives, and which of them need the operator.
struct GateHealthFacts {
    /// A backlog whose oldest event waits longer than this is worth a look.
    static let oldBacklogSeconds: TimeInterval = 300
    /// Less free disk than this under the journal is worth a look.
    static let lowFreeBytes: Int64 = 200 * 1024 * 1024

    let face: ConsoleClockFace
    let now: Date

    func facts(_ gate: GateHeartbeat?) -> [GateFact] {
        guard let gate else { return [GateFact(label: "Heartbeat", value: "none yet", warns: false)] }
        let beat = gate.heartbeat
        var facts = [GateFact(label: "Heartbeat", value: "\(face.dateTime(gate.receivedAt)), version \(beat.version)", warns: false)]
        if let started = WireTime.parse(beat.startedAt) {
            facts.append(GateFact(label: "Running since", value: face.dateTime(started), warns: false))
        }
        let oldest = beat.oldestPendingAt.flatMap(WireTime.parse).map { now.timeIntervalSince($0) }
        facts.append(
            GateFact(
                label: "Pending",
                value: oldest.map { "\(beat.pending), the oldest \(Self.age($0)) old" } ?? "\(beat.pending)",
                warns: (oldest ?? 0) > Self.oldBacklogSeconds
            )
        )
        if beat.quarantined > 0 { facts.append(GateFact(label: "Quarantined", value: "\(beat.quarantined)", warns: true)) }
        let offset = Double(beat.clockOffsetMs) / 1000
        let side = offset > 0 ? "behind" : "ahead of"
        facts.append(
            GateFact(
                label: "Clock",
                value: (beat.clockSynced ? "synchronised" : "NOT synchronised") + ", \(String(format: "%.1f", abs(offset))) s \(side) the hub",
                warns: !beat.clockSynced || abs(offset) > ClockMeasurement.correctionThreshold
            )
        )
        facts.append(
            GateFact(
                label: "Readers",
                value: beat.readers.isEmpty
                    ? "none" : beat.readers.map { "\($0.name) \($0.state == .up ? "up" : "FAILING")" }.joined(separator: ", "),
                warns: beat.readers.isEmpty || beat.readers.contains { $0.state == .failing }
            )
        )
        facts.append(
            GateFact(
                label: "Disk",
                value: "journal \(Self.bytes(beat.journalBytes)), \(Self.bytes(beat.freeBytes)) free",
                warns: beat.freeBytes < Self.lowFreeBytes
            )
        )
        return facts
    }

    /// `45 s`, `12 min`, `3 h 5 min`, `2 d 4 h`.
    static func age(_ seconds: TimeInterval) -> String {
        let whole = max(0, Int(seconds))
        switch whole {
        case ..<60: return "\(whole) s"
        case ..<3600: return "\(whole / 60) min"
        case ..<86_400: return "\(whole / 3600) h \(whole % 3600 / 60) min"
        default: return "\(whole / 86_400) d \(whole % 86_400 / 3600) h"
        }
    }

    /// `812 kB`, `12.3 MB`, `4.1 GB` (powers of 1000).
    static func bytes(_ count: Int64) -> String {
        let units = ["B", "kB", "MB", "GB", "TB"]
        var value = Double(count)
        var unit = 0
        while value >= 1000, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        return unit == 0 ? "\(count) B" : String(format: value < 10 ? "%.1f" : "%.0f", value) + " " + units[unit]
    }
}
