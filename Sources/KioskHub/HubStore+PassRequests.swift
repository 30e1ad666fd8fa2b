import Crypto
public import Foundation
public import KioskCore
public import KioskHubStorage
import KioskWire

/// What deciding pass requests takes from the hub's configuration.
public struct PassRequestSettings: Sendable, Hashable {
    public var passes: PassSettings
    /// `[hub] public_url`: approval links start with it.
    public var publicURL: String?
    /// The channels `pass_request` alerts go to.
    public var alerts: AlertSettings

    public init(passes: PassSettings = PassSettings(), publicURL: String? = nil, alerts: AlertSettings = AlertSettings()) {
        self.passes = passes
        self.publicURL = publicURL
        self.alerts = alerts
    }

    public init(_ configuration: HubConfiguration) {
        self.init(passes: configuration.passes, publicURL: configuration.publicURL, alerts: configuration.alerts)
    }
}

extension HubStore {
    /// How long an approval link lasts at most: it also ends at the request's `from`.
    static let approvalLinkLifetime: TimeInterval = 24 * 3600

    /// Records a request for leave of an active student of `property` (an unknown or inactive one is bad data, 65; a
    /// leave longer than `[passes] max_days` a usage error, 64, naming `--until`). With `parent_approval`, each of
    /// the student's parents' contacts gets a `pass_request` alert carrying a link of its own; the outbox keeps the
    /// link only until every channel has had it (or given up), the database only its token's hash.
    public func requestPass(
        _ leave: LeavePassRequest,
        property propertyID: String,
        settings: PassRequestSettings,
        now: Date
    ) async throws(KioskError) -> PassRequest {
        let property = try await property(propertyID)
        let days = leave.until.timeIntervalSince(leave.from) / 86_400
        guard days <= Double(settings.passes.maxDays) else {
            throw KioskError(
                .usage,
                "--until \(Timestamp.format(leave.until, in: property.policy.timeZone)) makes a leave of \(String(format: "%.1f", days)) days; [passes] max_days allows at most \(settings.passes.maxDays)"
            )
        }
        let student = try await activeStudent(leave.studentID, property: property.id)
        let request = PassRequest(id: PassRequest.newID(), leave: leave, createdAt: now)
        // Links go only where a channel takes them: a link nobody can be sent would sit in the outbox.
        let channels = settings.alerts.channels.filter { $0.events.contains(.passRequest) }.map(\.key)
        var sent: [(contact: String, token: String)] = []
        if settings.passes.parentApproval, settings.publicURL != nil, !channels.isEmpty {
            for contact in try await storage.parentContacts(of: student.id, property: property.id) {
                sent.append((contact.value, Self.approvalToken()))
            }
        }
        let expiresAt = min(leave.from, now.addingTimeInterval(Self.approvalLinkLifetime))
        let links = sent.map {
            ApprovalLink(tokenHash: Self.tokenHash($0.token), property: property.id, requestID: request.id, contact: $0.contact, expiresAt: expiresAt)
        }
        guard try await storage.addPassRequest(request, links: links, property: property.id) else {
            throw KioskError(.dataError, "student '\(student.id)' is inactive; a leave pass needs an active student")
        }
        try await audit(.passRequest, property: property.id, subject: request.id, detail: Self.describe(leave), now: now)
        let zone = property.policy.timeZone
        for (contact, token) in sent {
            let alert = Alert(
                id: Self.alertID("pass_request", property.id, request.id, contact),
                event: .passRequest,
                property: property.id,
                at: Timestamp.format(now, in: zone),
                students: [Alert.Student(studentId: student.id, name: student.name, room: student.room, lastOut: nil)],
                request: Alert.Request(
                    id: request.id,
                    studentId: student.id,
                    from: Timestamp.format(leave.from, in: zone),
                    until: Timestamp.format(leave.until, in: zone),
                    reason: leave.reason
                ),
                parentContacts: [contact],
                approvalUrl: (settings.publicURL ?? "") + "/p/" + token
            )
            _ = try await storage.addAlert(alert, property: property.id, channels: channels, createdAt: now)
        }
        return request
    }

    /// The pass requests of `property`, newest first.
    public func passRequests(of property: HubProperty) async throws(KioskError) -> [PassRequest] {
        try await storage.passRequests(property: property.id)
    }

    /// Approves or declines the pending request `id` of `property` as this store's actor. An approval makes the pass
    /// (returned) that kiosks get at their next sync. An unknown id is bad data naming it; a request decided already,
    /// or past its `until`, is a conflict saying so.
    @discardableResult
    public func decidePassRequest(id: String, property: String, approve: Bool, now: Date) async throws(KioskError) -> LeavePass? {
        guard let request = try await storage.passRequest(id: id, property: property) else {
            throw KioskError(.dataError, "no pass request of property '\(property)' has the id '\(id)'", domain: .notFound)
        }
        switch request.state(at: now) {
        case .pending: break
        case .expired: throw KioskError(.dataError, "pass request \(id) has expired: its leave ended undecided")
        case .approved, .declined: throw KioskError(.dataError, "pass request \(id) is already decided")
        }
        var pass: LeavePass?
        if approve {
            _ = try await activeStudent(request.leave.studentID, property: property)
            pass = request.leave.pass()
        }
        let decision = PassRequest.Decision(approved: approve, by: actor.text, at: now, passID: pass?.id)
        guard try await storage.decidePassRequest(id: id, property: property, decision: decision, pass: pass) else {
            throw KioskError(.dataError, "pass request \(id) is already decided")
        }
        await storage.announce(.day(property: property))
        let outcome = pass.map { "approved, pass \($0.id)" } ?? "declined"
        try await audit(.passDecide, property: property, subject: id, detail: "\(outcome); \(Self.describe(request.leave))", now: now)
        return pass
    }

    /// The approval link `token` names, with its request; nil for a token no link has (altered or unknown).
    public func approvalLink(token: String) async throws(KioskError) -> (link: ApprovalLink, request: PassRequest, student: Student)? {
        guard token.count <= 64, let link = try await storage.approvalLink(tokenHash: Self.tokenHash(token)),
            let request = try await storage.passRequest(id: link.requestID, property: link.property),
            let student = try await storage.roster(property: link.property).first(where: { $0.student.id == request.leave.studentID })?.student
        else { return nil }
        return (link, request, student)
    }

    /// The student `id` of `property` if active; else bad data naming them.
    func activeStudent(_ id: String, property: String) async throws(KioskError) -> Student {
        guard let student = try await storage.roster(property: property).first(where: { $0.student.id == id })?.student else {
            throw KioskError(.dataError, "unknown student '\(id)' in property '\(property)'", domain: .notFound)
        }
        guard student.status == .active else {
            throw KioskError(.dataError, "student '\(student.id)' is inactive; a leave pass needs an active student")
        }
        return student
    }

    /// An audit entry's words for a leave.
    static func describe(_ leave: LeavePassRequest) -> String {
        "for \(leave.studentID) from \(WireTime.format(leave.from)) until \(WireTime.format(leave.until)): \(leave.reason)"
    }

    /// A new approval token: 256 bits from the system's secure generator, base64url without padding.
    static func approvalToken() -> String {
        let key = SymmetricKey(size: .bits256)
        return key.withUnsafeBytes { Data($0) }.base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }
}
