import Foundation
import HTTPTypes
public import Hummingbird
import KioskConsoleForms
public import KioskCore
public import KioskHub
public import KioskHubServer
import KioskHubStorage

/// The warden's web console on the hub's port: server-rendered pages behind a session cookie, each form with a
/// CSRF token, a warden confined to their property. The API under `/v1/` keeps its bearer tokens.
public struct ConsoleRoutes: Sendable {
    let store: HubStore
    let clock: WallClock
    /// The live part of the Today pages open in this process.
    let liveToday: LiveTodayFeed
    /// A gate silent this many seconds is offline (`[alerts] gate_offline_seconds`).
    let gateOfflineSeconds: Int
    /// How the requests made on the Passes page are decided (`[passes]`, `[hub] public_url`, the alert channels).
    let passRequests: PassRequestSettings

    /// `liveHeartbeat`: how often an open Today page whose day did not change is told the time it is as of (under the
    /// hub's idle timeout).
    public init(
        store: HubStore,
        clock: WallClock = .system,
        liveHeartbeat: Duration = .seconds(10),
        gateOfflineSeconds: Int = AlertSettings().gateOfflineSeconds,
        passRequests: PassRequestSettings = PassRequestSettings()
    ) {
        self.store = store
        self.clock = clock
        liveToday = LiveTodayFeed(changes: store.storage.changes, clock: clock, heartbeat: liveHeartbeat) {
            try await store.today(for: $0, now: clock.now())
        }
        self.gateOfflineSeconds = gateOfflineSeconds
        self.passRequests = passRequests
    }

    /// Adds the console's routes.
    public func add(to router: Router<HubRequestContext>) {
        router.get("/console/console.css") { _, _ in ConsoleResponse.document(ConsoleAssets.stylesheet, contentType: "text/css; charset=utf-8") }
        router.get("/console/console.js") { _, _ in ConsoleResponse.document(ConsoleAssets.script, contentType: "text/javascript; charset=utf-8") }
        let console = router.group().add(middleware: ConsoleErrorMiddleware())
        console.get("/login") { _, _ in try loginPage(problem: nil, username: "", status: .ok) }
        console.post("/login") { request, _ in try await signIn(request) }
        let pages = console.group().add(middleware: ConsoleSessionAuthenticator(store: store, clock: clock))
        pages.post("/logout") { request, context in try await signOut(request, context) }
        addTodayRoutes(to: pages)
        addReportRoutes(to: pages)
        addRosterRoutes(to: pages)
        addPhotoRoutes(to: pages)
        addGateRoutes(to: pages)
        addNightRoutes(to: pages)
        addPassRoutes(to: pages)
    }

    // MARK: Sessions

    /// The signed-in visit of `request` to the property it names (`property`, else the user's own); a browser
    /// without a session goes to the sign-in form, a warden asking for another property gets 403.
    func visit(_ request: Request, _ context: HubRequestContext, property requested: String? = nil) async throws -> ConsoleVisit {
        guard case .session(let session)? = context.identity else {
            throw request.method == .get ? ConsoleError.signIn : ConsoleError(.unauthorized, "your session has ended; sign in again")
        }
        let propertyID = requested ?? request.uri.queryParameters["property"].map(String.init)
        let id: String
        switch session.user.role {
        case .warden(let own):
            id = propertyID ?? own
            guard id == own else { throw ConsoleError(.forbidden, "you are a warden of another property; you cannot open this one's pages") }
        case .chainOperator:
            id = propertyID ?? HubProperty.defaultID
        }
        guard HubProperty.idProblem(id) == nil else { throw ConsoleError(.notFound, "no property '\(id)'") }
        let property: HubProperty
        do {
            property = try await store.property(id)
        } catch {
            guard error.domain == .notFound else { throw error }
            throw ConsoleError(.notFound, "no property '\(id)'")
        }
        return ConsoleVisit(session: session, property: property)
    }

    /// A signed-in form post: its fields, after checking the session and the form's CSRF token (403 without it,
    /// and nothing changes).
    func formVisit<Form: Decodable>(_ request: Request, _ context: HubRequestContext, as form: Form.Type) async throws -> (ConsoleVisit, Form) {
        var request = request
        let text = String(buffer: try await request.collectBody(upTo: 64 * 1024))
        let envelope = ConsoleForm.decode(FormEnvelope.self, from: text) ?? FormEnvelope(csrf: nil, property: nil)
        let visit = try await checkedVisit(request, context, envelope: envelope)
        guard let form = ConsoleForm.decode(Form.self, from: text) else { throw ConsoleError(.badRequest, "the form is incomplete or malformed") }
        return (visit, form)
    }

    /// The visit of a form post whose `csrf` and `property` fields are `envelope`; 403 for a missing or wrong token.
    func checkedVisit(_ request: Request, _ context: HubRequestContext, envelope: FormEnvelope) async throws -> ConsoleVisit {
        let visit = try await visit(request, context, property: envelope.property)
        guard let csrf = envelope.csrf, visit.session.accepts(csrf: csrf) else {
            throw ConsoleError(.forbidden, "the form's CSRF token is missing or wrong; reload the page and try again")
        }
        return visit
    }

    /// The body of an upload of at most `limit` bytes, or nil when it is larger (its page then says so, not a bare 413;
    /// nothing is stored, so the form's CSRF token is not needed to show it).
    static func uploadBody(_ request: inout Request, upTo limit: Int) async throws -> ByteBuffer? {
        do {
            return try await request.collectBody(upTo: limit)
        } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
            return nil
        }
    }

    // MARK: Sign-in

    private func loginPage(problem: String?, username: String, status: HTTPResponse.Status) throws -> Response {
        let name = store.defaultProperty.name
        return try ConsoleResponse.page(
            LoginPage(pageTitle: "Sign in · " + name, hubName: name, username: username, problem: problem),
            status: status
        )
    }

    private func signIn(_ request: Request) async throws -> Response {
        // A sign-in form posted from another site is refused (login CSRF); a browser always sends Origin on a POST.
        if let origin = request.headers[.origin], let host = request.head.authority,
            origin != "http://\(host)" && origin != "https://\(host)"
        {
            throw ConsoleError(.forbidden, "a sign-in from another site (\(origin)) is refused")
        }
        var request = request
        let body = try await request.collectBody(upTo: 16 * 1024)
        guard let credentials = ConsoleForm.decode(SignInForm.self, from: String(buffer: body)) else {
            return try loginPage(problem: "Enter a user name and a password.", username: "", status: .badRequest)
        }
        switch try await store.signIn(name: credentials.username, password: credentials.password, now: clock.now()) {
        case .signedIn(let session):
            let secure = request.headers[.forwardedProto]?.lowercased() == "https"
            let cookie = Cookie(
                name: ConsoleSession.cookieName,
                value: session.token,
                maxAge: Int(ConsoleSession.lifetime),
                path: "/",
                secure: secure,
                httpOnly: true,
                sameSite: .strict
            )
            return ConsoleResponse.redirect(to: "/", headers: [.setCookie: cookie.description])
        case .refused:
            return try loginPage(problem: "Wrong user name or password.", username: credentials.username, status: .unauthorized)
        case .locked:
            return try loginPage(
                problem: "Too many failed sign-ins: this account is locked for a minute.",
                username: credentials.username,
                status: .tooManyRequests
            )
        }
    }

    private func signOut(_ request: Request, _ context: HubRequestContext) async throws -> Response {
        let (visit, _) = try await formVisit(request, context, as: FormEnvelope.self)
        try await store.signOut(visit.session)
        let expired = Cookie(name: ConsoleSession.cookieName, value: "", maxAge: 0, path: "/", httpOnly: true, sameSite: .strict)
        return ConsoleResponse.redirect(to: "/login", headers: [.setCookie: expired.description])
    }
}
