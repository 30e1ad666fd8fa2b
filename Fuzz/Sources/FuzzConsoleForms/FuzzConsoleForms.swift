import Foundation
import FuzzDriver
import KioskConsoleForms
import KioskCore
import NIOCore

/// Any bytes as the body of a console form post, URL-encoded or a roster upload: it decodes as any form or none; a new
/// student's form is one roster row or a refusal naming the form, an upload's rows or a refusal naming the file, and
/// what the roster accepts from them or a student's page carries no control character and no surrounding white space.
@_cdecl("FuzzConsoleForms_main")
func fuzzConsoleForms(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    fuzz(argc: argc, argv: argv) { data, size in
        let body = String(decoding: bytes(data, size), as: UTF8.self)
        _ = ConsoleForm.decode(FormEnvelope.self, from: body)
        _ = ConsoleForm.decode(SignInForm.self, from: body)
        _ = ConsoleForm.decode(CardForm.self, from: body)
        _ = ConsoleForm.decode(EnrolForm.self, from: body)
        _ = ConsoleForm.decode(ManualEntryForm.self, from: body)
        _ = ConsoleForm.decode(PassForm.self, from: body)
        _ = ConsoleForm.decode(CancelForm.self, from: body)
        if let form = ConsoleForm.decode(NewStudentForm.self, from: body) {
            do throws(KioskError) {
                let rows = try form.rosterRows()
                precondition(rows.count == 1, "one form made \(rows.count) roster rows")
                for field in [rows[0].student.id, rows[0].student.name, rows[0].student.room] { check(field) }
            } catch {
                precondition(error.message.hasPrefix(NewStudentForm.file + ":"), "a refusal naming no form: \(error.message)")
            }
        }
        if let form = ConsoleForm.decode(StudentEditForm.self, from: body), let student = form.student(id: "S001") {
            for field in [student.name, student.room] where Student.fieldProblem(field) == nil { check(field) }
        }
        // The same bytes as a roster upload: its rows obey the roster's rules, a refusal names the file or asks for one.
        if let upload = UploadForm(body: ByteBuffer(bytes: bytes(data, size)), contentType: "multipart/form-data; boundary=X") {
            do throws(KioskError) {
                for row in try upload.rosterRows() { for field in [row.student.id, row.student.name, row.student.room] { check(field) } }
            } catch {
                precondition(
                    error.message.hasPrefix(upload.fileName + ":") || error.message == "choose a CSV file to upload",
                    "a refusal naming no file: \(error.message)"
                )
            }
        }
        return 0
    }
}

/// A roster field as accepted: no control character, nothing to trim.
private func check(_ field: String) {
    precondition(!field.isEmpty, "an empty field accepted")
    precondition(!field.unicodeScalars.contains { $0.properties.generalCategory == .control }, "a control character accepted")
    precondition(field.trimmingCharacters(in: .whitespaces) == field, "an untrimmed field accepted: \(field.debugDescription)")
}
