import HTTPTypes
import Hummingbird

/// The console's answers, each with headers that keep its pages out of frames, caches and other origins.
enum ConsoleResponse {
    /// Scripts, styles, forms and connections from this origin only; no frames.
    static let securityHeaders: HTTPFields = [
        .contentSecurityPolicy: "default-src 'self'; frame-ancestors 'none'; form-action 'self'; base-uri 'none'",
        .xContentTypeOptions: "nosniff",
        .consoleReferrerPolicy: "same-origin",
        .cacheControl: "no-store",
    ]

    /// An HTML page.
    static func html(_ page: String, status: HTTPResponse.Status = .ok) -> Response {
        var headers = securityHeaders
        headers[.contentType] = "text/html; charset=utf-8"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: page)))
    }

    /// `context` drawn as an HTML page.
    static func page<Context: ConsoleContext>(_ context: Context, status: HTTPResponse.Status = .ok) throws(ConsoleError) -> Response {
        html(try ConsoleTemplate.render(context), status: status)
    }

    /// A download (`attachment`) or an inline document of `contentType`.
    static func document(_ body: String, contentType: String, filename: String? = nil) -> Response {
        var headers = securityHeaders
        headers[.contentType] = contentType
        if let filename { headers[.contentDisposition] = "attachment; filename=\"\(filename)\"" }
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
    }

    /// 303 to `location` (after a form, and to the sign-in form).
    static func redirect(to location: String, headers extra: HTTPFields = [:]) -> Response {
        var headers = securityHeaders
        headers.append(contentsOf: extra)
        headers[.location] = location
        return Response(status: .seeOther, headers: headers)
    }
}

extension HTTPField.Name {
    /// `Referrer-Policy`, which HTTPTypes does not name.
    static var consoleReferrerPolicy: Self { Self("Referrer-Policy")! }
    /// `X-Forwarded-Proto`: the scheme a TLS proxy in front of the hub was reached with.
    static var forwardedProto: Self { Self("X-Forwarded-Proto")! }
}
