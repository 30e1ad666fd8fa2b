import Foundation
import Hummingbird
import KioskHubStorage
import KioskWire

/// An error answer of the hub: a status and a `WireProblem` body naming what is wrong. It never quotes a
/// token.
struct HubHTTPError: HTTPResponseError {
    let status: HTTPResponse.Status
    let problem: WireProblem
    /// Seconds a client should wait before trying again, sent as `Retry-After`.
    let retryAfter: Int?
    /// The methods a path is served with, sent as `Allow` with a 405.
    let allow: String?

    init(_ status: HTTPResponse.Status, _ error: String, field: String? = nil, retryAfter: Int? = nil, allow: String? = nil) {
        self.status = status
        self.problem = WireProblem(error: error, field: field)
        self.retryAfter = retryAfter
        self.allow = allow
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        var headers = HTTPFields()
        if status == .unauthorized { headers[.wwwAuthenticate] = "Bearer" }
        if let retryAfter { headers[.retryAfter] = String(retryAfter) }
        if let allow { headers[.allow] = allow }
        return HubResponse.json(problem, status: status, headers: headers)
    }

    /// A 400 for a body that did not decode, naming the field by its JSON path (`events[2].seq`). The decoder
    /// names no field for a number an integer field cannot hold (`1.5`, `2^63`): `body` is searched for it.
    static func undecodable(_ error: DecodingError, body: Data) -> HubHTTPError {
        if case .dataCorrupted(let context) = error, context.codingPath.isEmpty, let field = fractionalOrHugeInteger(in: body) {
            return HubHTTPError(.badRequest, "expected an integer from \(Int64.min) to \(Int64.max)", field: field)
        }
        switch error {
        case .keyNotFound(let key, let context):
            return HubHTTPError(.badRequest, "missing", field: path(context.codingPath + [key]))
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            return HubHTTPError(.badRequest, "expected \(description(of: type))", field: path(context.codingPath))
        case .dataCorrupted(let context):
            let field = path(context.codingPath)
            return HubHTTPError(.badRequest, field == nil ? "the body is not JSON" : "invalid value", field: field)
        @unknown default:
            return HubHTTPError(.badRequest, "the body does not match the schema")
        }
    }

    /// The first number in a JSON body that is not a 64-bit integer (`events[3].seq`, `freeBytes`), where the
    /// decoder that refused it does not say which field it was: every number on the wire is an integer.
    private static func fractionalOrHugeInteger(in body: Data) -> String? {
        guard let document = try? JSONSerialization.jsonObject(with: body) else { return nil }
        return fractionalOrHugeInteger(in: document, at: "")
    }

    private static func fractionalOrHugeInteger(in value: Any, at path: String) -> String? {
        switch value {
        case let object as [String: Any]:
            for key in object.keys.sorted() {
                if let found = fractionalOrHugeInteger(in: object[key] as Any, at: path.isEmpty ? key : path + "." + key) { return found }
            }
        case let array as [Any]:
            for (index, element) in array.enumerated() {
                if let found = fractionalOrHugeInteger(in: element, at: path + "[\(index)]") { return found }
            }
        case let number as NSNumber where !(number is Bool):
            if "\(number)" != "\(number.int64Value)" { return path }
        default:
            break
        }
        return nil
    }

    private static func path(_ keys: [any CodingKey]) -> String? {
        guard !keys.isEmpty else { return nil }
        var text = ""
        for key in keys {
            if let index = key.intValue { text += "[\(index)]" } else { text += text.isEmpty ? key.stringValue : "." + key.stringValue }
        }
        return text
    }

    private static func description(of type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "a boolean"
        case is Int64.Type, is Int.Type: "an integer"
        case is [WireEvent].Type: "an array"
        default: "a value of another type"
        }
    }
}

/// JSON answers.
enum HubResponse {
    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok, headers: HTTPFields = HTTPFields()) -> Response {
        json(bytes: (try? JSONEncoder().encode(value)) ?? Data("{}".utf8), status: status, headers: headers)
    }

    /// An answer whose body is JSON already encoded.
    static func json(bytes: some Sequence<UInt8>, status: HTTPResponse.Status = .ok, headers: HTTPFields = HTTPFields()) -> Response {
        var headers = headers
        headers[.contentType] = "application/json"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}
