import Foundation
import Hummingbird
import HummingbirdTesting
import KioskCore
import NIOCore
import Synchronization
import Testing

/// A wall clock a test moves by hand (a lockout's minute, a session's 12 hours) without sleeping.
final class SteppedClock: Sendable {
    private let instant: Mutex<Date>

    init(_ start: Date = Date()) { instant = Mutex(start) }

    var wallClock: WallClock { WallClock { self.instant.withLock { $0 } } }

    func advance(seconds: TimeInterval) { instant.withLock { $0 = $0.addingTimeInterval(seconds) } }
}

/// A browser's side of the web console over the test client: a session cookie and the CSRF token of its pages.
struct ConsoleBrowser: Sendable {
    let client: any TestClientProtocol
    var cookie: String?

    /// Signs in; returns the answer to the sign-in form, keeping the session cookie it set.
    mutating func signIn(_ name: String, _ password: String, headers: HTTPFields = [:]) async throws -> TestResponse {
        let response = try await post("/login", form: ["username": name, "password": password], headers: headers)
        if let setCookie = response.headers[.setCookie], let pair = setCookie.split(separator: ";").first { cookie = String(pair) }
        return response
    }

    func get(_ uri: String) async throws -> TestResponse {
        var headers = HTTPFields()
        if let cookie { headers[.cookie] = cookie }
        return try await client.execute(uri: uri, method: .get, headers: headers, body: nil)
    }

    func post(_ uri: String, form: [String: String], headers extra: HTTPFields = [:]) async throws -> TestResponse {
        var headers: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
        headers.append(contentsOf: extra)
        if let cookie { headers[.cookie] = cookie }
        let body = form.sorted { $0.key < $1.key }.map { "\(Self.escaped($0.key))=\(Self.escaped($0.value))" }.joined(separator: "&")
        return try await client.execute(uri: uri, method: .post, headers: headers, body: ByteBuffer(string: body))
    }

    /// The CSRF token in the forms of the page at `uri`.
    func csrf(from uri: String) async throws -> String {
        let page = try await get(uri).text
        let marker = "name=\"csrf\" value=\""
        let start = try #require(page.range(of: marker)).upperBound
        return String(page[start...].prefix { $0 != "\"" })
    }

    private static func escaped(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }
}

extension TestResponse {
    /// The body as text.
    var text: String { String(buffer: body) }
}
