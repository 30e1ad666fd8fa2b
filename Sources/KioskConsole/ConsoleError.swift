import Hummingbird
import Logging

/// A refused or failed console request: an HTML page naming the problem, or a redirect to the sign-in form.
struct ConsoleError: HTTPResponseError {
    let status: HTTPResponse.Status
    let message: String
    /// Where to send the browser instead (303), for a page asked for without a session.
    let location: String?
    /// What the log says of a failure beyond `message`, which the page does not show.
    let detail: String?
    /// Seconds to wait before trying again, sent as `Retry-After`.
    let retryAfter: Int?

    init(_ status: HTTPResponse.Status, _ message: String, location: String? = nil, detail: String? = nil, retryAfter: Int? = nil) {
        self.status = status
        self.message = message
        self.location = location
        self.detail = detail
        self.retryAfter = retryAfter
    }

    /// Sends a browser without a session to the sign-in form.
    static let signIn = ConsoleError(.seeOther, "sign in first", location: "/login")

    /// The error page (plain text if even that cannot be drawn); a failure of the console's own (5xx) is logged.
    func response(from request: Request, context: some RequestContext) throws -> Response {
        if let location { return ConsoleResponse.redirect(to: location) }
        if status.kind == .serverError {
            context.logger.error(
                "console page failed",
                metadata: ["http.path": "\(request.uri.path)", "console.error": "\(detail ?? message)"]
            )
        }
        let heading = "\(status.code) \(status.reasonPhrase)"
        var response: Response
        if let page = try? ConsoleTemplate.render(ErrorPage(pageTitle: heading, status: heading, message: message)) {
            response = ConsoleResponse.html(page, status: status)
        } else {
            response = Response(
                status: status,
                headers: [.contentType: "text/plain; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(string: message))
            )
        }
        if let retryAfter { response.headers[.retryAfter] = String(retryAfter) }
        return response
    }
}
