import Crypto
import Foundation
import HTTPTypes
public import Hummingbird
import KioskConsoleForms
public import KioskCore
public import KioskHub
public import KioskHubServer
import KioskHubStorage

/// The page a parent's approval link opens (`/p/<token>`, CONTRACT.md "Parents"): no sign-in, the request and two
/// buttons. The form carries a token of its own that must match a same-site cookie the page set, and a post from
/// another origin is refused (403, nothing changes). A used link answers 410 "already decided", an expired one 410
/// "expired", an altered or unknown one 404 "not valid", for a view and a decision alike; an address that tries too
/// many unknown tokens is refused for a while (429).
public struct ParentApprovalRoutes: Sendable {
    let store: HubStore
    let clock: WallClock
    /// `[hub] public_url`: a decision posted from its origin, or the hub's own, is accepted.
    let publicURL: String?
    let wrongLinks: WrongLinkLimit

    public init(store: HubStore, publicURL: String?, clock: WallClock = .system) {
        self.store = store
        self.publicURL = publicURL
        self.clock = clock
        wrongLinks = WrongLinkLimit()
    }

    /// Adds the page's routes.
    public func add(to router: Router<HubRequestContext>) {
        let pages = router.group("/p").add(middleware: ConsoleErrorMiddleware())
        pages.get("/:token") { request, context in try await answering { try await show(request, context) } }
        pages.post("/:token") { request, context in try await answering { try await decide(request, context) } }
    }

    /// The cookie holding the form's token.
    static let cookieName = "kiosk_approval_csrf"

    private func show(_ request: Request, _ context: HubRequestContext) async throws -> Response {
        let (link, pending, student) = try await openLink(context)
        let property = try await store.property(link.property)
        let face = ConsoleClockFace(timeZone: property.policy.timeZone)
        let csrf = Self.randomToken()
        let page = ParentPage(
            pageTitle: "Leave request",
            request: .init(
                hostel: property.name,
                name: student.name,
                from: face.dateTime(pending.leave.from),
                until: face.dateTime(pending.leave.until),
                reason: pending.leave.reason,
                token: try context.parameters.require("token"),
                csrf: csrf
            ),
            outcome: nil
        )
        var response = try ConsoleResponse.page(page)
        let secure = publicURL?.hasPrefix("https://") == true ? "; Secure" : ""
        response.headers[.setCookie] = "\(Self.cookieName)=\(csrf); Path=/p/; HttpOnly; SameSite=Strict; Max-Age=86400\(secure)"
        return response
    }

    private func decide(_ request: Request, _ context: HubRequestContext) async throws -> Response {
        var request = request
        let body = String(buffer: try await request.collectBody(upTo: 16 * 1024))
        guard accepts(origin: request.headers[.origin], authority: request.head.authority) else {
            throw ConsoleError(.forbidden, "a decision sent from another site is refused; open the link you were sent")
        }
        let form = ConsoleForm.decode(ParentDecisionForm.self, from: body)
        let cookie = request.cookies[Self.cookieName]?.value
        guard let form, let cookie, constantTimeEqual(Array(form.csrf.utf8), Array(cookie.utf8)) else {
            throw ConsoleError(.forbidden, "the form's token is missing or wrong; open the link you were sent again")
        }
        let (link, pending, _) = try await openLink(context)
        let approve = form.decision == "approve"
        guard approve || form.decision == "decline" else { throw ConsoleError(.badRequest, "choose Approve or Decline") }
        do {
            try await store.acting(as: .parent(link.contact)).decidePassRequest(
                id: pending.id,
                property: link.property,
                approve: approve,
                now: clock.now()
            )
        } catch {
            guard error.domain.isRequestProblem else { throw error }
            throw Self.decided
        }
        return try ConsoleResponse.page(
            ParentPage(
                pageTitle: approve ? "Leave approved" : "Leave declined",
                request: nil,
                outcome: .init(
                    title: approve ? "Approved" : "Declined",
                    message: approve
                        ? "Thank you. The leave is approved; the hostel's gates will know at their next sync."
                        : "Thank you. The leave is declined; the hostel has been told.",
                    problem: false
                )
            )
        )
    }

    /// `body`'s answer; a refusal is the parent's page saying why, with its status (and `Retry-After`).
    private func answering(_ body: () async throws -> Response) async throws -> Response {
        do {
            return try await body()
        } catch let error as ConsoleError where error.status.kind == .clientError {
            let title = error.status == .gone ? "Nothing to decide" : "This link cannot be used"
            var response = try ConsoleResponse.page(
                ParentPage(pageTitle: title, request: nil, outcome: .init(title: title, message: error.message, problem: true)),
                status: error.status
            )
            if let retryAfter = error.retryAfter { response.headers[.retryAfter] = String(retryAfter) }
            return response
        }
    }

    /// The link of the request's token, its request still open to a decision, and its student; else the answer the
    /// contract gives (404 not valid, 410 already decided or expired, 429 after too many wrong tokens).
    private func openLink(_ context: HubRequestContext) async throws -> (ApprovalLink, PassRequest, Student) {
        let now = clock.now()
        let address = context.remoteAddress?.ipAddress ?? "unknown"
        guard wrongLinks.allows(address, now: now) else {
            throw ConsoleError(.tooManyRequests, "too many links that are not valid were tried from this address; try again later", retryAfter: 600)
        }
        let token = try context.parameters.require("token")
        guard let (link, request, student) = try await store.approvalLink(token: token) else {
            wrongLinks.record(address, now: now)
            throw ConsoleError(.notFound, "This link is not valid. Check that it was copied whole, or ask the hostel's warden.")
        }
        switch request.state(at: now) {
        case .approved, .declined: throw Self.decided
        case .expired: throw Self.expired
        case .pending: guard now < link.expiresAt else { throw Self.expired }
        }
        return (link, request, student)
    }

    private static let decided = ConsoleError(.gone, "This request is already decided. Nothing more is needed.")
    private static let expired = ConsoleError(.gone, "This link has expired. Ask the hostel's warden to decide the request.")

    /// Whether a post's `Origin` (absent from some clients) is the public address's or the hub's own.
    private func accepts(origin: String?, authority: String?) -> Bool {
        guard let origin else { return true }
        if let publicURL, let url = URL(string: publicURL), let scheme = url.scheme, let host = url.host {
            let port = url.port.map { ":\($0)" } ?? ""
            if origin == "\(scheme)://\(host)\(port)" { return true }
        }
        guard let authority else { return false }
        return origin == "http://\(authority)" || origin == "https://\(authority)"
    }

    /// 128 random bits in hex.
    private static func randomToken() -> String {
        SymmetricKey(size: .bits128).withUnsafeBytes { $0.map { String(format: "%02x", $0) }.joined() }
    }
}

/// A parent's decision as posted.
struct ParentDecisionForm: Decodable {
    let csrf: String
    let decision: String
}

/// The page of an approval link: the request to decide, or what became of it.
struct ParentPage: ConsoleContext {
    static let template = ConsoleTemplate.parent

    struct Request: Sendable {
        /// The property's name: who asks.
        let hostel: String
        let name: String
        let from: String
        let until: String
        let reason: String
        let token: String
        let csrf: String
    }

    struct Outcome: Sendable {
        let title: String
        let message: String
        let problem: Bool
    }

    let pageTitle: String
    let request: Request?
    let outcome: Outcome?
}
