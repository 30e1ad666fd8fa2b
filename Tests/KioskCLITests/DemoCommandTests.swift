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

    /// The demo's hub is `kiosk-hub` in a process of its own, and it ends with the demo however the demo ends.
    @Test func theDemosHubEndsWithTheDemoEvenWhenItIsKilled() async throws {
        let demo = try LoggedProcess(KioskRun.executable, ["demo", "--pace", "5", "--plain"])
        _ = try await demo.line(containing: "The web console of the demo's hub")
        let line = try #require(demo.output.first { $0.contains("The web console of the demo's hub") })
        let address = try #require(line.split(separator: " ").first { $0.hasPrefix("http://127.0.0.1:") }).dropLast()
        #expect(try await HTTPProbe.get(address + "/healthz").status == 200)
        try await demo.terminate(with: SIGKILL)
        var gone = false
        for _ in 0..<300 where !gone {
            gone = (try? await HTTPProbe.get(address + "/healthz", timeoutSeconds: 2)) == nil
            if !gone { try await Task.sleep(for: .milliseconds(100)) }
        }
        #expect(gone, "the demo's hub at \(address) outlived the demo")
    }
}
