import Foundation
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
