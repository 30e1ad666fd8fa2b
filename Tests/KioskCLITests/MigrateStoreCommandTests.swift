import Foundation
import KioskCore
import KioskTesting
import Testing

/// `kiosk-hub migrate-store --to URL` on the built binary: a SQLite hub copied into PostgreSQL, after which a hub on
/// PostgreSQL accepts the same kiosk token. Needs `KIOSK_TEST_POSTGRES_SERVER`.
@Suite struct MigrateStoreCommandTests {
    @Test func aSQLiteHubMovesToPostgreSQLAndItsKiosksKeepTheirTokens() async throws {
        guard let server = try TestDatabase.requireServer() else { return }
        let hub = try HubSandbox()
        let roster = try hub.write("roster.csv", "student_id,name,room,tag_uid\nS001,Asha,101,04A1B2C3\n")
        #expect(try hub.hub("roster", "import", roster).status == 0)
        #expect(try hub.hub("property", "create", "north", "--name", "North").status == 0)
        #expect(try hub.hub("token", "create", "--kiosk", "gate-1").status == 0)
        let target = try await TestDatabase.createDatabase(on: server)
        let password = try hub.write("db-password", (target.password ?? "") + "\n")
        let moved = try hub.hub("migrate-store", "--to", target.withoutPassword, "--password-file", password)
        #expect(moved.status == 0)
        #expect(moved.stdout.contains("copied and verified: 1 property besides default, 1 student, 1 tag, 1 token, 0 events, 0 users, 0 alerts"))
        #expect(moved.stdout.contains("database_url = \"\(target.withoutPassword)\""))
        #expect(!moved.stdout.contains(target.password ?? "no password") && !moved.stderr.contains(target.password ?? "no password"))

        let onPostgres = ["--data-dir", hub.directory]
        let full = "postgres://\(target.user):\(target.password ?? "")@\(target.host):\(target.port)/\(target.database)"
        let environment = ["KIOSK_HUB_DATABASE_URL": full]
        let listed = try KioskRun(["token", "list"] + onPostgres, environment: environment, executable: HubSandbox.executable)
        #expect(listed.stdout.hasPrefix("gate-1\tdefault\t"))
        let properties = try KioskRun(["property", "list"] + onPostgres, environment: environment, executable: HubSandbox.executable)
        #expect(properties.stdout.contains("north\tNorth"))

        let again = try hub.hub("migrate-store", "--to", target.withoutPassword, "--password-file", password)
        #expect(again.status == 65)
        #expect(again.stderr.contains("not empty"))
    }

    @Test func aMissingSQLiteHubIsMissingInput() throws {
        let hub = try HubSandbox()
        let run = try hub.hub("migrate-store", "--to", "postgres://kiosk@127.0.0.1:1/kiosk")
        #expect(run.status == 66)
        #expect(run.stderr.contains("hub.sqlite"))
    }
}
