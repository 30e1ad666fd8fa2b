public import Foundation
public import KioskCore
import MultipartKit
public import NIOCore

/// A console form that uploads a file (the roster's CSV, a student's photo), posted as `multipart/form-data`: the
/// envelope's fields, whether the file replaces the whole roster, and the file itself.
public struct UploadForm: Sendable {
    public let envelope: FormEnvelope
    /// Whether the file becomes the whole roster.
    public let replace: Bool
    /// The file's name as the browser gave it, if it did.
    public let filename: String?
    /// The file's bytes; empty when no file was chosen.
    public let file: ByteBuffer

    /// The form in `body`, posted with the content type `contentType`; nil when that is not `multipart/form-data` with
    /// a boundary. A body that does not parse is a form without fields (its CSRF check then refuses it).
    public init?(body: ByteBuffer, contentType: String) {
        guard let boundary = Self.boundary(of: contentType) else { return nil }
        let parts = (try? Self.parts(of: body, boundary: boundary)) ?? [:]
        func field(_ name: String) -> String? { parts[name].map { String(buffer: $0.body) } }
        envelope = FormEnvelope(csrf: field("csrf"), property: field("property"))
        replace = field("replace") == "yes"
        filename = parts["file"].flatMap(Self.filename(of:))
        file = parts["file"]?.body ?? ByteBuffer()
    }

    /// The file's bytes; empty when no file was chosen.
    public var fileData: Data { Data(file.readableBytesView) }

    /// The name messages give the file: its own, or `the uploaded file`.
    public var fileName: String { filename ?? "the uploaded file" }

    /// The file's rows by the roster CSV's own rules and messages, which name the file, line and field.
    public func rosterRows() throws(KioskError) -> [RosterRow] {
        guard file.readableBytes > 0 else { throw KioskError(.usage, "choose a CSV file to upload") }
        guard let text = String(bytes: file.readableBytesView, encoding: .utf8) else {
            throw KioskError(.dataError, "\(fileName): not UTF-8 text; save the roster as CSV UTF-8")
        }
        return try RosterCSV.parse(text, file: fileName)
    }

    /// The `boundary` parameter of a `multipart/form-data` content type.
    private static func boundary(of contentType: String) -> String? {
        guard contentType.lowercased().hasPrefix("multipart/form-data") else { return nil }
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2, pair[0].lowercased() == "boundary" { return pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
        }
        return nil
    }

    /// The parts of a `multipart/form-data` body by field name (the first of each name).
    private static func parts(of body: ByteBuffer, boundary: String) throws -> [String: MultipartPart] {
        guard headerNamesAreASCII(body, boundary: boundary) else { return [:] }
        let parser = MultipartParser(boundary: boundary)
        var parts: [String: MultipartPart] = [:]
        var current = MultipartPart(headers: [:], body: ByteBuffer())
        parser.onHeader = { name, value in current.headers.add(name: name, value: value) }
        parser.onBody = { chunk in current.body.writeBuffer(&chunk) }
        parser.onPartComplete = {
            if let name = current.name, parts[name] == nil { parts[name] = current }
            current = MultipartPart(headers: [:], body: ByteBuffer())
        }
        try parser.execute(body)
        return parts
    }

    /// Whether every header name of every part is ASCII. multipart-kit 4.7 looks a header name's bytes up in a table of
    /// 128 and stops the whole process on any other byte (found by FuzzConsoleForms): such a body is refused before it
    /// reaches the parser. Wherever the boundary occurs (the parser finds it anywhere), the lines up to the next empty
    /// one may be headers: none of them may have a byte outside ASCII before its first colon.
    static func headerNamesAreASCII(_ body: ByteBuffer, boundary: String) -> Bool {
        let bytes = Array(body.readableBytesView)
        let marker = Array(("--" + boundary).utf8)
        guard !marker.isEmpty, bytes.count >= marker.count else { return true }
        var index = 0
        while index + marker.count <= bytes.count {
            guard bytes[index..<index + marker.count].elementsEqual(marker) else {
                index += 1
                continue
            }
            var position = index + marker.count
            var inName = true
            // The headers end at an empty line (CR LF CR LF).
            while position < bytes.count {
                let byte = bytes[position]
                if byte == 13, position + 3 < bytes.count, bytes[position + 1] == 10, bytes[position + 2] == 13, bytes[position + 3] == 10 { break }
                if byte == 10 {
                    inName = true
                } else if byte == UInt8(ascii: ":") {
                    inName = false
                } else if inName && byte >= 0x80 {
                    return false
                }
                position += 1
            }
            index += marker.count
        }
        return true
    }

    /// The file name a browser gave an uploaded part.
    private static func filename(of part: MultipartPart) -> String? {
        guard let disposition = part.headers.first(name: "Content-Disposition"), let range = disposition.range(of: "filename=\"") else { return nil }
        let name = disposition[range.upperBound...].prefix { $0 != "\"" }
        return name.isEmpty ? nil : String(name)
    }
}
