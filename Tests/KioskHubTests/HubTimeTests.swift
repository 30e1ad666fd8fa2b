import Foundation
import HTTPTypes
import HummingbirdTesting
import KioskCore
import Testing

/// Every answer of the hub carries its clock (`Hub-Time`, Unix milliseconds): success, refusal, unknown path, wrong
/// method, a console page.
@Test func everyAnswerOfTheHubCarriesItsClock() async throws {
    let hub = try await HubFixture()
    let now = Date(timeIntervalSince1970: 1_795_275_187.4567)
    try await hub.serve(clock: .fixed(now)) { client in
        let answers = [
            try await client.execute(uri: "/healthz", method: .get),
            try await client.execute(uri: "/v1/roster", method: .get),
            try await client.execute(uri: "/v1/nothing", method: .get),
            try await client.execute(uri: "/healthz", method: .delete),
            try await client.execute(uri: "/login", method: .get),
            try await client.execute(uri: "/v1/checkpoints", method: .post, headers: [.authorization: "Bearer kh_wrong"]),
        ]
        #expect(answers.map(\.status.code) == [200, 401, 404, 405, 200, 401])
        for answer in answers {
            #expect(answer.headers[HTTPField.Name("Hub-Time")!] == "1795275187456")
        }
    }
}
