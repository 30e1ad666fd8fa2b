import Foundation
import KioskTesting
import Testing

@Suite struct DemoCommandTests {
    @Test func playsTheWholeLoopAndLeavesTheDaysReports() throws {
        let run = try KioskRun(["demo", "--pace", "0.1", "--plain"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("OUT S001 Asha Verma"))
        #expect(run.stdout.contains("IGNORED S001 Asha Verma"))
        #expect(run.stdout.contains("UNKNOWN DEADBEEF"))
        let jsonPath = try #require(run.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.first { $0.hasSuffix(".json") })
        let report = try #require(try JSONSerialization.jsonObject(with: try Data(contentsOf: URL(fileURLWithPath: jsonPath))) as? [String: Any])
        #expect((report["summary"] as? [String: Int])?["total"] == 6)
        #expect((report["sync"] as? [String: Any])?["pending"] as? Int == 0)
        #expect((report["unknownTags"] as? [[String: Any]])?.first?["uid"] as? String == "DEADBEEF")
    }
}

@Suite struct DemoConsoleTests {
    @Test func servesTheWebConsoleAndPrintsItsAddressAndALogin() async throws {
        let demo = try LoggedProcess.kiosk(["demo", "--pace", "1", "--plain"])
        _ = try await demo.line(containing: "web console", timeout: 60)
        let line = try #require(demo.output.first { $0.contains("web console") })
        let url = try #require(line.split(separator: " ").first { $0.hasPrefix("http://127.0.0.1:") }.map(String.init))
        #expect(line.contains("sign in as warden, password "))
        let login = try await HTTPProbe.await(200, from: url + "login")
        #expect(login.body.contains("name=\"password\""))
        _ = try await demo.terminate()
    }
}
