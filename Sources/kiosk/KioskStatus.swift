import Foundation
import KioskCore
import KioskJournal
import KioskReaders
import KioskReports

/// What `kiosk status` shows, in text or JSON.
struct KioskStatus {
    let configuration: KioskConfiguration
    let configPath: String?
    let report: AttendanceReport
    let sync: SyncStatus
    /// What the running `kiosk run` last reported for each reader; nil when it is not running.
    let readerStates: [String: ReaderStates.State]?
    let log: GateLogStatus

    func text() -> String {
        let attendance = report.attendance
        let policy = attendance.policy
        let summary = attendance.summary
        let completeness = report.completeness
        var lines = [
            "kiosk \(configuration.kioskID)  (config: \(configPath ?? "built-in defaults"); journal: \(configuration.journalPath))",
            "attendance day \(attendance.date), \(Timestamp.format(attendance.evaluatedAt, in: policy.timeZone))",
            "  in \(summary.checkedIn)  out \(summary.checkedOut)  not returned \(summary.notReturned)  absent \(summary.absent)"
                + "  on leave \(summary.onLeave)  total \(summary.total)  late \(summary.late)",
            "sync: " + (configuration.sync.map { "hub \($0.hubURL.absoluteString)" } ?? "standalone (no hub configured)"),
            "  pending \(completeness.pending)  quarantined \(completeness.quarantined)  last sync "
                + (completeness.lastSyncedAt.map { Timestamp.format($0, in: policy.timeZone) } ?? "never"),
        ]
        if let success = sync.lastSuccessAt { lines.append("  last success \(Timestamp.format(success, in: policy.timeZone))") }
        if let error = sync.lastError {
            let when = sync.lastErrorAt.map { " at \(Timestamp.format($0, in: policy.timeZone))" } ?? ""
            let retry = sync.nextRetryAt.map { "; next retry \(Timestamp.format($0, in: policy.timeZone))" } ?? ""
            lines.append("  last error\(when): \(error)\(retry)")
        }
        lines.append("log: " + log.lines.joined(separator: "\n"))
        lines.append("readers:")
        if configuration.readers.isEmpty { lines.append("  none configured") }
        for reader in configuration.readers {
            let state = readerStates.map { $0[reader.name].map { "\($0.healthy ? "ok" : "FAILING"): \($0.description)" } ?? "starting" }
            lines.append(
                "  \(reader.name): \(reader.driver.rawValue), match \"\(reader.match)\", direction \(reader.direction.rawValue) — "
                    + (state ?? "kiosk run is not running")
            )
        }
        return lines.joined(separator: "\n") + "\n"
    }

    func json() -> String {
        let attendance = report.attendance
        let zone = attendance.policy.timeZone
        let summary = attendance.summary
        let completeness = report.completeness
        let document = JSONValue.object([
            ("kiosk", .string(configuration.kioskID)),
            ("config", .string(orNull: configPath)),
            ("journal", .string(configuration.journalPath)),
            ("date", .string(attendance.date.description)),
            ("evaluatedAt", .string(Timestamp.format(attendance.evaluatedAt, in: zone))),
            (
                "summary",
                .object([
                    ("total", .int(summary.total)), ("checkedIn", .int(summary.checkedIn)), ("checkedOut", .int(summary.checkedOut)),
                    ("notReturned", .int(summary.notReturned)), ("absent", .int(summary.absent)), ("onLeave", .int(summary.onLeave)),
                    ("late", .int(summary.late)),
                ])
            ),
            (
                "sync",
                .object([
                    ("hub", .string(orNull: configuration.sync?.hubURL.absoluteString)),
                    ("pending", .int(completeness.pending)),
                    ("quarantined", .int(completeness.quarantined)),
                    ("lastSyncedAt", .string(orNull: completeness.lastSyncedAt.map { Timestamp.format($0, in: zone) })),
                    ("lastSuccessAt", .string(orNull: sync.lastSuccessAt.map { Timestamp.format($0, in: zone) })),
                    ("lastError", .string(orNull: sync.lastError)),
                    ("lastErrorAt", .string(orNull: sync.lastErrorAt.map { Timestamp.format($0, in: zone) })),
                    ("nextRetryAt", .string(orNull: sync.nextRetryAt.map { Timestamp.format($0, in: zone) })),
                ])
            ),
            (
                "log",
                .object([
                    ("signed", .int(Int(log.signedSize))), ("witnessed", .int(Int(log.witnessedSize))),
                    ("refused", .string(orNull: log.refusal?.reason)),
                ])
            ),
            (
                "readers",
                .array(
                    configuration.readers.map { reader in
                        .object([
                            ("name", .string(reader.name)), ("driver", .string(reader.driver.rawValue)),
                            ("match", .string(reader.match)), ("direction", .string(reader.direction.rawValue)),
                            ("state", .string(orNull: readerStates?[reader.name]?.description)),
                            ("healthy", readerStates?[reader.name].map { .bool($0.healthy) } ?? .null),
                        ])
                    }
                )
            ),
        ])
        return document.serialized() + "\n"
    }
}
