import Foundation
import KioskCards
import KioskCore
import KioskTesting

/// P2b: an NTAG 424 DNA presented on the real pcscd → the event committed by `kiosk run` with its SUN read (the Type 4
/// Tag APDUs) and verified, against the same kiosk reading the same card by its UID alone (P2's path), in the same
/// run; and the CPU one verification takes (decrypting the PICC data, deriving the session key, the CMAC).
///
/// How long pcscd takes to notice a card depends on where its 400 ms presence poll stands when the card comes, and a
/// run of taps keeps one phase to it: two runs one after the other would compare phases, not kiosks. So P2's C
/// program watches the reader in both runs, each run gives the kiosk's time from that program's read to the commit,
/// and both are put on the same noticing time (the median over both runs).
struct SunCardToCommitFigure: BenchFigure {
    let name = "P2b"
    let title = "NTAG 424 DNA presented → event committed with its SUN verified, through pcscd"
    static let uid = "04DE5F1EACC040"
    static let keys = "00000000000000000000000000000000:00000000000000000000000000000000"

    func measure(_ run: ScratchRun) async throws -> FigureResult {
        let presentations = run.quick ? 10 : 30
        let baseline = try await DedicatedThread.run { try PCSCBaselineReader.build(into: try run.directory("p2b")) }
        let uidOnly = try await latencies(run, sun: false, presentations: presentations, baseline: baseline)
        let sun = try await latencies(run, sun: true, presentations: presentations, baseline: baseline)
        let verification = try await DedicatedThread.run { try Self.verificationCPUMilliseconds(rounds: 2000) }
        var noticed = uidOnly.noticed
        for value in sun.noticed.values { noticed.append(value) }
        let (sunP50, uidP50) = (noticed.p50 + sun.afterRead.p50, noticed.p50 + uidOnly.afterRead.p50)
        let ratio = sunP50 / max(uidP50, 0.001)
        return FigureResult(
            values: [
                Measured(label: "p50", value: sunP50, unit: "ms"), Measured(label: "read → commit p50", value: sun.afterRead.p50, unit: "ms"),
                Measured(label: "verify CPU", value: verification, unit: "ms"),
            ],
            baseline: [
                Measured(label: "UID-only p50", value: uidP50, unit: "ms"),
                Measured(label: "read → commit p50", value: uidOnly.afterRead.p50, unit: "ms"),
            ],
            ratio: ratio,
            goal: "p50 ≤ 1.2 × the UID-only p50; one verification ≤ 5 ms of CPU",
            met: ratio <= 1.2 && verification <= 5,
            note: "\(presentations) presentations each way of one virtual NTAG 424 DNA (Tests/Fixtures/ntag424.py) on vpcd; "
                + "pcscd noticed a card after \(Int(noticed.p50)) ms (p50 of both runs)"
        )
    }

    /// For `presentations` taps of one card on a kiosk with (`sun`) or without SUN keys: presented → the C program
    /// (`baseline`) read its UID, and that read → the kiosk's commit.
    private func latencies(
        _ run: ScratchRun,
        sun: Bool,
        presentations: Int,
        baseline: URL
    ) async throws -> (noticed: Samples, afterRead: Samples) {
        let directory = try run.directory(sun ? "p2b-sun" : "p2b-uid")
        var sections = "[[readers]]\nname = \"entrance\"\ndriver = \"pcsc\"\nmatch = \"00 00\"\ndirection = \"toggle\"\n"
        if sun {
            let keys = directory.appendingPathComponent("sun-keys").path
            try "meta = 00000000000000000000000000000000\nfile = 00000000000000000000000000000000\n".write(
                toFile: keys,
                atomically: true,
                encoding: .utf8
            )
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: keys)
            sections += "\n[cards]\nsun_keys_file = \"\(keys)\"\n"
        }
        let kiosk = try await KioskDirectory(
            at: directory.appendingPathComponent("kiosk"),
            kioskID: BenchKiosk.kioskID,
            sections: sections,
            roster: "student_id,name,room,tag_uid\nS1,Asha Verma,101,\(Self.uid)\n"
        )
        let counterFile = directory.appendingPathComponent("counter")
        try "0".write(to: counterFile, atomically: true, encoding: .utf8)
        let card = VirtualCard(uid: Self.uid, kind: sun ? .ntag424(keys: Self.keys, counterFile: counterFile) : .uidOnly)
        let service = try LoggedProcess(BenchKiosk.executable, ["run", "--plain", "--config", kiosk.config])
        let reference = try LoggedProcess(baseline, [CardToCommitFigure.reader, "\(presentations)"])
        _ = try await reference.line(containing: "ready", timeout: 10)
        _ = try await service.line(containing: "running with 1 readers", timeout: 20)
        try await VirtualCard.keepGap()
        var noticed = Samples()
        var afterRead = Samples()
        for _ in 0..<presentations {
            let (mark, referenceMark) = (service.output.count, reference.output.count)
            let presented = try await card.tap(port: VirtualCard.firstReaderPort, hold: 0.5)
            let committed = try await service.line(containing: "entrance: ", skipping: mark, timeout: 10)
            let read = try await reference.line(containing: "uid \(Self.uid)", skipping: referenceMark, timeout: 10)
            noticed.append(read.timeIntervalSince(presented) * 1000)
            afterRead.append(committed.timeIntervalSince(read) * 1000)
        }
        try await service.terminate()
        guard !service.output.contains(where: { $0.contains("REFUSED") }) else {
            throw BenchError("a genuine card was refused: \(service.output.filter { $0.contains("REFUSED") })")
        }
        return (noticed, afterRead)
    }

    /// The CPU time of one SUN check of the published AN12196 message (NTAG424.md), averaged over `rounds`.
    private static func verificationCPUMilliseconds(rounds: Int) throws -> Double {
        let keys = SunKeys(meta: [UInt8](repeating: 0, count: 16), file: [UInt8](repeating: 0, count: 16))
        let message = try SunMessage(uri: "https://tap.example/t?picc_data=EF963FF7828658A599F3041510671E88&cmac=94EED9EE65337086")
        let uid = try TagUID(parsing: uid)
        let start = processCPUSeconds()
        var verified = 0
        for _ in 0..<rounds {
            if case .verified = SunCheck(.message(message), uid: uid, keys: keys) { verified += 1 }
        }
        let elapsed = processCPUSeconds() - start
        guard verified == rounds else { throw BenchError("the published SUN did not verify (\(verified) of \(rounds))") }
        return elapsed / Double(rounds) * 1000
    }

    /// The process's CPU time (`clock()`, in microseconds as POSIX fixes), to which only the checking thread adds while
    /// the checks run (the figure's kiosks have stopped); no C time structure, whose Clang module a clean build may take
    /// from Dispatch's headers.
    private static func processCPUSeconds() -> Double {
        Double(clock()) / 1_000_000
    }
}
