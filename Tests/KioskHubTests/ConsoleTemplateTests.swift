import HTTPTypes
import Testing

@testable import KioskConsole

/// A page whose template cannot be drawn is a server error naming it, never an empty page.
@Test func aTemplateThatCannotBeDrawnIsAServerError() throws {
    let error = #expect(throws: ConsoleError.self) { try ConsoleTemplates.render("no-such-page", ["title": "Today"]) }
    #expect(error?.status == .internalServerError)
    #expect(error?.message.contains("no-such-page") == true)
    #expect(try ConsoleTemplates.render("error", ["status": "404 Not Found", "message": "no student 'S999'"]).contains("no student"))
}
