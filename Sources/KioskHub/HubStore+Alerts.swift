import Crypto
public import Foundation
public import KioskCore
public import KioskHubStorage

extension HubStore {
    /// A kiosk's unknown card read this many times within `unknownCardWindow` is an `unknown_card` alert.
    static let unknownCardReads = 3
    static let unknownCardWindow: TimeInterval = 600

    /// Decides every alert due at `now` at every property and stores the new ones in the outbox (see
    /// `decideAlerts(for:settings:now:offlineRecheck:)`). Returns the alerts that were new.
    @discardableResult
    public func decideAlerts(settings: AlertSettings, now: Date) async throws(KioskError) -> [Alert] {
        try await decideAlerts(for: try await properties(), settings: settings, now: now, offlineRecheck: 0).added
    }

    /// Decides every alert of `properties` due at `now` and stores the new ones in the outbox, each with a delivery
    /// to every channel that takes its kind. An alert's id comes from what it is about, so deciding again (here or in
    /// another hub process) adds nothing. Says when time alone next makes an alert of each property due; a property
    /// with an offline gate is due again `offlineRecheck` seconds later (its return is a `gate_back`). Of the
    /// properties in `gatesOnly`, due only because a gate was heard again or may have fallen silent, only the gate
    /// alerts are decided.
    public func decideAlerts(
        for properties: [HubProperty],
        gatesOnly: Set<String> = [],
        settings: AlertSettings,
        now: Date,
        offlineRecheck: TimeInterval
    ) async throws(KioskError) -> AlertDecisions {
        var decisions = AlertDecisions()
        for property in properties {
            let (gateCandidates, gatesNext) = try await gateAlerts(property, settings: settings, now: now, offlineRecheck: offlineRecheck)
            var candidates = gateCandidates
            var arrived: CardReadsArrived?
            if !gatesOnly.contains(property.id) {
                arrived = try await cardReadsArrived(property: property.id)
                candidates += try await notReturnedAlerts(property, settings: settings, now: now)
                candidates += try await unknownCardAlerts(property, now: now)
                candidates += try await cardAlerts(property, arrived: arrived?.reads ?? [], settings: settings, now: now)
                candidates += try await parentAlerts(property, settings: settings, now: now)
            }
            for alert in candidates {
                let channels = settings.channels.filter { $0.events.contains(alert.event) }.map(\.key)
                if try await storage.addAlert(alert, property: property.id, channels: channels, createdAt: now) { decisions.added.append(alert) }
            }
            // Only once their alerts are stored: a round that failed sees the same arrivals again.
            if let arrived { cardAlertCursors.advance(property.id, to: arrived.next) }
            decisions.nextByTime[property.id] = Self.notReturnedDue(property.policy, settings: settings, after: now)
            decisions.gatesNextByTime[property.id] = gatesNext
        }
        return decisions
    }

    /// The first instant after `now` at which `not_returned` of a day is due: its curfew and grace, within the day.
    static func notReturnedDue(_ policy: AttendancePolicy, settings: AlertSettings, after now: Date) -> Date {
        var day = policy.attendanceDay(containing: now)
        while true {
            let due = min(policy.curfew(of: day).addingTimeInterval(Double(settings.graceMinutes) * 60), policy.end(of: day))
            if due > now { return due }
            day = day.next
        }
    }

    /// The alerts of `property` (every property when nil) made since `since`, newest first.
    public func alerts(property: String? = nil, since: Date? = nil) async throws(KioskError) -> [AlertRecord] {
        try await storage.alerts(property: property, events: nil, since: since)
    }

    /// `not_returned` at curfew + grace of today and yesterday (a hub that was down then decides it late, as of
    /// that instant), and `late_arrival` for each student it listed who has since tapped in.
    private func notReturnedAlerts(_ property: HubProperty, settings: AlertSettings, now: Date) async throws(KioskError) -> [Alert] {
        let policy = property.policy
        let today = policy.attendanceDay(containing: now)
        var alerts: [Alert] = []
        for day in [today.previous, today] {
            let due = min(policy.curfew(of: day).addingTimeInterval(Double(settings.graceMinutes) * 60), policy.end(of: day))
            guard due <= now else { continue }
            let id = Self.alertID("not_returned", property.id, day.description)
            let listed: [Alert.Student]
            if let stored = try await storage.alerts(property: property.id, events: [.notReturned], since: due).first(where: { $0.alert.id == id }) {
                listed = stored.alert.students
            } else {
                let report = try await report(for: property, on: day, now: due)
                listed = report.attendance.students.filter { $0.status == .notReturned }.map {
                    Alert.Student(
                        studentId: $0.student.id,
                        name: $0.student.name,
                        room: $0.student.room,
                        lastOut: $0.lastOut.map { Timestamp.format($0, in: policy.timeZone) }
                    )
                }
                guard !listed.isEmpty else { continue }
                let alert = Alert(
                    id: id,
                    event: .notReturned,
                    property: property.id,
                    at: Timestamp.format(due, in: policy.timeZone),
                    students: listed
                )
                alerts.append(alert)
                alerts += try await notReturnedToParents(alert, settings: settings)
            }
            for student in listed {
                let since = try await storage.events(
                    property: property.id,
                    matching: EventFilter(studentID: student.studentId, since: due),
                    limit: 50
                )
                guard
                    let back = since.filter({ $0.outcome == .accepted && $0.direction == .in && $0.occurredAt <= now }).min(by: {
                        $0.occurredAt < $1.occurredAt
                    })
                else { continue }
                alerts.append(
                    Alert(
                        id: Self.alertID("late_arrival", property.id, day.description, student.studentId),
                        event: .lateArrival,
                        property: property.id,
                        at: Timestamp.format(back.occurredAt, in: policy.timeZone),
                        students: [student],
                        kiosk: back.kioskID
                    )
                )
            }
        }
        return alerts
    }

    /// `gate_offline` for a gate silent for `gateOfflineSeconds` (once per silence), `gate_back` when it is heard
    /// from again; and when to look again: when the first gate heard from falls silent, or `offlineRecheck` seconds
    /// after `now` while a gate is silent.
    private func gateAlerts(
        _ property: HubProperty,
        settings: AlertSettings,
        now: Date,
        offlineRecheck: TimeInterval
    ) async throws(KioskError) -> (alerts: [Alert], next: Date?) {
        let zone = property.policy.timeZone
        let limit = Double(settings.gateOfflineSeconds)
        var alerts: [Alert] = []
        var next: Date?
        for gate in try await gates(property: property.id) {
            guard let lastSeen = gate.lastSeen else { continue }
            let silent = now.timeIntervalSince(lastSeen) >= limit
            let lookAgain = silent ? now.addingTimeInterval(offlineRecheck) : lastSeen.addingTimeInterval(limit)
            next = min(next ?? lookAgain, lookAgain)
            // A silent gate is offline; one heard from again after its latest silence is back.
            if silent {
                alerts.append(
                    Alert(
                        id: Self.alertID("gate_offline", gate.kioskID, String(Int64(lastSeen.timeIntervalSince1970 * 1000))),
                        event: .gateOffline,
                        property: property.id,
                        at: Timestamp.format(lastSeen.addingTimeInterval(limit), in: zone),
                        kiosk: gate.kioskID
                    )
                )
            } else if let silence = try await storage.latestAlert(property: property.id, event: .gateOffline, kioskID: gate.kioskID) {
                alerts.append(
                    Alert(
                        id: Self.alertID("gate_back", silence.id),
                        event: .gateBack,
                        property: property.id,
                        at: Timestamp.format(lastSeen, in: zone),
                        kiosk: gate.kioskID
                    )
                )
            }
        }
        return (alerts, next)
    }

    /// `unknown_card` when one unknown card was read `unknownCardReads` times within `unknownCardWindow`, once per
    /// card and hour.
    private func unknownCardAlerts(_ property: HubProperty, now: Date) async throws(KioskError) -> [Alert] {
        let since = now.addingTimeInterval(-Self.unknownCardWindow)
        let reads = try await storage.events(property: property.id, matching: EventFilter(since: since), limit: 5000)
            .filter { $0.kind == .unknown && $0.occurredAt <= now }
        var alerts: [Alert] = []
        for (uid, cardReads) in Dictionary(grouping: reads, by: { $0.uid?.hex ?? "" }) where !uid.isEmpty {
            let times = cardReads.sorted { $0.occurredAt < $1.occurredAt }
            guard times.count >= Self.unknownCardReads else { continue }
            for index in (Self.unknownCardReads - 1)..<times.count {
                let third = times[index]
                guard third.occurredAt.timeIntervalSince(times[index - Self.unknownCardReads + 1].occurredAt) <= Self.unknownCardWindow else {
                    continue
                }
                let hour = Int64((third.occurredAt.timeIntervalSince1970 / 3600).rounded(.down))
                alerts.append(
                    Alert(
                        id: Self.alertID("unknown_card", property.id, uid, String(hour)),
                        event: .unknownCard,
                        property: property.id,
                        at: Timestamp.format(third.occurredAt, in: property.policy.timeZone),
                        kiosk: third.kioskID,
                        uid: uid
                    )
                )
                break
            }
        }
        return alerts
    }

    /// The id of the alert about `parts`: the same parts always give the same id.
    static func alertID(_ parts: String...) -> String {
        SHA256.hash(data: Data(parts.joined(separator: "\u{1F}").utf8)).prefix(16).map { String(format: "%02x", $0) }.joined()
    }
}
