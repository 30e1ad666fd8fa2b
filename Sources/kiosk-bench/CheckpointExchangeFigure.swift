import Foundation
import KioskCore
import KioskGateLog
import KioskHub
import KioskHubDatabase
import KioskHubStorage
import KioskJournal
import KioskLog
import KioskSync
import KioskTesting

/// P13: the checkpoint exchange of a log of 1,000,000 events, as a sync pass ends it: the gate signs a checkpoint of
/// its whole log, posts it to the real `kiosk-hub serve` on loopback, which verifies it against its stored tree and
/// the last checkpoint it accepted (a consistency proof) and cosigns it, and the gate checks and keeps the answer.
/// Each exchange extends the log by 10 leaves (appended before it, not timed). Both trees are written through their
/// stores' own append paths from generated leaf hashes: the exchange reads only the trees' nodes, never the events.
/// The baseline is the same exchange on a log of 1,000 leaves, so the ratio shows what the log's size costs.
struct CheckpointExchangeFigure: BenchFigure {
    let name = "P13"
    let title = "checkpoint of a 1,000,000-event log signed, posted, verified and cosigned"
    static let step = 10

    func measure(_ run: ScratchRun) async throws -> FigureResult {
        let (size, samples) = run.quick ? (100_000, 20) : (1_000_000, 100)
        let large = try await exchanges(leaves: size, samples: samples, in: try run.directory("p13-large"))
        let small = try await exchanges(leaves: 1_000, samples: samples, in: try run.directory("p13-small"))
        return FigureResult(
            values: [
                Measured(label: "\(size / 1000)k p50", value: large.samples.p50, unit: "ms"),
                Measured(label: "\(size / 1000)k p99", value: large.samples.p99, unit: "ms"),
            ],
            baseline: [
                Measured(label: "1k p50", value: small.samples.p50, unit: "ms"), Measured(label: "1k p99", value: small.samples.p99, unit: "ms"),
            ],
            ratio: large.samples.p50 / max(small.samples.p50, 0.001),
            goal: "p99 ≤ 50 ms at 1,000,000 events",
            met: size >= 1_000_000 && large.samples.p99 <= 50,
            note: "\(samples) exchanges over HTTP, each 10 leaves more; trees of \(size) leaves written in "
                + String(format: "%.1f s", large.built) + (run.quick ? "; a quick run measures 100k leaves, so the goal is not judged" : "")
        )
    }

    /// `samples` exchanges on a log grown to `leaves` leaves; the milliseconds of each, and the seconds it took to
    /// write the two trees.
    private func exchanges(leaves: Int, samples: Int, in directory: URL) async throws -> (samples: Samples, built: Double) {
        let building = ContinuousClock.now
        let hashes = (0..<(leaves + samples * Self.step)).map { MerkleTree.leafHash(Array("bench leaf \($0)".utf8)) }
        let journal = try Journal.open(path: directory.appendingPathComponent("journal.sqlite").path, kioskID: BenchKiosk.kioskID)
        var journalSize: Int64 = 0
        for chunk in stride(from: 0, to: leaves, by: 50_000) {
            let end = min(chunk + 50_000, leaves)
            guard try await journal.appendToLog(Array(hashes[chunk..<end]), atSize: journalSize) else { throw BenchError("the journal's log moved") }
            journalSize = Int64(end)
        }
        // The hub's tree holds every leaf the exchanges will reach, as if their events had arrived.
        let hubData = directory.appendingPathComponent("hub/hub")
        try FileManager.default.createDirectory(at: hubData, withIntermediateDirectories: true)
        try await Self.writeHubTree(InMemoryMerkleTree(leafHashes: hashes), dataDirectory: hubData.path)
        let built = (ContinuousClock.now - building).milliseconds / 1000

        let hub = try await BenchHub(in: directory.appendingPathComponent("hub"), kioskIDs: [BenchKiosk.kioskID])
        let key = try NoteSigner(generatingKeyNamed: Checkpoint.kioskOriginPrefix + BenchKiosk.kioskID)
        let client = try HubClient(
            configuration: SyncConfiguration(hubURL: URL(string: hub.url)!, tokenFile: hub.tokenFile(for: BenchKiosk.kioskID)),
            token: hub.tokens[BenchKiosk.kioskID] ?? ""
        )
        do {
            let log = GateLog(journal: journal)
            var times = Samples()
            // The first exchange teaches the hub the kiosk's key; the timed ones each extend the one before.
            for round in 0...samples {
                if round > 0 {
                    let from = Int(journalSize)
                    guard try await journal.appendToLog(Array(hashes[from..<(from + Self.step)]), atSize: journalSize) else {
                        throw BenchError("the journal's log moved")
                    }
                    journalSize += Int64(Self.step)
                }
                let start = ContinuousClock.now
                let signed = try await log.signCheckpoint(with: key)
                guard case .cosigned(let note) = await client.postCheckpoint(signed.text, vkey: key.verifier.vkey),
                    try await log.keepCosigned(note, of: signed, signer: key.verifier)
                else { throw BenchError("the hub did not cosign the checkpoint of size \(signed.checkpoint.size)") }
                if round > 0 { times.append((ContinuousClock.now - start).milliseconds) }
            }
            await client.shutdown()
            try await hub.terminate()
            try journal.close()
            return (times, built)
        } catch {
            await client.shutdown()
            try? await hub.terminate()
            throw error
        }
    }

    /// Writes every tile of `tree` as the hub's stored tree of the bench kiosk's log, in the hub's SQLite database in
    /// `dataDirectory`.
    private static func writeHubTree(_ tree: InMemoryMerkleTree, dataDirectory: String) async throws {
        let store = try HubStore.open(dataDirectory: dataDirectory)
        try await store.storage.storeLogTiles(tree.tiles, of: .kiosk(BenchKiosk.kioskID))
    }
}
