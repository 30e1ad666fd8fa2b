import Foundation
import KioskCore
import KioskSync
import KioskWire

/// R7's watching gate: a kiosk that records nothing and pages `GET /v1/events?after=` through each hub in turn while
/// the others push, as a gate does to follow its students through the other gates. Both hubs insert at once and the
/// database restarts under them; the feed must still hand it every event once.
struct FeedWatch {
    /// One client per hub, with the watching gate's token.
    let clients: [HubClient]

    /// What the watch received: every event id in the order given, repeats included, and how many pages it took.
    struct Followed {
        var ids: [String] = []
        var pages = 0
        var cursor: Int64 = 0
        /// Requests sent, answered or not: the next goes to hub `asked % hubs`.
        var asked = 0
    }

    init(hubPorts: [Int], token: String) throws {
        clients = try hubPorts.map { port in
            guard let url = URL(string: "http://127.0.0.1:\(port)") else { throw FaultError("bad hub URL") }
            return try HubClient(configuration: SyncConfiguration(hubURL: url, tokenFile: ""), token: token)
        }
    }

    /// Pages the feed until cancelled (the pushes are over), a page from each hub in turn, pausing briefly after an
    /// empty page or an answer that is not one (a hub answering 503 while the database restarts).
    func follow() async -> Followed {
        var followed = Followed()
        while !Task.isCancelled {
            if await !page(&followed) { try? await Task.sleep(for: .milliseconds(20)) }
        }
        return followed
    }

    /// Pages on from where `followed` stopped until a page comes back empty: once every push was acknowledged, that
    /// is the whole feed. Gives up after `attempts` answers that are not pages.
    func catchUp(_ followed: Followed, attempts: Int = 100) async throws -> Followed {
        var followed = followed
        var failures = 0
        while failures < attempts {
            let before = followed.pages
            if await page(&followed) { continue }
            if followed.pages > before { return followed }
            failures += 1
            try await Task.sleep(for: .milliseconds(100))
        }
        throw FaultError("the pull feed gave no page in \(attempts) attempts after the pushes")
    }

    func shutdown() async {
        for client in clients { await client.shutdown() }
    }

    /// Asks the next hub for a page after `followed.cursor`; true when it held events.
    private func page(_ followed: inout Followed) async -> Bool {
        let client = clients[followed.asked % clients.count]
        followed.asked += 1
        guard case .value(let page) = await client.events(after: followed.cursor, limit: WirePaths.maximumPageEvents) else { return false }
        followed.pages += 1
        followed.ids += page.events.map(\.id)
        followed.cursor = page.nextCursor
        return !page.events.isEmpty
    }
}
