public import Foundation
import KioskCore

/// Lays out the live attendance summary for a screen of `width` × `height` (80×24 and larger, and smaller
/// with less shown): header, a large greeting for the latest tap, counts, the last taps and, after curfew,
/// who has not returned, the readers, the sync and alerts.
public struct DashboardScreen: Sendable {
    public let width: Int
    public let height: Int

    public init(width: Int, height: Int) {
        self.width = max(20, width)
        self.height = max(8, height)
    }

    /// Exactly `height` lines.
    public func layout(_ snapshot: DashboardSnapshot) -> [ScreenLine] {
        let policy = snapshot.attendance.policy
        var top = [header(snapshot), ScreenLine()]
        if let refusal = snapshot.refusal, refusal.at >= snapshot.recentTaps.first?.occurredAt ?? .distantPast {
            top += Self.refused(refusal)
        } else {
            top += greeting(snapshot.recentTaps.first, policy: policy)
        }
        top += [ScreenLine(), counts(snapshot.attendance.summary), rule()]
        var bottom = [rule(), readers(snapshot.readers), sync(snapshot.sync, policy: policy)]
        bottom += snapshot.alerts.map { ScreenLine("! " + $0, .warning) }
        let middleRows = max(0, height - top.count - bottom.count)
        let middle = lists(snapshot, rows: middleRows)
        let lines = Array((top + middle + bottom).prefix(height))
        return lines + Array(repeating: ScreenLine(), count: height - lines.count)
    }

    private func header(_ snapshot: DashboardSnapshot) -> ScreenLine {
        let policy = snapshot.attendance.policy
        let clock = snapshot.now.formatted(
            Date.VerbatimFormatStyle(
                format:
                    "\(weekday: .abbreviated) \(day: .twoDigits) \(month: .abbreviated) \(year: .defaultDigits) \(hour: .twoDigits(clock: .twentyFourHour, hourCycle: .zeroBased)):\(minute: .twoDigits):\(second: .twoDigits)",
                locale: Locale(identifier: "en_GB"),
                timeZone: policy.timeZone,
                calendar: policy.calendar
            )
        )
        let text = " \(snapshot.kioskID)  \(clock)  attendance day \(snapshot.attendance.date)"
        return ScreenLine(text + String(repeating: " ", count: max(0, width - TerminalColumns.width(of: text))), .banner)
    }

    private func greeting(_ tap: RecordedTap?, policy: AttendancePolicy) -> [ScreenLine] {
        guard let tap else {
            return [ScreenLine("  Tap your card", .bold)] + Array(repeating: ScreenLine(), count: BigLetters.rows)
        }
        let who = tap.student.map { $0.name + ($0.room.isEmpty ? "" : "  ·  room \($0.room)") } ?? ""
        switch tap.outcome {
        case .in, .out:
            let style: ScreenStyle = tap.outcome == .in ? .good : .warning
            let big = (BigLetters.render(tap.outcome.rawValue) ?? []).map { ScreenLine("  " + $0, style) }
            let leave = tap.pass.map { "  ·  " + $0.leaveNote(policy) } ?? ""
            return [ScreenLine("  " + who + "  ·  " + policy.timeOfDay(of: tap.occurredAt) + leave, .bold)] + big
        case .ignored:
            let since = tap.previous.map { "already \($0.direction.label) since \(policy.timeOfDay(of: $0.occurredAt))" } ?? "already recorded"
            return [ScreenLine("  " + who, .bold), ScreenLine("  " + since, .warning)] + Array(repeating: ScreenLine(), count: BigLetters.rows - 1)
        case .unknown:
            return [ScreenLine("  Card \(tap.uid?.hex ?? "") not registered, see the warden", .bad)]
                + Array(repeating: ScreenLine(), count: BigLetters.rows)
        case .refused:
            return [ScreenLine("  REFUSED \(tap.uid?.hex ?? ""): card could not be verified, see the warden", .bad)]
                + Array(repeating: ScreenLine(), count: BigLetters.rows)
        }
    }

    /// The greeting of a read the journal refused: the student must know it did not count.
    private static func refused(_ refusal: DashboardSnapshot.Refusal) -> [ScreenLine] {
        [
            ScreenLine("  ✗ NOT RECORDED", .bad),
            ScreenLine("  Card \(refusal.uid) on \(refusal.reader): the journal cannot be written", .bad),
            ScreenLine("  Tap again in a minute, or see the warden", .bold),
        ] + Array(repeating: ScreenLine(), count: BigLetters.rows - 2)
    }

    /// The screen while the journal cannot even be read: what is wrong, and the latest refused read.
    public func layoutUnavailable(kioskID: String, now: Date, problem: String, refusal: DashboardSnapshot.Refusal?) -> [ScreenLine] {
        let text = " \(kioskID)  \(now.formatted(.iso8601))"
        var lines = [ScreenLine(text + String(repeating: " ", count: max(0, width - TerminalColumns.width(of: text))), .banner), ScreenLine()]
        lines += [
            ScreenLine("! the journal cannot be read: \(problem)", .warning),
            ScreenLine("! taps are refused until it can; see the warden", .warning), ScreenLine(),
        ]
        lines += refusal.map(Self.refused) ?? []
        let shown = Array(lines.prefix(height))
        return shown + Array(repeating: ScreenLine(), count: height - shown.count)
    }

    private func counts(_ summary: AttendanceSummary) -> ScreenLine {
        var line = ScreenLine("  ")
        for (label, value, style) in [
            ("IN", summary.checkedIn, ScreenStyle.good), ("OUT", summary.checkedOut, .plain),
            ("NOT RETURNED", summary.notReturned, summary.notReturned > 0 ? .bad : .plain),
            ("ABSENT", summary.absent, .plain), ("ON LEAVE", summary.onLeave, .plain), ("TOTAL", summary.total, .bold),
            ("LATE", summary.late, summary.late > 0 ? .warning : .plain),
        ] {
            line.append("\(label) ", .dim)
            line.append("\(value)", style)
            line.append("   ")
        }
        return line
    }

    /// The last taps on the left and, after curfew, the students not returned on the right.
    private func lists(_ snapshot: DashboardSnapshot, rows: Int) -> [ScreenLine] {
        guard rows > 0 else { return [] }
        let policy = snapshot.attendance.policy
        let afterCurfew = snapshot.now >= policy.curfew(of: snapshot.attendance.date)
        let missing = snapshot.attendance.students.filter { $0.status == .notReturned }.map(\.student)
        let showMissing = afterCurfew && !missing.isEmpty
        let leftWidth = showMissing ? width / 2 : width
        let taps = snapshot.recentTaps.prefix(rows - 1).map { tap in
            let who = tap.student.map { "\($0.name) (\($0.room))" } ?? (tap.uid?.hex ?? "")
            return "  \(policy.timeOfDay(of: tap.occurredAt))  \(tap.outcome.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0)) \(who)"
        }
        let names = missing.prefix(rows - 1).map { "  \($0.name) (\($0.room))" }
        var lines = [ScreenLine()]
        lines[0].append(pad("  Last taps", leftWidth), .dim)
        if showMissing { lines[0].append("  Not returned after \(policy.curfew)", .bad) }
        for row in 0..<(rows - 1) {
            var line = ScreenLine()
            line.append(pad(row < taps.count ? taps[row] : "", leftWidth))
            if showMissing && row < names.count { line.append(names[row], .bad) }
            lines.append(line)
        }
        return lines
    }

    private func readers(_ readers: [DashboardSnapshot.Reader]) -> ScreenLine {
        var line = ScreenLine("  Readers: ", .dim)
        if readers.isEmpty { line.append("none configured", .warning) }
        for reader in readers {
            line.append(reader.healthy ? "● " : "○ ", reader.healthy ? .good : .bad)
            line.append("\(reader.name) \(reader.state)   ")
        }
        return line
    }

    private func sync(_ sync: DashboardSnapshot.Sync?, policy: AttendancePolicy) -> ScreenLine {
        guard let sync else { return ScreenLine("  Sync: standalone (no hub configured)", .dim) }
        var text = "  Sync: \(sync.pending) pending"
        if sync.quarantined > 0 { text += ", \(sync.quarantined) quarantined" }
        text += " · last " + (sync.lastSyncedAt.map { policy.timeOfDay(of: $0) } ?? "never")
        if let retry = sync.nextRetryAt { text += " · next retry \(policy.timeOfDay(of: retry))" }
        return ScreenLine(text, sync.quarantined > 0 ? .warning : .plain)
    }

    private func rule() -> ScreenLine {
        ScreenLine(String(repeating: "─", count: width), .dim)
    }

    private func pad(_ text: String, _ columns: Int) -> String {
        let used = TerminalColumns.width(of: text)
        guard used < columns else { return ScreenLine(text).rendered(width: max(0, columns - 1), colors: false) + " " }
        return text + String(repeating: " ", count: columns - used)
    }
}
