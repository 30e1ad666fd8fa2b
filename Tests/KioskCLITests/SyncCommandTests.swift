import Foundation
import KioskCore
import KioskTesting
import Testing

@testable import kiosk

@Suite struct SyncCommandTests {
    /// A sandbox whose kiosk.conf names a hub on a loopback port nothing listens on, with a token file of `mode`.
    func connectedKiosk(mode: Int = 0o600) throws -> (KioskSandbox, token: String) {
        let kiosk = try KioskSandbox()
        let token = "kh_secret_\(UUID().uuidString)"
        let tokenPath = try kiosk.write("token", token + "\n")
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: tokenPath)
        let sync = "\n[sync]\nhub_url = \"http://127.0.0.1:9\"\ntoken_file = \"token\"\nconnect_timeout_seconds = 1\nrequest_timeout_seconds = 1\n"
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: kiosk.config))
        handle.seekToEndOfFile()
        handle.write(Data(sync.utf8))
        try handle.close()
        return (kiosk, token)
    }

    @Test func aKioskWithAHubRefusesALocalRosterImport() throws {
        let (kiosk, _) = try connectedKiosk()
        let roster = try kiosk.write("roster.csv", "student_id,name,room,tag_uid\nS001,Asha,101,04A1B2C3\n")
        let run = try kiosk.kiosk("roster", "import", roster)
        #expect(run.status == 78)
        #expect(run.stderr.contains("kiosk-hub roster import"))
    }

    @Test func aStandaloneKioskHasNothingToSyncTo() throws {
        let run = try KioskSandbox().kiosk("sync", "--once")
        #expect(run.status == 78)
        #expect(run.stderr.contains("standalone"))
    }

    @Test func anUnreachableHubIsUnavailableAndTheTokenNeverShows() throws {
        let (kiosk, token) = try connectedKiosk(mode: 0o644)
        #expect(try kiosk.kiosk("tap", "--uid", "04A1B2C3").status == 0)
        let run = try kiosk.kiosk("sync", "--once")
        #expect(run.status == 69)
        #expect(run.stderr.contains("readable by others"))
        #expect(run.stderr.contains("1 records still pending"))
        #expect(!run.stderr.contains(token) && !run.stdout.contains(token))
        let status = try kiosk.kiosk("status")
        #expect(status.stdout.contains("pending 1"))
    }
}

@Suite struct DoctorHubTests {
    @Test func doctorSaysWhenTheHubRejectedTheToken() async throws {
        let kiosk = try KioskSandbox(exitReader: false)
        let tokenPath = try kiosk.write("token", "kh_not_a_real_token\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: tokenPath)
        let hub = try HubSandbox()
        let port = try LoopbackPort.free()
        let server = try LoggedProcess.hub(["serve", "--port", "\(port)", "--data-dir", hub.directory])
        _ = try await server.line(containing: "listening on")
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: kiosk.config))
        handle.seekToEndOfFile()
        handle.write(Data("\n[sync]\nhub_url = \"http://127.0.0.1:\(port)\"\ntoken_file = \"token\"\n".utf8))
        try handle.close()
        #expect(try kiosk.kiosk("sync", "--once").status == 77)
        let doctor = try kiosk.kiosk("doctor")
        #expect(doctor.status == 1)
        #expect(doctor.stdout.contains("PROBLEM  hub: token rejected"))
        #expect(doctor.stdout.contains("kiosk-hub token create --kiosk gate-1"))
        #expect(!doctor.stdout.contains("kh_not_a_real_token"))
    }
}
