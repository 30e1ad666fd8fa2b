import HTTPTypes
import KioskCore
import KioskWire
import Logging
import Testing

@testable import KioskConsole
@testable import KioskHubServer

/// Each domain of `KioskError` is mapped once at each edge of the hub: a status and a problem in the API, an error
/// page in the console; only the request's own problems are shown to the client.
@Suite struct KioskErrorEdgeTests {
    static let cases: [(KioskError, HTTPResponse.Status)] = [
        (KioskError(.usage, "a reason is one line"), .unprocessableContent),
        (KioskError(.dataError, "field 'room': too long"), .unprocessableContent),
        (KioskError(.dataError, "unknown student 'S9'", domain: .notFound), .notFound),
        (KioskError(.configuration, "no property has the id 'x'", domain: .notFound), .notFound),
        (KioskError(.noPermission, "the token was revoked"), .forbidden),
        (KioskError(.ioError, "disk I/O error at /srv/hub.sqlite"), .serviceUnavailable),
        (KioskError(.unavailable, "connection refused by db.internal:5432"), .serviceUnavailable),
        (KioskError(.configuration, "password_file /etc/secret is group-readable"), .internalServerError),
    ]

    /// Whether the client may read the error's message: its own problem, or why its credentials were refused.
    static func isShown(_ error: KioskError) -> Bool { error.domain.isRequestProblem || error.domain == .auth }

    @Test func theAPIAnswersEachDomainWithItsStatus() {
        for (error, status) in Self.cases {
            let answer = KioskErrorMiddleware<HubRequestContext>.answer(to: error, logger: Logger(label: "test"))
            #expect(answer.status == status, "\(error.domain)")
            #expect((answer.problem.error == error.message) == Self.isShown(error), "\(error.domain)")
            #expect((answer.retryAfter != nil) == (status == .serviceUnavailable))
        }
    }

    @Test func theConsoleShowsEachDomainAsItsPage() {
        for (error, status) in Self.cases {
            let page = ConsoleErrorMiddleware<HubRequestContext>.page(for: error)
            #expect(page.status == status, "\(error.domain)")
            #expect(page.message.contains(error.message) == Self.isShown(error), "\(error.domain)")
        }
    }

    @Test func theCommandLineExitsWithTheCategorysStatusWhateverTheDomain() {
        #expect(KioskError(.dataError, "unknown student 'S9'", domain: .notFound).category.exitStatus == 65)
        #expect(KioskError(.configuration, "no property has the id 'x'", domain: .notFound).category.exitStatus == 78)
        #expect(KioskError(.ioError, "disk full").domain == .storage)
    }
}
