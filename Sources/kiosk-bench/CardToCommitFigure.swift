import Foundation
import KioskTesting

/// P2: a virtual card presented on the real pcscd → the event committed by `kiosk run`, against a minimal C
/// program reading the same presentations through libpcsclite. Both watch the same reader at once, so each
/// presentation times both (pcscd's 400 ms presence poll is the same for both).
struct CardToCommitFigure: BenchFigure {
    let name = "P2"
    let title = "virtual card presented → event committed, through pcscd"
    static let reader = "Kiosk Reader 00 00"

    func measure(_ run: ScratchRun) async throws -> FigureResult {
        let cards = run.quick ? 12 : 40
        let directory = try run.directory("p2")
        let baseline = try await DedicatedThread.run { try PCSCBaselineReader.build(into: directory) }
        let kiosk = try await BenchKiosk.directory(
            directory,
            readers: "[[readers]]\nname = \"entrance\"\ndriver = \"pcsc\"\nmatch = \"00 00\"\ndirection = \"toggle\"",
            students: cards
        )
        let service = try LoggedProcess(BenchKiosk.executable, ["run", "--plain", "--config", kiosk.config])
        let reference = try LoggedProcess(baseline, [Self.reader, "\(cards)"])
        _ = try await reference.line(containing: "ready", timeout: 10)
        _ = try await service.line(containing: "running with 1 readers", timeout: 20)
        try await Task.sleep(for: .seconds(2))
        var kioskLatency = Samples()
        var cLatency = Samples()
        var extra = Samples()
        for n in 0..<cards {
            let card = VirtualCard(uid: NumberedRoster.cardUID(n))
            let presented = try await card.tap(port: VirtualCard.firstReaderPort, hold: 0.5)
            let committed = try await service.line(containing: "entrance: OUT S\(n) ", timeout: 10)
            let read = try await reference.line(containing: "uid \(card.uid)", timeout: 10)
            kioskLatency.append(committed.timeIntervalSince(presented) * 1000)
            cLatency.append(read.timeIntervalSince(presented) * 1000)
            extra.append(committed.timeIntervalSince(read) * 1000)
        }
        try await service.terminate()
        let ratio = kioskLatency.p50 / max(cLatency.p50, 0.001)
        return FigureResult(
            values: [
                Measured(label: "p50", value: kioskLatency.p50, unit: "ms"), Measured(label: "max", value: kioskLatency.max, unit: "ms"),
            ],
            baseline: [
                Measured(label: "C p50", value: cLatency.p50, unit: "ms"), Measured(label: "C max", value: cLatency.max, unit: "ms"),
            ],
            ratio: ratio,
            goal: "kiosk p50 ≤ 1.2 × the C program's p50",
            met: ratio <= 1.2,
            note: "\(cards) presentations, both clients watching the same reader; pcscd polls presence every 400 ms"
        )
    }
}
